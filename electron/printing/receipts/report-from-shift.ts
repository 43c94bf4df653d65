import type { ShiftReport, ZReport } from '../../../shared/sales/reports';
import type { Merchant } from './receipt-input';
import type { ReportReceiptInput } from './report-input';
import { approvalCodeScheme, cardBrandName } from '../../../shared/payments/card-schemes';

const productNames = { cinema: 'Cinema tickets', hotel: 'Hotel rooms' } as const;
const tenderNames = { cash: 'Cash', card: 'Card', transfer: 'Transfer' } as const;
const correctionNames = { void: 'Void', refund: 'Refund' } as const;

/** "visa" -> "Visa"; a scheme the till has no name for is printed as the terminal gave it. */
export const schemeLabel = (scheme: string) =>
  scheme.toLowerCase() === approvalCodeScheme ? 'Approval code' : (cardBrandName(scheme) ?? (scheme ? scheme.charAt(0).toUpperCase() + scheme.slice(1) : 'Card'));

/** An X report (open shift) or a Z report (closed, numbered) from the journal, as the paper shows it. */
export function reportInputFromShift(
  report: ShiftReport | ZReport,
  context: { merchant: Merchant; terminal: { id: string; name: string }; trainingMode: boolean },
): ReportReceiptInput {
  const z = 'zNumber' in report ? report : null;
  return {
    kind: z ? 'Z' : 'X',
    zNumber: z?.zNumber ?? null,
    merchantName: context.merchant.name,
    merchant: context.merchant,
    terminal: { id: context.terminal.id, name: context.terminal.name },
    training: context.trainingMode,
    shiftNumber: report.shiftNumber,
    openedAt: report.openedAt,
    openedBy: report.openedBy.name,
    closedAt: z?.closedAt ?? null,
    closedBy: z?.closedBy.name ?? null,
    generatedAt: report.generatedAt,
    sales: { ...report.sales },
    byProduct: report.byKind.map((line) => ({ label: productNames[line.kind], count: line.count, totalKobo: line.totalKobo })),
    byTender: report.byTender.map((line) => ({ label: tenderNames[line.kind], count: line.count, totalKobo: line.totalKobo })),
    byCashier: report.byCashier.map((line) => ({ label: line.name, count: line.count, totalKobo: line.totalKobo })),
    byTitle:
      report.byTitle?.map((line) => ({ label: line.title || productNames[line.kind], units: line.units, unit: line.kind === 'cinema' ? ('ticket' as const) : ('room night' as const), totalKobo: line.totalKobo })) ?? null,
    cash: {
      floatKobo: report.cash.floatKobo,
      cashInKobo: report.cash.cashInKobo,
      cashOutKobo: report.cash.cashOutKobo,
      cashSalesKobo: report.cash.cashSalesKobo,
      unsettledCashKobo: report.cash.unsettledCashKobo,
      expectedKobo: report.cash.expectedKobo,
      countedKobo: z?.countedKobo ?? null,
      differenceKobo: z?.differenceKobo ?? null,
      countSheet: z?.countSheet ? { notes: z.countSheet.notes.map((line) => ({ ...line })), otherKobo: z.countSheet.otherKobo } : null,
    },
    cashMovements: report.cashMovements.map(({ approvedByName, ...movement }) => ({ ...movement, approvedByName: approvedByName ?? null })),
    drawerLeftOpen: report.drawerLeftOpen?.map(({ openedAt, closedAt }) => ({ openedAt, closedAt })) ?? null,
    drawerOpenings: report.drawerOpenings?.map(({ reason, staffName, approvedByName, at }) => ({ reason, staffName, approvedByName: approvedByName ?? null, at })) ?? null,
    cardByScheme: report.cardByScheme?.map((line) => ({ label: schemeLabel(line.scheme), count: line.count, totalKobo: line.totalKobo })) ?? null,
    cardReversals: report.cardReversals ? { ...report.cardReversals } : null,
    chain: z?.chain ? { seq: z.chain.seq, hash: z.chain.hash, grandTotalKobo: z.chain.grandTotalKobo } : null,
    unsettled: report.unsettled.map((sale) => ({
      saleId: sale.id,
      state: sale.state,
      product: productNames[sale.kind],
      amountKobo: sale.quoteKobo,
      createdAt: sale.createdAt,
      staffName: sale.staffName,
    })),
    corrections: report.corrections
      ? {
          voids: { ...report.corrections.voids },
          refunds: { ...report.corrections.refunds },
          byTender: report.corrections.byTender
            .filter((line) => line.count > 0)
            .map((line) => ({ label: `${correctionNames[line.kind]}, ${tenderNames[line.tender].toLowerCase()}`, count: line.count, totalKobo: line.totalKobo })),
          byApprover: report.corrections.byApprover.map((line) => ({ label: line.name, count: line.count, totalKobo: line.totalKobo })),
          inProgress: { ...report.corrections.inProgress },
          rejectedCashKobo: report.cash.rejectedCashKobo ?? 0,
          cashBackKobo: report.cash.cashBackKobo ?? 0,
          cancellationsOwed: (report.cancellationsOwed ?? []).map((owed) => ({ saleId: owed.saleId, partnerReference: owed.partnerReference, amountKobo: owed.amountKobo, state: owed.state })),
        }
      : null,
  };
}
