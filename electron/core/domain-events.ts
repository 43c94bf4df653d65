import type { CorrectionView } from '../../shared/sales/corrections';
import type { CardPaymentAttempt, CardPaymentView, PaymentProgress } from '../../shared/payments/card-payment';
import type { SaleView } from '../../shared/sales/sale-view';
import type { Logger } from './logger';

/**
 * What happened in main, told by the domain it happened in to whoever cares (printing, payments,
 * refunds, fleet), without either side importing the other. The screen's events (`sale:updated`
 * on the contract) are a separate, public channel that `app` feeds from these.
 *
 * To add an event: name it `domain.past-tense`, give its payload here, publish it from the
 * domain after its journal write committed, and subscribe in `app` (or through a port).
 */
export interface DomainEventMap {
  /** A sale changed state in the journal (created, sent, confirmed, rejected, unknown, settled). */
  'sale.moved': { sale: SaleView };
  /** An unsettled sale did not move, but what the till waits for to settle it changed (the screen's text). */
  'sale.waiting': { sale: SaleView };
  /** A card payment moved a step at the terminal (waiting for the card, PIN, processing). */
  'payment.progress': { progress: PaymentProgress };
  /** A sale's card payments changed in the journal (an attempt started, ended, was settled or reversed). */
  'payment.moved': { payment: CardPaymentView };
  /** An approved card payment was given back because its sale did not happen (a reversal slip is due). */
  'payment.reversed': { payment: CardPaymentAttempt; saleId: string };
  /**
   * A void or refund was written to the journal (`recorded`), the card terminal's answer to one was
   * (`answered`), or its cancellation moved on (`cancellation`); with the sale as it is now.
   */
  'correction.recorded': { sale: SaleView; correction: CorrectionView; what: 'recorded' | 'answered' | 'cancellation' };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainEventHandler<E extends DomainEventName> = (payload: DomainEventMap[E]) => void;

export interface DomainEvents {
  publish<E extends DomainEventName>(event: E, payload: DomainEventMap[E]): void;
  subscribe<E extends DomainEventName>(event: E, handler: DomainEventHandler<E>): () => void;
}

/**
 * Synchronous fan-out: a subscriber runs inside the publisher's call, after the publisher's
 * journal write, so it must not reach back into the publisher. One subscriber's throw is logged
 * and never stops the others or the publisher.
 */
export function createDomainEvents(logger: Logger): DomainEvents {
  const handlers = new Map<DomainEventName, Set<(payload: never) => void>>();
  return {
    publish(event, payload) {
      for (const handler of handlers.get(event) ?? []) {
        try {
          (handler as DomainEventHandler<typeof event>)(payload);
        } catch (error) {
          logger.error('a domain event subscriber failed', { event, error });
        }
      }
    },
    subscribe(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
  };
}
