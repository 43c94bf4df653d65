import { ok } from '../../shared/result';
import type { Journal } from '../journal';
import type { TerminalChoice } from '../payments/choose-terminal';
import type { ReversalOutcome } from '../payments/payment-terminal';
import type { CardMoneyBack, MoneyBackOutcome } from '../sales/corrections';

/**
 * Fills the corrections' CardMoneyBack port from the payments domain: a card payment the
 * integrated terminal took goes back through that terminal (its refund, by the payment's own
 * reference); one a stand-alone terminal took is given back there and recorded by approval code.
 * A rejected sale's payment is reversed by payments by itself, so a void never sends it again.
 */
export function cardMoneyBackFromPayments(deps: { journal: Journal; choice: TerminalChoice }): CardMoneyBack | null {
  const { journal, choice } = deps;
  if (choice.mode === 'none') return null;
  const terminal = choice.terminal;

  /** The sale's payment that took money at the terminal, if any. */
  const takenAtTerminal = (saleId: string) => {
    const payments = journal.payments.forSale(saleId);
    if (!payments.ok) return payments;
    return ok(payments.value.find((p) => p.state === 'approved' || p.state === 'reversing' || p.state === 'reversed') ?? null);
  };

  const answer = (outcome: ReversalOutcome): MoneyBackOutcome =>
    outcome.kind === 'reversed'
      ? { kind: 'done', terminalReference: outcome.refundReference }
      : // `retry`: the terminal did not confirm either way (the refund may have gone through): in doubt, never sent again.
        outcome.retry
        ? { kind: 'unknown', reason: outcome.reason }
        : { kind: 'failed', reason: outcome.reason };

  return {
    routeFor(saleId) {
      const payment = takenAtTerminal(saleId);
      if (!payment.ok) return payment;
      if (!payment.value) return ok('approval-code');
      const sale = journal.sales.get(saleId);
      if (!sale.ok) return sale;
      if (sale.value?.state === 'rejected' || payment.value.state !== 'approved') return ok('none');
      return ok('terminal');
    },

    async refund(order) {
      const payment = takenAtTerminal(order.saleId);
      if (!payment.ok || !payment.value || payment.value.state !== 'approved') {
        return { kind: 'failed', reason: 'There is no approved card payment for this sale at the terminal.' };
      }
      const known = { terminalReference: payment.value.terminalReference, startedAt: payment.value.createdAt };
      // The correction id rides with the refund, so a lost answer is found again by `status`.
      return answer(await terminal.refund(payment.value.reference, order.amountKobo, known, order.correctionId));
    },

    async reverse() {
      return { kind: 'failed', reason: 'The card terminal gives back the payment of a sale that did not happen by itself.' };
    },

    // One refund among several is found by the correction id it was sent with (Paystack: the
    // transaction's refunds and their merchant note); none found means none was made.
    async status(order) {
      const payment = takenAtTerminal(order.saleId);
      if (!payment.ok || !payment.value) return { kind: 'failed', reason: 'There is no card payment at the terminal for this sale, so nothing was given back.' };
      const known = { terminalReference: payment.value.terminalReference, startedAt: payment.value.createdAt };
      return answer(await terminal.refundStatus(payment.value.reference, order.correctionId, known));
    },
  };
}
