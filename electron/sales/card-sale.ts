import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { SaleView } from '../../shared/sales/sale-view';
import type { Journal, Sale } from '../journal';
import type { Logger } from '../core/logger';
import type { CardTerminalPort } from './card-terminal-port';
import type { ToSaleView } from './sale-view';
import type { TicketHolds } from './ticket-holds';
import { sentenceInEnglish } from '../../shared/error-sentences';
import { once } from '../../shared/once';

/** What a card sale at the terminal needs to be paid again or let go, kept while it waits to be paid. */
export interface CardSalePlan {
  quoteKobo: number;
  description: string;
  holdId: string | null;
  /** When the seats held for it lapse: a new attempt must leave time to buy after paying. */
  holdExpiresAt: Date | null;
  /** Journal `sent`, then the partner, then the answer (the checkout's own path). */
  send(): Promise<Result<SaleView>>;
}

export interface CardSales {
  /** Pays at the terminal (unless a payment is already approved), then sends the sale; never charges twice. */
  payThenSend(saleId: string, plan: CardSalePlan): Promise<Result<SaleView>>;
  /** Another attempt for a sale whose last payment ended uncharged (declined, cancelled, timed out). */
  retry(saleId: string): Promise<Result<SaleView>>;
  /**
   * The customer gives up (Cancel, idle reset): the attempt at the terminal is called off first,
   * then the sale is rejected and its seats released. An approved payment is given back (payments
   * reverses it when it hears the sale was rejected). Too late once the sale has been sent.
   */
  abandon(saleId: string, running: Promise<unknown> | undefined): Promise<Result<SaleView>>;
  /** True for a sale paid at the terminal whose plan this till still holds. */
  knows(saleId: string): boolean;
  /**
   * At start, once payments are settled: a sale left waiting to be paid whose payment went through
   * was never booked, so it is rejected (and its payment given back) with that said plainly.
   */
  recoverAtStart(inFlight: (saleId: string) => boolean): void;
}

// Shared sentences: the journal keeps the English, the sale's screen says it in its reader's language (sale-view.ts).
// Worked out when first needed: the first sentence a process formats starts ICU (about 15 ms of CPU).
const reasons = once(() => ({
  abandoned: sentenceInEnglish('said.sale.cardAbandoned'),
  abandonedAfterPayment: sentenceInEnglish('said.sale.cardAbandonedAfterPayment'),
  holdLapsed: sentenceInEnglish('said.sale.cardHoldLapsed'),
  forgotten: sentenceInEnglish('said.sale.cardForgotten'),
  interruptedAfterPayment: sentenceInEnglish('said.sale.cardInterruptedAfterPayment'),
}));

/**
 * The card sale at an integrated terminal: journaled `pending`, then the payment attempt, then the
 * terminal; only after approval the partner purchase. A declined, cancelled or timed-out payment
 * leaves the sale pending for another attempt; giving up rejects it.
 */
export function createCardSales(deps: {
  journal: Journal;
  port: CardTerminalPort;
  clock: () => Date;
  logger: Logger;
  holds: TicketHolds;
  view: ToSaleView;
  moved(sale: Sale): void;
  /** A new attempt needs at least this long left on the seats' hold. */
  holdMarginMs: number;
}): CardSales {
  const { journal, port, logger } = deps;
  const plans = new Map<string, CardSalePlan>();
  const abandoned = new Set<string>();
  const abandoning = new Map<string, Promise<Result<SaleView>>>();

  const current = (saleId: string): Result<Sale> => {
    const found = journal.sales.get(saleId);
    if (!found.ok) return found;
    return found.value ? ok(found.value) : fail(saidError('NOT_FOUND', 'said.noSuchSale', { sale: saleId }));
  };

  /** Rejects a sale still waiting to be paid; its seats go back and its plan is forgotten. */
  function reject(saleId: string, failureReason: string): Result<SaleView> {
    const plan = plans.get(saleId);
    const moved = journal.sales.transition(saleId, 'rejected', { failureReason });
    if (!moved.ok) {
      const now = current(saleId);
      return now.ok && now.value.state !== 'pending' ? ok(deps.view(now.value)) : moved;
    }
    deps.moved(moved.value);
    plans.delete(saleId);
    abandoned.delete(saleId);
    if (plan?.holdId) deps.holds.done(plan.holdId, { releaseAtPartner: true });
    return ok(deps.view(moved.value));
  }

  async function payThenSend(saleId: string, plan: CardSalePlan): Promise<Result<SaleView>> {
    plans.set(saleId, plan);
    await port.ready();
    const attempts = journal.payments.forSale(saleId);
    if (!attempts.ok) return attempts;
    let approved = attempts.value.find((p) => p.state === 'approved');
    if (!approved) {
      // An attempt still being settled is asked about, never paid again.
      if (attempts.value.some((p) => p.state === 'started' || p.state === 'unknown' || p.state === 'reversing' || p.state === 'reversed')) {
        const now = current(saleId);
        return now.ok ? ok(deps.view(now.value)) : now;
      }
      if (plan.holdExpiresAt && plan.holdExpiresAt.getTime() - deps.clock().getTime() < deps.holdMarginMs) return reject(saleId, reasons().holdLapsed);
      // Given up on its way here (its kiosk customer left while the sale was being written down):
      // the terminal must not ask the next customer for it.
      if (abandoned.has(saleId)) return reject(saleId, reasons().abandoned);
      const charged = await port.charge({ saleId, description: plan.description, amountKobo: plan.quoteKobo });
      if (!charged.ok) {
        if (charged.error.code !== 'CONFLICT') return charged;
        const now = current(saleId);
        return now.ok ? ok(deps.view(now.value)) : now;
      }
      if (charged.value.state !== 'approved') {
        const now = current(saleId);
        return now.ok ? ok(deps.view(now.value)) : now;
      }
      approved = charged.value;
    }
    if (abandoned.has(saleId)) return reject(saleId, reasons().abandonedAfterPayment);
    logger.info('card payment approved; sending the sale', { saleId, reference: approved.reference });
    plans.delete(saleId);
    return plan.send();
  }

  return {
    payThenSend,

    async retry(saleId) {
      const sale = current(saleId);
      if (!sale.ok) return sale;
      if (sale.value.state !== 'pending') return ok(deps.view(sale.value));
      const plan = plans.get(saleId);
      if (!plan) return reject(saleId, reasons().forgotten);
      abandoned.delete(saleId);
      return payThenSend(saleId, plan);
    },

    abandon(saleId, running) {
      // Cancel on the screen, then its reset (or another sale begun there) give up the same sale: one giving-up.
      const already = abandoning.get(saleId);
      if (already) return already;
      const work = (async () => {
        abandoned.add(saleId);
        await port.cancel(saleId);
        await running?.catch(() => undefined);
        const sale = current(saleId);
        if (!sale.ok || sale.value.state !== 'pending') {
          // Nothing left to give up (never written down, or already sold or let go): nothing to remember.
          abandoned.delete(saleId);
          return sale.ok ? ok(deps.view(sale.value)) : sale;
        }
        const attempts = journal.payments.forSale(saleId);
        const charged = attempts.ok && attempts.value.some((p) => p.state === 'approved');
        return reject(saleId, charged ? reasons().abandonedAfterPayment : reasons().abandoned);
      })().finally(() => abandoning.delete(saleId));
      abandoning.set(saleId, work);
      return work;
    },

    knows: (saleId) => plans.has(saleId),

    recoverAtStart(inFlight) {
      const waiting = journal.sales.listByState(['pending']);
      if (!waiting.ok) return;
      for (const sale of waiting.value) {
        if (inFlight(sale.id) || plans.has(sale.id)) continue;
        const attempts = journal.payments.forSale(sale.id);
        if (attempts.ok && attempts.value.some((p) => p.state === 'approved')) reject(sale.id, reasons().interruptedAfterPayment);
      }
    },
  };
}
