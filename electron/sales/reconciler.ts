import { awaitingLookupStates, unsettledStates } from '../../shared/sales/sale-states';
import { saidError, type Said } from '../../shared/errors';
import { sentenceInEnglish } from '../../shared/error-sentences';
import { formatLagosClock } from '../../shared/dates';
import { once } from '../../shared/once';
import { fail, ok, type Result } from '../../shared/result';
import type { Journal, Sale, SaleState } from '../journal';
import type { PartnerClient } from '../partner/client';
import type { Logger } from '../core/logger';
import { confirmedByLookup, type Outcome } from './purchase-outcome';
import { lookupProblem, notThisSale, referenceHolder, transactionStanding } from './answer-owner';

export interface Reconciler {
  /** At start: never-sent sales are rejected; sent and unknown ones are looked up in the background. */
  recoverAtStart(): void;
  /** Keep looking this sale up in the background, with backoff, until it settles. */
  watch(saleId: string): void;
  /** Ask the partner now (one lookup); concurrent calls for one sale share it. */
  settle(saleId: string): Promise<Result<Sale>>;
  /**
   * Ask the partner with a lookup sent after this call: one already under way for the sale (sent,
   * perhaps, before the partner's lookup route came back) is waited for, then the partner is asked
   * again unless that settled it. Still never two at once for one sale.
   */
  settleAfterNow(saleId: string): Promise<Result<Sale>>;
  /** One pass over every unsettled sale; says how many are still unsettled. */
  reconcileAll(): Promise<Result<{ remaining: number }>>;
  /**
   * The partner is reachable again (the health check says so): every sale waiting for a lookup is
   * looked up now rather than at its next backoff.
   */
  partnerAnswered(): void;
  /** What the till is waiting for before it can settle this sale, in words for the screen; null when nothing. */
  waitingFor(sale: Sale): Said | null;
  close(): Promise<void>;
}

export interface ReconcilerDeps {
  journal: Journal;
  partner: PartnerClient;
  clock: () => Date;
  logger: Logger;
  /** Announces a sale's new state. */
  moved(sale: Sale): void;
  /** Announces that what the till waits for changed for a sale that did not move (the screen's text). */
  waitingChanged?(sale: Sale): void;
  /** A purchase this app is making right now: its own code settles it. */
  inFlight(saleId: string): boolean;
  /** The grace window: "no such transaction" within this long of sending is not believed yet. */
  settleWindowMs: number;
  /** Backoff between lookups of one sale; capped at MAX_LOOKUP_DELAY_MS whatever is given. */
  delaysMs: readonly number[];
  /** While lookups fail, one sale is looked up this often, to see the partner come back. */
  recoveryProbeMs: number;
}

/** A lookup only waited for: its answer is the sale's, read again after it. */
const noop = () => undefined;

/** While the partner is down, no sale waits longer than this between two lookups. */
export const MAX_LOOKUP_DELAY_MS = 15_000;

// Each is a shared sentence: the journal keeps the English, the sale's screen says it in its reader's language (sale-view.ts).
// Worked out when first needed: the first sentence a process formats starts ICU (about 15 ms of
// CPU), which a till that settles nothing at start need not spend then.
const reasons = once(() => ({
  interrupted: sentenceInEnglish('said.sale.interrupted'),
  noRecord: sentenceInEnglish('said.sale.noRecord'),
  /** The same, for a sale paid at the integrated terminal: payments reverses that payment itself. */
  noRecordPaidAtTerminal: sentenceInEnglish('said.sale.noRecordPaidAtTerminal'),
  waiting: sentenceInEnglish('said.sale.waiting'),
  cannotAsk: sentenceInEnglish('said.sale.cannotAsk'),
}));

/** Why a sale that may have reached the partner is not settled yet, as the last lookup left it. */
type Waiting = { kind: 'unreachable'; problem: string } | { kind: 'contradicted'; problem: string } | { kind: 'no-record-yet'; rejectAt: number };

/**
 * Settles sales whose outcome is not known, only ever by asking the partner for the transaction
 * with our sale id as merchant_reference (and the partner's reference, when an answer it could
 * not read named one), never by buying again.
 *
 * - "Not found" is believed only once the grace window (`settleWindowMs`) has passed since the
 *   purchase was sent: before that, the purchase may still be on its way to the partner.
 * - Each sale is looked up with backoff capped at 15 s. While lookups fail, the oldest waiting
 *   sale is also looked up every `recoveryProbeMs`; the first lookup that gets an answer (or the
 *   health check seeing the partner back) starts a pass over every waiting sale at once, so a
 *   sale the partner holds is confirmed within seconds of the partner answering again.
 */
export function createReconciler(deps: ReconcilerDeps): Reconciler {
  const { journal, partner, clock, logger } = deps;
  const running = new Map<string, Promise<Result<Sale>>>();
  const timers = new Map<string, { attempt: number; timer: NodeJS.Timeout | null }>();
  const waitingBySale = new Map<string, Waiting>();
  /** Set while lookups fail: when the partner stopped answering them, and why. */
  let down: { since: number; problem: string } | null = null;
  let probeTimer: NodeJS.Timeout | null = null;
  let probing = false;
  let pass: Promise<unknown> | null = null;
  let closed = false;

  const move = (sale: Sale, outcome: Outcome): Result<Sale> => {
    const moved = journal.sales.transition(sale.id, outcome.to, outcome.detail);
    if (moved.ok) {
      if (outcome.to !== 'unknown') waitingBySale.delete(sale.id);
      logger.info('sale settled by reconciliation', { saleId: sale.id, from: sale.state, to: outcome.to });
      deps.moved(moved.value);
      if (outcome.to === 'rejected') releaseSeats(moved.value);
      return moved;
    }
    // Someone else (the purchase itself, another lookup) may have moved it first: show what is there.
    if (moved.error.code === 'CONFLICT') return reload(sale.id);
    logger.error('could not record a settled sale', { saleId: sale.id, to: outcome.to, code: moved.error.code });
    return moved;
  };

  /**
   * A cinema sale given up: the reservations its purchase named go back to the partner now, not
   * when they lapse (up to 3 minutes of seats nobody can buy), and a purchase of it still on its
   * way can no longer use them. Releasing a converted or lapsed hold changes nothing.
   */
  const releaseSeats = (sale: Sale) => {
    const ids = sale.kind === 'cinema' ? (sale.request as { reservation_ids?: unknown } | null)?.reservation_ids : undefined;
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      if (typeof id !== 'string') continue;
      void partner.releaseHold(id).then((released) => {
        if (!released.ok) logger.warn('the seats of a sale given up were not released; they come back when the hold lapses', { saleId: sale.id, kind: released.error.kind });
      });
    }
  };

  const reload = (saleId: string): Result<Sale> => {
    const found = journal.sales.get(saleId);
    if (!found.ok) return found;
    return found.value ? ok(found.value) : fail(saidError('NOT_FOUND', 'said.noSuchSale', { sale: saleId }));
  };

  /** When the purchase went out: the `sent` event, or (if unreadable) the last change, which is later. */
  const sentAt = (sale: Sale): number => {
    const events = journal.sales.events(sale.id);
    const sent = events.ok ? events.value.find((event) => event.toState === 'sent') : undefined;
    return Date.parse(sent?.at ?? sale.updatedAt);
  };

  /** Whether an integrated terminal approved a payment for this sale (it is reversed once the sale is rejected). */
  const paidAtTerminal = (sale: Sale): boolean => {
    const attempts = journal.payments.forSale(sale.id);
    return attempts.ok && attempts.value.some((payment) => payment.state === 'approved');
  };

  /** A reference the partner named in an answer the till could not read whole: it exists there. */
  const namedReference = (sale: Sale): string | undefined => {
    const events = journal.sales.events(sale.id);
    const unknown = events.ok ? events.value.find((event) => event.toState === 'unknown') : undefined;
    const reference = (unknown?.detail as { note?: { partnerReference?: unknown } } | undefined)?.note?.partnerReference;
    return typeof reference === 'string' && reference.length > 0 ? reference : undefined;
  };

  /** Records what the sale now waits for, and tells the screen when that changed. */
  function setWaiting(sale: Sale, next: Waiting) {
    const before = waitingBySale.get(sale.id);
    waitingBySale.set(sale.id, next);
    const same = before?.kind === next.kind && (next.kind !== 'no-record-yet' || (before as typeof next).rejectAt === next.rejectAt);
    if (!same) deps.waitingChanged?.(sale);
  }

  function partnerDown(problem: string) {
    if (!down) {
      down = { since: clock().getTime(), problem };
      logger.warn('the partner does not answer transaction lookups', { problem });
    }
    startProbe();
  }

  /** Looks one waiting sale up every `recoveryProbeMs` until a lookup gets an answer. */
  function startProbe() {
    if (probeTimer || closed) return;
    probeTimer = setInterval(() => void probe(), deps.recoveryProbeMs);
    probeTimer.unref();
  }

  function partnerBack() {
    stopProbe();
    if (!down) return;
    logger.info('the partner answers transaction lookups again', { downForMs: clock().getTime() - down.since });
    down = null;
    // Not awaited: this runs inside one sale's lookup, which the pass shares rather than repeats.
    void settleEverything();
  }

  function stopProbe() {
    if (probeTimer) clearInterval(probeTimer);
    probeTimer = null;
  }

  /** One lookup of the oldest waiting sale, to notice the partner answering again. */
  async function probe() {
    if (probing || closed) return;
    probing = true;
    try {
      const open = journal.sales.listByState([...awaitingLookupStates]);
      const next = open.ok ? open.value.find((sale) => !deps.inFlight(sale.id)) : undefined;
      if (!next) {
        stopProbe();
        return;
      }
      await settle(next.id);
    } finally {
      probing = false;
    }
  }

  /** A lookup of every sale waiting for one, now; each sale's backoff starts again after it. */
  function settleEverything(): Promise<unknown> {
    pass ??= (async () => {
      try {
        await reconcileAll();
        // Over a copy: schedule() puts a still-unsettled sale back into `timers`, and a Map being
        // walked visits entries added during the walk, so walking `timers` itself never ended (a
        // till frozen at 100 % CPU the moment the partner answered again with a sale still open).
        for (const [saleId, entry] of [...timers]) {
          if (entry.timer) clearTimeout(entry.timer);
          timers.delete(saleId);
          const sale = reload(saleId);
          if (sale.ok && isUnsettled(sale.value.state)) schedule(saleId, 1, nextDelay(sale.value, 1));
        }
      } finally {
        pass = null;
      }
    })();
    return pass;
  }

  async function lookUp(sale: Sale): Promise<Result<Sale>> {
    if (sale.state === 'pending') return move(sale, { to: 'rejected', detail: { failureReason: reasons().interrupted } });
    const reference = namedReference(sale);
    const askPartner = () =>
      partner.lookupTransaction(reference ? { merchantReference: sale.id, reference } : { merchantReference: sale.id }, { knownToExist: reference !== undefined });
    const answer = await askPartner();
    const now = reload(sale.id);
    if (!now.ok || !isUnsettled(now.value.state)) {
      if (answer.ok) partnerBack();
      return now;
    }
    const current = now.value;

    if (!answer.ok) {
      logger.warn('transaction lookup failed', { saleId: sale.id, kind: answer.error.kind, status: answer.error.status });
      const problem = lookupProblem(answer.error);
      setWaiting(current, { kind: 'unreachable', problem });
      partnerDown(problem);
      return current.state === 'sent' ? move(current, { to: 'unknown', detail: { failureReason: reasons().cannotAsk, note: { lookup: answer.error.kind } } }) : ok(current);
    }
    partnerBack();
    const transaction = answer.value;
    // A failed transaction confirms nothing: read as no record (the partner keeps none of those).
    const standing = transaction ? transactionStanding(transaction.status) : null;
    if (transaction && standing !== 'not-done') {
      const why =
        standing === 'in-progress'
          ? `its transaction ${transaction.reference} is still ${transaction.status}`
          : notThisSale(transaction, current, referenceHolder(journal, transaction.reference), reference);
      if (!why) return move(current, confirmedByLookup(transaction));
      // Asked again with the backoff: nothing is confirmed, or given up, on an answer that is not this sale's.
      logger.error('transaction lookup answered with something that does not settle this sale', { saleId: sale.id, why });
      setWaiting(current, { kind: 'contradicted', problem: why });
      return current.state === 'sent' ? move(current, { to: 'unknown', detail: { failureReason: reasons().cannotAsk, note: { lookup: 'not this sale', why } } }) : ok(current);
    }
    const rejectAt = sentAt(current) + deps.settleWindowMs;
    if (clock().getTime() >= rejectAt) {
      const proof = await lookupFindsWhatItHolds(sale.id);
      if (proof !== 'proven') {
        // "No record" from a lookup that does not find a sale the partner surely holds means nothing.
        const problem = proof === 'unreachable' ? 'it could not be reached' : `its lookup by our sale number does not find sale ${proof.id}, which it confirmed, so its "no record" cannot be believed`;
        if (proof !== 'unreachable') logger.error('the partner lookup by merchant reference does not find a confirmed sale: no sale is given up on it', { saleId: sale.id, known: proof.id });
        setWaiting(current, proof === 'unreachable' ? { kind: 'unreachable', problem } : { kind: 'contradicted', problem });
        return current.state === 'sent' ? move(current, { to: 'unknown', detail: { failureReason: reasons().cannotAsk } }) : ok(current);
      }
      // The lookup is proven now, but this sale's "no record" came before the proof: a route mended
      // in between (a gateway restarted, a deploy finished) said "not found" for a sale the partner
      // may hold, and giving it up would give the sale away. So it is asked once more, after the
      // proof; only a second "no record" gives it up. Anything else waits for the next round.
      const again = await askPartner();
      const stillNoRecord = again.ok && (!again.value || transactionStanding(again.value.status) === 'not-done');
      if (!stillNoRecord) {
        logger.warn('a sale\'s "no record" was not said again once the lookup was proven: asked again later', { saleId: sale.id });
        setWaiting(current, { kind: 'no-record-yet', rejectAt });
        return current.state === 'sent' ? move(current, { to: 'unknown', detail: { failureReason: reasons().waiting } }) : ok(current);
      }
      return move(current, { to: 'rejected', detail: { failureReason: paidAtTerminal(current) ? reasons().noRecordPaidAtTerminal : reasons().noRecord, note: { settledBy: 'transaction lookup', found: false } } });
    }
    setWaiting(current, { kind: 'no-record-yet', rejectAt });
    return current.state === 'sent' ? move(current, { to: 'unknown', detail: { failureReason: reasons().waiting } }) : ok(current);
  }

  /**
   * Before a sale is given up because the partner has no record of it: does the lookup by our
   * own reference find a sale the partner surely holds (the latest confirmed one)? A partner whose
   * framework answers every unknown route with its own 404 envelope says "no record" for
   * everything, and a sale it holds would be called not completed. Asked each time (one GET, only
   * when a sale is about to be given up: the route could break at any deploy); with no confirmed
   * sale yet there is nothing to prove it with, and "no record" stands.
   */
  async function lookupFindsWhatItHolds(exceptId: string): Promise<'proven' | 'unreachable' | { id: string }> {
    const known = journal.sales.latestConfirmed();
    if (!known.ok || !known.value || known.value.id === exceptId) return 'proven';
    const { id, partnerReference } = known.value;
    const found = await partner.lookupTransaction({ merchantReference: id });
    if (!found.ok) return 'unreachable';
    if (!found.value || (found.value.merchant_reference !== null && found.value.merchant_reference !== id) || found.value.reference.trim() !== partnerReference) return { id };
    return 'proven';
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

  async function settleAfterNow(saleId: string): Promise<Result<Sale>> {
    const already = running.get(saleId);
    if (already) await already.then(noop, noop);
    // Whatever runs now started after this call, so its answer is fresh enough to share.
    return settle(saleId);
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

  /** Backoff (at most 15 s), but never past the moment "not found" becomes believable. */
  function nextDelay(sale: Sale | null, attempt: number): number {
    const backoff = Math.min(deps.delaysMs[Math.min(attempt - 1, deps.delaysMs.length - 1)] ?? MAX_LOOKUP_DELAY_MS, MAX_LOOKUP_DELAY_MS);
    if (!sale) return backoff;
    const untilWindow = sentAt(sale) + deps.settleWindowMs - clock().getTime();
    return untilWindow > 0 ? Math.min(backoff, untilWindow + 50) : backoff;
  }

  const watch = (saleId: string) => {
    // The purchase itself got no answer it could read: the partner may be down right now, so it is
    // watched closely until a lookup answers (then each sale's own backoff carries on).
    startProbe();
    if (timers.has(saleId)) return;
    const found = reload(saleId);
    schedule(saleId, 1, nextDelay(found.ok ? found.value : null, 1));
  };

  async function reconcileAll(): Promise<Result<{ remaining: number }>> {
    const open = journal.sales.listByState([...unsettledStates]);
    if (!open.ok) return open;
    let remaining = 0;
    for (const sale of open.value) {
      const settled = await settle(sale.id);
      if (!settled.ok || isUnsettled(settled.value.state)) remaining += 1;
    }
    return ok({ remaining });
  }

  return {
    recoverAtStart() {
      const pending = journal.sales.listByState(['pending']);
      if (!pending.ok) logger.error('could not read sales left pending', { code: pending.error.code });
      for (const sale of pending.ok ? pending.value : []) {
        if (!deps.inFlight(sale.id)) move(sale, { to: 'rejected', detail: { failureReason: reasons().interrupted } });
      }
      const open = journal.sales.listByState([...awaitingLookupStates]);
      if (!open.ok) logger.error('could not read unsettled sales', { code: open.error.code });
      for (const sale of open.ok ? open.value : []) if (!timers.has(sale.id)) schedule(sale.id, 1, 0);
    },

    watch,
    settle,
    settleAfterNow,
    reconcileAll,

    partnerAnswered() {
      if (closed) return;
      const open = journal.sales.listByState([...awaitingLookupStates]);
      if (!open.ok || open.value.length === 0) return;
      down = null;
      stopProbe();
      void settleEverything();
    },

    waitingFor(sale) {
      if (sale.state !== 'unknown' && sale.state !== 'sent') return null;
      const state = waitingBySale.get(sale.id);
      if (!state) return null;
      const said: Said =
        state.kind === 'unreachable'
          ? { key: 'said.sale.unreachable', values: { problem: state.problem } }
          : state.kind === 'contradicted'
            ? { key: 'said.sale.contradicted', values: { problem: state.problem } }
            : { key: 'said.sale.noRecordYet', values: { time: formatLagosClock(new Date(state.rejectAt), { seconds: true }) } };
      return said;
    },

    async close() {
      closed = true;
      stopProbe();
      for (const entry of timers.values()) if (entry.timer) clearTimeout(entry.timer);
      timers.clear();
      await Promise.allSettled([...running.values()]);
      if (pass) await pass.catch(() => undefined);
    },
  };
}

const isUnsettled = (state: SaleState) => state === 'pending' || state === 'sent' || state === 'unknown';
