import type { CorrectionView } from '../../shared/sales/corrections';
import type { LanguageCode } from '../../shared/languages';
import { formatShowtime } from '../../shared/showtime';
import type { SaleView } from '../../shared/sales/sale-view';
import { isTrainingMode, type PosConfig } from '../core/config/schema';
import type { DomainEvents } from '../core/domain-events';
import type { Logger } from '../core/logger';
import type { Journal } from '../journal';
import { formatDateLabel, receiptLabels, receiptSettingsFrom, type PrintQueue, type ReceiptLabels, type SlipInputDraft } from '../printing';
import type { Sales } from '../sales';

/** How the money went back, as the slip says it: the drawer, the card (code or terminal reference), the bank reference. */
function paidBack(correction: CorrectionView, words: ReceiptLabels['refundSlip']): string {
  if (correction.tender === 'card') {
    const code = correction.approvalCode ?? correction.terminalReference;
    return code ? `${words.card}, ${words.ref} ${code}` : words.card;
  }
  if (correction.tender === 'transfer') return `${words.transfer}, ${words.ref} ${correction.transferReference ?? ''}`.trim();
  return words.cashFromDrawer;
}

/** When the sale was for, in the paper's language (main's English subtitle when its details could not be read). */
function whenOnPaper(sale: SaleView, labels: ReceiptLabels, language: LanguageCode): string {
  const when = sale.when;
  if (!when) return sale.subtitle;
  if (when.kind === 'showing') return `${formatDateLabel(when.date, labels)} ${formatShowtime(when.start, language)}`;
  return `${formatDateLabel(when.checkIn, labels)} - ${formatDateLabel(when.checkOut, labels)}`;
}

/**
 * The two copies of a void or refund slip: the customer's, in the language of the sale (as its
 * receipt was), and the drawer's, which the approving supervisor signs (and the customer, for money
 * received), in English like every staff paper. Both carry the original sale and its partner
 * reference, what was given back and how, who asked and who approved.
 */
export function refundSlips(correction: CorrectionView, sale: SaleView, config: PosConfig, issuedAt: string): SlipInputDraft[] {
  const settings = receiptSettingsFrom(config);
  const refund = correction.kind === 'refund';
  const slipIn = (language: LanguageCode): Omit<SlipInputDraft, 'subtitle' | 'signatures'> => {
    const labels = receiptLabels(language);
    const words = labels.refundSlip;
    return {
      title: refund ? words.refund : words.void,
      merchant: settings.merchant,
      terminal: settings.terminal,
      training: isTrainingMode(config),
      issuedAt,
      staffName: correction.askedBy,
      sale: { saleId: sale.id, partnerReference: sale.partnerReference },
      sections: [
        {
          heading: words.originalSale,
          rows: [
            { kind: 'field', label: words.what, value: sale.title },
            ...(sale.subtitle || sale.when ? [{ kind: 'field' as const, label: words.when, value: whenOnPaper(sale, labels, language) }] : []),
            { kind: 'field', label: labels.customer, value: sale.customer.name },
            { kind: 'amount', label: words.paid, amountKobo: sale.totalKobo },
          ],
        },
        {
          heading: refund ? words.refunded : words.voided,
          rows: [
            ...correction.lines.map((line) => ({ kind: 'text' as const, text: `${line.quantity} x ${line.label}` })),
            { kind: 'amount', label: refund ? words.refunded : words.givenBack, amountKobo: correction.amountKobo, bold: true },
            { kind: 'field', label: words.paidBackBy, value: paidBack(correction, words) },
            { kind: 'field', label: words.reason, value: words.reasons[correction.reason] },
            { kind: 'field', label: words.note, value: correction.note },
            { kind: 'field', label: words.askedBy, value: correction.askedBy },
            { kind: 'field', label: words.approvedBy, value: correction.approvedBy },
          ],
        },
        ...(refund ? [{ heading: null, rows: [{ kind: 'text' as const, text: words.takenUp }] }] : []),
      ],
      qr: correction.id,
      footerLines: [],
      language,
    };
  };
  const customers = sale.language ?? 'en';
  return [
    { ...slipIn(customers), subtitle: receiptLabels(customers).refundSlip.customerCopy, signatures: [] },
    // The drawer opens with the copy it keeps: the cash goes from it to the customer.
    { ...slipIn('en'), subtitle: 'Drawer copy', signatures: [`Approved by ${correction.approvedBy}`, 'Customer (money received)'], cashMoves: correction.tender === 'cash' },
  ];
}

/**
 * Prints both slips once a void's or refund's money is back with the customer: when it is written
 * (drawer, approval code, transfer) or when the card terminal confirms it. Printing never touches
 * the correction; a slip that cannot be queued is logged and the correction stands.
 */
export function printRefundSlips(deps: { events: Pick<DomainEvents, 'subscribe'>; printing: Pick<PrintQueue, 'printSlip'>; config: PosConfig; logger: Logger; clock: () => Date }): () => void {
  return deps.events.subscribe('correction.recorded', ({ sale, correction, what }) => {
    if (what === 'cancellation' || correction.state !== 'done') return;
    void queueRefundSlips(deps, correction, sale);
  });
}

/** A void's or refund's slips, each queued once (the event and the start-up check may both ask). */
async function queueRefundSlips(
  deps: { printing: Pick<PrintQueue, 'printSlip'>; config: PosConfig; logger: Logger; clock: () => Date },
  correction: CorrectionView,
  sale: SaleView,
): Promise<void> {
  // All queued at once, in order (each is written down before its first try is awaited).
  const slips = refundSlips(correction, sale, deps.config, deps.clock().toISOString());
  const jobs = await Promise.all(slips.map((slip) => deps.printing.printSlip(slip, { saleId: sale.id, requestedBy: null, once: true })));
  for (const job of jobs) if (!job.ok) deps.logger.error('refund slip not printed', { correctionId: correction.id, code: job.error.code });
}

/** How far back the start-up check looks for voids and refunds whose slips were never queued. */
export const missedSlipWindowMs = 48 * 60 * 60 * 1000;

/**
 * At start: the slips of voids and refunds done in the last two days that a crash kept from being
 * queued (the money went back, the process died before its slips were written down). Each slip is
 * queued `once`, so those already queued (or queued meanwhile by the event above) are left alone.
 */
export async function queueMissedRefundSlips(deps: {
  journal: Journal;
  sales: Pick<Sales, 'get'>;
  printing: Pick<PrintQueue, 'printSlip'>;
  config: PosConfig;
  logger: Logger;
  clock: () => Date;
}): Promise<void> {
  const since = new Date(deps.clock().getTime() - missedSlipWindowMs).toISOString();
  const recent = deps.journal.corrections.since(since);
  if (!recent.ok) return deps.logger.error('refund slips: recent corrections could not be read', { code: recent.error.code });
  for (const saleId of new Set(recent.value.map((correction) => correction.saleId))) {
    const sale = deps.sales.get(saleId);
    if (!sale.ok) continue;
    for (const correction of sale.value.corrections ?? []) {
      if (correction.state === 'done' && correction.createdAt >= since) await queueRefundSlips(deps, correction, sale.value);
    }
  }
}
