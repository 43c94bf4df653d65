import { awaitingLookupStates, unsettledStates } from '../../shared/sales/sale-states';
import { posError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { Journal, Sale, SaleState } from '../journal';
import type { PartnerClient } from '../partner/client';
import type { Logger } from '../core/logger';
import { confirmedByLookup, type Outcome } from './purchase-outcome';

export interface Reconciler {
  /** At start: never-sent sales are rejected; sent and unknown ones are looked up in the background. */
  recoverAtStart(): void;
  /** Keep looking this sale up in the background, with backoff, until it settles. */
  watch(saleId: string): void;
  /** Ask the partner now (one lookup); concurrent calls for one sale share it. */
  settle(saleId: string): Promise<Result<Sale>>;
  /** One pass over every unsettled sale; says how many are still unsettled. */
  reconcileAll(): Promise<Result<{ remaining: number }>>;
  close(): Promise<void>;
}

export interface ReconcilerDeps {
  journal: Journal;
  partner: PartnerClient;
  clock: () => Date;
  logger: Logger;
  /** Announces a sale's new state. */
  moved(sale: Sale): void;
  /** A purchase this app is making right now: its own code settles it. */
  inFlight(saleId: string): boolean;
  settleWindowMs: number;
  delaysMs: readonly number[];
}

const interrupted = 'The till stopped before this sale was sent to the partner, so nothing was charged.';
const noRecord = 'The partner has no record of this sale, so nothing was charged. Give back any payment taken for it.';
const waiting = 'The partner has no record of this sale yet; it may still be on its way. The till keeps checking: do not sell it again.';
const cannotAsk = 'The partner could not be asked what became of this sale. The till keeps checking: do not sell it again.';

/**
 * Settles sales whose outcome is not known, only ever by asking the partner for the transaction
 * with our sale id as merchant_reference, never by buying again. "Not found" is believed only
 * once the settle window has passed since the purchase was sent: before that, the purchase may
 * still be on its way to the partner.
 */
export function createReconciler(deps: ReconcilerDeps): Reconciler {
  const { journal, partner, clock, logger } = deps;
  const running = new Map<string, Promise<Result<Sale>>>();
  const timers = new Map<string, { attempt: number; timer: NodeJS.Timeout | null }>();
  let closed = false;

  const move = (sale: Sale, outcome: Outcome): Result<Sale> => {
    const moved = journal.sales.transition(sale.id, outcome.to, outcome.detail);
    if (moved.ok) {
      logger.info('sale settled by reconciliation', { saleId: sale.id, from: sale.state, to: outcome.to });
      deps.moved(moved.value);
      return moved;
    }
    // Someone else (the purchase itself, another lookup) may have moved it first: show what is there.
    if (moved.error.code === 'CONFLICT') return reload(sale.id);
    logger.error('could not record a settled sale', { saleId: sale.id, to: outcome.to, code: moved.error.code });
    return moved;
  };

  const reload = (saleId: string): Result<Sale> => {
    const found = journal.sales.get(saleId);
    if (!found.ok) return found;
    return found.value ? ok(found.value) : fail(posError('NOT_FOUND', `There is no sale ${saleId} on this till.`));
  };

  /** When the purchase went out: the `sent` event, or (if unreadable) the last change, which is later. */
  const sentAt = (sale: Sale): number => {
    const events = journal.sales.events(sale.id);
    const sent = events.ok ? events.value.find((event) => event.toState === 'sent') : undefined;
    return Date.parse(sent?.at ?? sale.updatedAt);
  };

  async function lookUp(sale: Sale): Promise<Result<Sale>> {
    if (sale.state === 'pending') return move(sale, { to: 'rejected', detail: { failureReason: interrupted } });
    const answer = await partner.lookupTransaction({ merchantReference: sale.id });
    const now = reload(sale.id);
    if (!now.ok || !isUnsettled(now.value.state)) return now;
    const current = now.value;

    if (!answer.ok) {
      logger.warn('transaction lookup failed', { saleId: sale.id, kind: answer.error.kind, status: answer.error.status });
      return current.state === 'sent' ? move(current, { to: 'unknown', detail: { failureReason: cannotAsk, note: { lookup: answer.error.kind } } }) : ok(current);
    }
    const transaction = answer.value;
    if (transaction) {
      const expected = current.kind === 'cinema' ? 'experience' : 'hotel';
      if (transaction.type !== expected) {
        logger.error('transaction found under our reference is of another kind', { saleId: sale.id, type: transaction.type });
        return ok(current);
      }
      return move(current, confirmedByLookup(transaction));
    }
    if (clock().getTime() - sentAt(current) >= deps.settleWindowMs) {
      return move(current, { to: 'rejected', detail: { failureReason: noRecord, note: { settledBy: 'transaction lookup', found: false } } });
    }
    return current.state === 'sent' ? move(current, { to: 'unknown', detail: { failureReason: waiting } }) : ok(current);
  }

  function settle(saleId: string): Promise<Result<Sale>> {
    const already = running.get(saleId);
    if (already) return already;
    const found = reload(saleId);
    if (!found.ok || !isUnsettled(found.value.state) || deps.inFlight(saleId)) return Promise.resolve(found);
    const work = lookUp(found.value).finally(() => running.delete(saleId));
    running.set(saleId, work);
    return work;
  }

  function schedule(saleId: string, attempt: number, delayMs: number) {
    if (closed) return;
    const entry = { attempt, timer: null as NodeJS.Timeout | null };
    timers.set(saleId, entry);
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void settle(saleId).then((result) => {
        if (timers.get(saleId) !== entry) return;
        if (result.ok && !isUnsettled(result.value.state)) {
          timers.delete(saleId);
          return;
        }
        schedule(saleId, attempt + 1, nextDelay(result.ok ? result.value : null, attempt + 1));
      });
    }, delayMs);
    entry.timer.unref();
  }

  /** Backoff, but never past the moment "not found" becomes believable. */
  function nextDelay(sale: Sale | null, attempt: number): number {
    const backoff = deps.delaysMs[Math.min(attempt - 1, deps.delaysMs.length - 1)] ?? 60_000;
    if (!sale) return backoff;
    const untilWindow = sentAt(sale) + deps.settleWindowMs - clock().getTime();
    return untilWindow > 0 ? Math.min(backoff, untilWindow + 50) : backoff;
  }

  const watch = (saleId: string) => {
    if (timers.has(saleId)) return;
    const found = reload(saleId);
    schedule(saleId, 1, nextDelay(found.ok ? found.value : null, 1));
  };

  return {
    recoverAtStart() {
      const pending = journal.sales.listByState(['pending']);
      if (!pending.ok) logger.error('could not read sales left pending', { code: pending.error.code });
      for (const sale of pending.ok ? pending.value : []) {
        if (!deps.inFlight(sale.id)) move(sale, { to: 'rejected', detail: { failureReason: interrupted } });
      }
      const open = journal.sales.listByState([...awaitingLookupStates]);
      if (!open.ok) logger.error('could not read unsettled sales', { code: open.error.code });
      for (const sale of open.ok ? open.value : []) if (!timers.has(sale.id)) schedule(sale.id, 1, 0);
    },

    watch,
    settle,

    async reconcileAll() {
      const open = journal.sales.listByState([...unsettledStates]);
      if (!open.ok) return open;
      let remaining = 0;
      for (const sale of open.value) {
        const settled = await settle(sale.id);
        if (!settled.ok || isUnsettled(settled.value.state)) remaining += 1;
      }
      return ok({ remaining });
    },

    async close() {
      closed = true;
      for (const entry of timers.values()) if (entry.timer) clearTimeout(entry.timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}

const isUnsettled = (state: SaleState) => state === 'pending' || state === 'sent' || state === 'unknown';
