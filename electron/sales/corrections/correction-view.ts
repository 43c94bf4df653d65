import { correctionReasonIds, type CancellationView, type CorrectionReason, type CorrectionView } from '../../../shared/sales/corrections';
import type { SaleDetails } from '../../../shared/sales/sale-details';
import type { Correction } from '../../journal';

const isReason = (reason: string): reason is CorrectionReason => (correctionReasonIds as readonly string[]).includes(reason);

const lineLabel = (details: SaleDetails | null, line: number) => details?.lines[line]?.label ?? `Line ${line + 1}`;

/** A journal correction as the screens show it, with the labels of the lines it took back. */
export function toCorrectionView(correction: Correction, sale: { details: SaleDetails | null; title: string; customerName: string }): CorrectionView {
  const lines = correction.lines.map((l) => ({ line: l.line, label: lineLabel(sale.details, l.line), quantity: l.quantity }));
  return {
    id: correction.id,
    saleId: correction.saleId,
    kind: correction.kind,
    tender: correction.tender,
    route: correction.route,
    state: correction.state,
    amountKobo: correction.amountKobo,
    lines,
    reason: isReason(correction.reason) ? correction.reason : 'other',
    note: correction.note,
    askedBy: correction.askedBy.name,
    approvedBy: correction.approvedBy.name,
    approvalCode: correction.approvalCode,
    transferReference: correction.transferReference,
    terminalReference: correction.terminalReference,
    problem: correction.problem,
    shiftNumber: correction.shiftNumber,
    createdAt: correction.createdAt,
    settledAt: correction.settledAt,
    cancellation: correction.cancellation ? toCancellationView(correction, sale, lines) : null,
  };
}

function toCancellationView(correction: Correction, sale: { title: string; customerName: string }, lines: CorrectionView['lines']): CancellationView {
  const cancellation = correction.cancellation!;
  const agreed = cancellation.moves.find((m) => m.state === 'agreed');
  const closed = cancellation.moves.find((m) => m.state === 'closed');
  return {
    correctionId: correction.id,
    saleId: correction.saleId,
    state: cancellation.state,
    partnerReference: cancellation.partnerReference,
    title: sale.title,
    customerName: sale.customerName,
    amountKobo: correction.amountKobo,
    lines: lines.map((l) => ({ label: l.label, quantity: l.quantity })),
    openedAt: cancellation.openedAt,
    agreedByName: agreed?.agreedByName ?? null,
    agreedChannel: agreed?.agreedChannel ?? null,
    feeWithheldKobo: agreed?.feeWithheldKobo ?? null,
    agreedAt: agreed?.at ?? null,
    closedAt: closed?.at ?? null,
    notes: cancellation.moves.filter((m) => m.note.length > 0).map((m) => ({ state: m.state, staffName: m.staffName, note: m.note, at: m.at })),
  };
}
