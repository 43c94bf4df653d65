import { formatNairaPlain } from '../../shared/money';
import { saleDetailsSchema } from '../../shared/sales/sale-details';
import { isTrainingMode, type PosConfig } from '../core/config/schema';
import type { DomainEvents } from '../core/domain-events';
import type { Logger } from '../core/logger';
import type { Journal } from '../journal';
import { receiptSettingsFrom, type PrintQueue, type SlipInputDraft } from '../printing';
import type { CardPaymentAttempt } from '../../shared/payments/card-payment';
import { toCardPaymentAttempt } from '../payments/card-payment-attempt';
import { missedSlipWindowMs } from './refund-slips';

/**
 * The slip for a card payment given back because its sale did not happen: for the customer, who
 * paid and got nothing, to keep until the money shows on their card. It names the sale, why it did
 * not go through, the card (masked), the approval code and the terminal's references.
 */
export function reversalSlip(payment: CardPaymentAttempt, sale: { id: string; details: unknown; failureReason: string | null; staffName: string }, config: PosConfig, issuedAt: string): SlipInputDraft {
  const settings = receiptSettingsFrom(config);
  const details = saleDetailsSchema.safeParse(sale.details);
  return {
    title: 'CARD REVERSAL',
    subtitle: 'Your card payment is given back',
    merchant: settings.merchant,
    terminal: settings.terminal,
    training: isTrainingMode(config),
    issuedAt,
    staffName: sale.staffName,
    sale: { saleId: sale.id, partnerReference: null },
    sections: [
      {
        heading: 'The sale that did not go through',
        rows: [
          ...(details.success ? [{ kind: 'field' as const, label: 'What', value: details.data.title }] : []),
          ...(details.success && details.data.subtitle ? [{ kind: 'field' as const, label: 'When', value: details.data.subtitle }] : []),
          ...(sale.failureReason ? [{ kind: 'field' as const, label: 'Why', value: sale.failureReason }] : []),
        ],
      },
      {
        heading: 'Given back to the card',
        rows: [
          { kind: 'amount', label: 'Reversed', amountKobo: payment.amountKobo, bold: true },
          { kind: 'pair', label: 'Card', value: `${payment.scheme ? `${payment.scheme.toUpperCase()} ` : ''}${payment.maskedPan ?? '****'}` },
          ...(payment.authCode ? [{ kind: 'pair' as const, label: 'Approval code', value: payment.authCode }] : []),
          { kind: 'field', label: 'Payment ref.', value: payment.reference },
          ...(payment.terminalReference ? [{ kind: 'field' as const, label: 'Terminal ref.', value: payment.terminalReference }] : []),
        ],
      },
      { heading: null, rows: [{ kind: 'text', text: `Nothing is owed: ${formatNairaPlain(payment.amountKobo)} goes back to this card. Your bank may take a few days to show it.` }] },
    ],
    qr: payment.reference,
    footerLines: [],
  };
}

/**
 * Prints the reversal slip once the terminal has given an approved payment back. Printing never
 * touches the payment; a slip that cannot be queued is logged and the reversal stands.
 */
export function printReversalSlips(deps: { events: Pick<DomainEvents, 'subscribe'>; printing: Pick<PrintQueue, 'printSlip'>; journal: Journal; config: PosConfig; logger: Logger; clock: () => Date }): () => void {
  return deps.events.subscribe('payment.reversed', ({ payment, saleId }) => {
    void queueReversalSlip(deps, payment, saleId);
  });
}

/** The reversal slip of one payment given back, queued once (the event and the start-up check may both ask). */
async function queueReversalSlip(
  deps: { printing: Pick<PrintQueue, 'printSlip'>; journal: Journal; config: PosConfig; logger: Logger; clock: () => Date },
  payment: CardPaymentAttempt,
  saleId: string,
): Promise<void> {
  const found = deps.journal.sales.get(saleId);
  if (!found.ok || !found.value) return deps.logger.error('reversal slip: the sale could not be read', { saleId });
  const sale = found.value;
  const staff = sale.staffId === null ? null : deps.journal.staff.get(sale.staffId);
  const staffName = staff?.ok && staff.value ? staff.value.name : 'Self-service';
  const slip = reversalSlip(payment, { id: sale.id, details: sale.details, failureReason: sale.failureReason, staffName }, deps.config, deps.clock().toISOString());
  const job = await deps.printing.printSlip(slip, { saleId, requestedBy: null, once: true });
  if (!job.ok) deps.logger.error('reversal slip not printed', { saleId, reference: payment.reference, code: job.error.code });
}

/**
 * At start: the slips of card payments given back in the last two days that a crash kept from
 * being queued (the terminal reversed the payment, the process died before the slip was written down).
 */
export async function queueMissedReversalSlips(deps: { printing: Pick<PrintQueue, 'printSlip'>; journal: Journal; config: PosConfig; logger: Logger; clock: () => Date }): Promise<void> {
  const since = new Date(deps.clock().getTime() - missedSlipWindowMs).toISOString();
  const reversed = deps.journal.payments.reversedSince(since);
  if (!reversed.ok) return deps.logger.error('reversal slips: recent reversals could not be read', { code: reversed.error.code });
  for (const payment of reversed.value) await queueReversalSlip(deps, toCardPaymentAttempt(payment), payment.saleId);
}
