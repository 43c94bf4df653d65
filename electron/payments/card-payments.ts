import { cardPaymentReasons, notChargedStates, type CardPaymentView, type PaymentStage, type PaymentState } from '../../shared/payments/card-payment';
import { fail, ok, type Result } from '../../shared/result';
import { saidError } from '../../shared/errors';
import type { DomainEvents } from '../core/domain-events';
import type { Logger } from '../core/logger';
import type { CardPayment, Journal, PaymentDetail } from '../journal';
import type { CardSale, KnownPayment, PaymentOutcome, PaymentStatus, PaymentTerminal } from './payment-terminal';
import { toCardPaymentAttempt } from './card-payment-attempt';

/** Timings with safe defaults; tests shorten them. */
export interface CardPaymentsTuning {
  /** After an unknown outcome, how long the charge itself keeps asking the terminal before handing over to the background. */
  settleWithinChargeMs: number;
  /** Waits between background lookups of an unknown payment, and between tries of a reversal; the last repeats. */
  retryDelaysMs: readonly number[];
  /** How long a new payment waits for one being called off at the terminal to end (the customer who left it), before it is refused as busy. */
  calledOffEndsWithinMs: number;
}

export const defaultCardPaymentsTuning: CardPaymentsTuning = {
  settleWithinChargeMs: 15_000,
  retryDelaysMs: [1_000, 2_000, 5_000, 10_000, 30_000, 60_000],
  calledOffEndsWithinMs: 10_000,
};

export interface CardPaymentsDeps {
  journal: Journal;
  terminal: PaymentTerminal;
  /** Which terminal, as the journal records it: `simulated` or `paystack:<id>`. */
  device: string;
  clock: () => Date;
  logger: Logger;
  events: Pick<DomainEvents, 'publish'>;
  tuning?: Partial<CardPaymentsTuning>;
}

export interface CardPayments {
  /**
   * One attempt at the terminal for a sale waiting to be paid: journaled `started` before the
   * terminal is called, its outcome journaled before this resolves. An unknown outcome is settled
   * by asking the terminal (for a while here, then in the background), never by charging again.
   * Refused (CONFLICT) while an earlier attempt is approved or still being settled.
   */
  charge(sale: CardSale & { amountKobo: number }): Promise<Result<CardPayment>>;
  /** Calls off the attempt at the terminal now, if any; resolves once it has ended. */
  cancel(saleId: string): Promise<Result<CardPaymentView>>;
  /** The sale's attempts and where the current one stands. */
  view(saleId: string): Result<CardPaymentView>;
  /** An attempt is at the terminal now. */
  inFlight(saleId: string): boolean;
  /**
   * The sale did not happen: its approved payment is given back, journal first, retried in the
   * background until the terminal confirms. Does nothing when there is nothing to give back.
   */
  reverseFor(saleId: string): void;
  /** Start-up: every unfinished attempt and reversal is settled by asking the terminal (before anything else). */
  recover(): Promise<void>;
  /** Resolves when start-up recovery has finished. */
  ready(): Promise<void>;
  /** Stops background work and waits for what is in flight. */
  close(): Promise<void>;
}

const stateOf: Record<Exclude<PaymentOutcome['kind'], 'approved'>, PaymentState> = {
  declined: 'declined',
  cancelled: 'cancelled',
  'timed-out': 'timed-out',
  failed: 'failed',
  unknown: 'unknown',
};

/** A terminal's reference as the journal keeps it (at most 80 characters: a longer one must not stop an outcome being recorded). */
const ref = (reference: string) => reference.trim().slice(0, 80) || '-';

const reasons = cardPaymentReasons;

/**
 * Card payments at an integrated terminal: attempts, their outcomes, settling unknown ones by
 * lookup, and reversing approved payments whose sale did not happen. Every step is journaled
 * before the terminal is asked, so a crash at any point is settled at the next start.
 */
export function createCardPayments(deps: CardPaymentsDeps): CardPayments {
  const { journal, terminal, clock, logger } = deps;
  const tuning = { ...defaultCardPaymentsTuning, ...deps.tuning };
  /** Payments waiting for an attempt called off to end before they start (cancel() aborts them too). */
  const waitingToStart = new Map<string, AbortController>();
  /** Attempts at the terminal now, by sale; `ended` resolves once one has left (its outcome journaled). */
  const running = new Map<string, { reference: string; controller: AbortController; reached: { stage: PaymentStage; at: string } | null; work: Promise<Result<CardPayment>>; ended: Promise<void> }>();
  /** Lookups of unknown payments and reversals in progress, by reference. */
  const settling = new Map<string, Promise<void>>();
  const timers = new Map<string, NodeJS.Timeout>();
  const reversing = new Set<string>();
  let closed = false;
  let recovered: Promise<void> | null = null;

  const known = (payment: CardPayment): KnownPayment => ({ terminalReference: payment.terminalReference, startedAt: payment.createdAt });

  function view(saleId: string): Result<CardPaymentView> {
    const attempts = journal.payments.forSale(saleId);
    if (!attempts.ok) return attempts;
    const sale = journal.sales.get(saleId);
    if (!sale.ok) return sale;
    // A sale this till never wrote down has no payments to show: said as such, as sale:get says it.
    if (!sale.value && attempts.value.length === 0) return fail(saidError('NOT_FOUND', 'said.noSuchSale', { sale: saleId }));
    const now = running.get(saleId);
    const everyEnded = attempts.value.every((p) => notChargedStates.includes(p.state));
    return ok({
      saleId,
      inProgress: now !== undefined,
      stage: now?.reached?.stage ?? null,
      stageAt: now?.reached?.at ?? null,
      attempts: attempts.value.map(toCardPaymentAttempt),
      canRetry: sale.value?.state === 'pending' && now === undefined && everyEnded,
    });
  }

  const announce = (saleId: string) => {
    const shown = view(saleId);
    if (shown.ok) deps.events.publish('payment.moved', { payment: shown.value });
  };

  /** Journals a move; a refusal because someone else moved it first shows what is there. */
  function move(reference: string, to: PaymentState, detail: PaymentDetail): Result<CardPayment> {
    const moved = journal.payments.move(reference, to, detail);
    if (!moved.ok) {
      logger.error('a card payment outcome could not be journaled', { reference, to, code: moved.error.code });
      if (moved.error.code === 'CONFLICT') {
        const now = journal.payments.get(reference);
        if (now.ok && now.value) return ok(now.value);
      }
      return moved;
    }
    logger.info('card payment moved', { reference, saleId: moved.value.saleId, state: to });
    announce(moved.value.saleId);
    return moved;
  }

  /** What the terminal said, as a journal move. */
  function record(payment: CardPayment, outcome: PaymentStatus): Result<CardPayment> {
    switch (outcome.kind) {
      case 'pending':
        return ok(payment);
      case 'approved': {
        const detail: PaymentDetail = {
          terminalReference: ref(outcome.terminalReference),
          transactionReference: ref(outcome.transactionReference),
          authCode: outcome.authCode || 'NONE',
          maskedPan: outcome.maskedPan,
          scheme: outcome.scheme.slice(0, 20),
          note: outcome.amountKobo === payment.amountKobo ? undefined : { chargedKobo: outcome.amountKobo },
        };
        if (outcome.amountKobo !== payment.amountKobo) logger.error('the terminal charged another amount than asked', { reference: payment.reference, asked: payment.amountKobo, charged: outcome.amountKobo });
        return move(payment.reference, 'approved', detail);
      }
      case 'declined':
        return move(payment.reference, 'declined', { declineCode: outcome.code.slice(0, 8), reason: outcome.reason, ...(outcome.terminalReference ? { terminalReference: ref(outcome.terminalReference) } : {}) });
      case 'cancelled':
        return move(payment.reference, 'cancelled', { reason: outcome.by === 'till' ? reasons.cancelledByTill : reasons.cancelledOnDevice, ...(outcome.terminalReference ? { terminalReference: ref(outcome.terminalReference) } : {}) });
      case 'timed-out':
        return move(payment.reference, 'timed-out', { reason: reasons.timedOut, ...(outcome.terminalReference ? { terminalReference: ref(outcome.terminalReference) } : {}) });
      case 'failed':
      case 'unknown':
        return move(payment.reference, stateOf[outcome.kind], { reason: outcome.reason.slice(0, 500), ...(outcome.terminalReference ? { terminalReference: ref(outcome.terminalReference) } : {}) });
    }
  }

  /**
   * Asks the terminal once what became of an unfinished attempt; a payment still open at the
   * terminal is called off first, so the answer is final. Resolves with the attempt as journaled.
   */
  async function settleOnce(payment: CardPayment): Promise<Result<CardPayment>> {
    let status = await terminal.statusByReference(payment.reference, known(payment));
    if (status.kind === 'pending') {
      const called = await terminal.cancel(payment.reference, known(payment));
      if (!called.ok) return ok(payment);
      status = await terminal.statusByReference(payment.reference, known(payment));
    }
    if (status.kind === 'pending' || status.kind === 'unknown') {
      if (payment.state === 'started') return record(payment, { kind: 'unknown', terminalReference: status.terminalReference, reason: 'The till could not learn the outcome from the terminal yet. It keeps asking: do not charge again.' });
      return ok(payment);
    }
    const recorded = record(payment, status);
    if (recorded.ok && recorded.value.state === 'approved') afterLateApproval(recorded.value);
    return recorded;
  }

  /** An approval learnt after the fact: if its sale was already given up, the money goes back. */
  function afterLateApproval(payment: CardPayment) {
    const sale = journal.sales.get(payment.saleId);
    if (sale.ok && sale.value?.state === 'rejected') reverseFor(payment.saleId);
  }

  /** Keeps settling an unknown attempt in the background, with backoff, until its answer is definite. */
  function watch(reference: string, round = 0) {
    if (closed || timers.has(reference)) return;
    const delay = tuning.retryDelaysMs[Math.min(round, tuning.retryDelaysMs.length - 1)] ?? 60_000;
    const timer = setTimeout(() => {
      timers.delete(reference);
      void settleInBackground(reference).then((settled) => {
        if (!settled) watch(reference, round + 1);
      });
    }, delay);
    timer.unref();
    timers.set(reference, timer);
  }

  /** True once the attempt has a definite answer (or no longer exists). */
  async function settleInBackground(reference: string): Promise<boolean> {
    const already = settling.get(reference);
    if (already) {
      await already;
      return false;
    }
    const found = journal.payments.get(reference);
    if (!found.ok) return false;
    const payment = found.value;
    if (!payment || (payment.state !== 'started' && payment.state !== 'unknown')) return true;
    if (running.get(payment.saleId)?.reference === reference) return false;
    let done = false;
    const work = (async () => {
      try {
        const settled = await settleOnce(payment);
        done = settled.ok && settled.value.state !== 'started' && settled.value.state !== 'unknown';
      } catch (error) {
        logger.error('settling a card payment failed', { reference, error });
      }
    })();
    settling.set(reference, work);
    await work.finally(() => settling.delete(reference));
    return done;
  }

  /**
   * An attempt already called off (its customer left the kiosk) is let end before the next one:
   * the terminal takes a moment to stop showing it. One still wanted keeps the terminal busy.
   */
  function calledOffEnded(): Promise<void> | null {
    const others = [...running.values()];
    if (others.length === 0 || others.some((other) => !other.controller.signal.aborted)) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, tuning.calledOffEndsWithinMs);
    });
    return Promise.race([Promise.all(others.map((other) => other.ended)).then(() => undefined), limit]).finally(() => clearTimeout(timer));
  }

  async function charge(sale: CardSale & { amountKobo: number }): Promise<Result<CardPayment>> {
    const controller = new AbortController();
    // No await between here and `running` unless one called off must end first: a cancel() in
    // between would find nothing to call off, and the payment would reach the terminal anyway.
    const waiting = calledOffEnded();
    if (waiting) {
      waitingToStart.set(sale.saleId, controller);
      try {
        await waiting;
      } finally {
        waitingToStart.delete(sale.saleId);
      }
    }
    const begun = journal.payments.begin({ saleId: sale.saleId, device: deps.device, amountKobo: sale.amountKobo });
    if (!begun.ok) return begun;
    const payment = begun.value;
    // Called off while it waited for the terminal: journaled as the till's cancel, never sent to the terminal.
    if (controller.signal.aborted) return record(payment, { kind: 'cancelled', by: 'till', terminalReference: null });
    // One payment at a time at the till's one terminal: a second one sent while the first is there
    // is not shown by it (or would replace it, and the customer would pay another sale's amount),
    // and its screen waited for a card for the whole time-out. Refused at once, nothing charged.
    if (running.size > 0) {
      logger.warn('card payment refused: the terminal is busy with another sale', { reference: payment.reference, busyWith: [...running.keys()] });
      return record(payment, { kind: 'failed', terminalReference: null, reason: reasons.terminalBusy });
    }
    let endedNow = () => {};
    const ended = new Promise<void>((resolve) => {
      endedNow = resolve;
    });
    const entry = { reference: payment.reference, controller, reached: null as { stage: PaymentStage; at: string } | null, work: null as unknown as Promise<Result<CardPayment>>, ended };
    running.set(sale.saleId, entry);
    announce(sale.saleId);
    /** A stage reached: kept for the view (with its time, so a screen can tell it from a pushed one) and pushed. */
    const reach = (stage: PaymentStage) => {
      const at = clock().toISOString();
      entry.reached = { stage, at };
      deps.events.publish('payment.progress', { progress: { saleId: sale.saleId, reference: payment.reference, stage, amountKobo: sale.amountKobo, at } });
    };

    const work = (async (): Promise<Result<CardPayment>> => {
      let outcome: PaymentOutcome;
      try {
        outcome = await terminal.start({ saleId: sale.saleId, description: sale.description }, sale.amountKobo, payment.reference, {
          recorded: (terminalReference) => journal.payments.move(payment.reference, 'started', { terminalReference: ref(terminalReference) }).ok,
          progress: reach,
          signal: controller.signal,
        });
      } catch (error) {
        logger.error('the card terminal failed unexpectedly', { reference: payment.reference, error });
        outcome = { kind: 'unknown', terminalReference: null, reason: 'The till could not follow the payment at the terminal. It is being checked: do not charge again.' };
      }
      const current = journal.payments.get(payment.reference);
      const base = current.ok && current.value ? current.value : payment;
      let recorded = record(base, outcome);
      if (!recorded.ok) {
        // The answer could not be written down: the terminal is asked again later, from the journal.
        watch(payment.reference);
        return recorded;
      }
      // An unknown answer is settled by asking, for a while here (the customer is waiting), then in the background.
      const deadline = clock().getTime() + tuning.settleWithinChargeMs;
      for (let round = 0; recorded.ok && recorded.value.state === 'unknown' && !closed; round++) {
        const wait = Math.min(tuning.retryDelaysMs[Math.min(round, tuning.retryDelaysMs.length - 1)] ?? 1_000, deadline - clock().getTime());
        if (wait <= 0) break;
        reach('checking');
        await new Promise((resolve) => setTimeout(resolve, wait));
        recorded = await settleOnce(recorded.value);
      }
      if (recorded.ok && (recorded.value.state === 'unknown' || recorded.value.state === 'started')) watch(payment.reference);
      return recorded;
    })();
    entry.work = work;
    try {
      return await work;
    } finally {
      running.delete(sale.saleId);
      endedNow();
      announce(sale.saleId);
    }
  }

  async function reverse(payment: CardPayment): Promise<boolean> {
    let current = payment;
    if (current.state === 'approved') {
      const marked = move(current.reference, 'reversing', { reason: 'The sale did not happen, so the card payment is being given back.' });
      if (!marked.ok) return false;
      current = marked.value;
    }
    if (current.state !== 'reversing') return true;
    let outcome;
    try {
      outcome = await terminal.reverse(current.reference, known(current));
    } catch (error) {
      logger.error('reversing a card payment failed unexpectedly', { reference: current.reference, error });
      return false;
    }
    if (outcome.kind === 'reversed') {
      const done = move(current.reference, 'reversed', { refundReference: outcome.refundReference.slice(0, 200), note: { amountKobo: outcome.amountKobo } });
      if (done.ok) {
        deps.events.publish('payment.reversed', { payment: toCardPaymentAttempt(done.value), saleId: done.value.saleId });
        return true;
      }
      return false;
    }
    logger.warn('a card payment reversal did not go through yet', { reference: current.reference, retry: outcome.retry });
    journal.payments.move(current.reference, 'reversing', { reason: `Giving the payment back did not go through yet: ${outcome.reason}`.slice(0, 500) });
    return false;
  }

  /** Reverses every approved or half-reversed payment of a rejected sale, retrying with backoff. */
  function reverseFor(saleId: string, round = 0) {
    if (closed || reversing.has(saleId)) return;
    const sale = journal.sales.get(saleId);
    if (!sale.ok || sale.value?.state !== 'rejected') return;
    const attempts = journal.payments.forSale(saleId);
    if (!attempts.ok) return;
    const owed = attempts.value.filter((p) => p.state === 'approved' || p.state === 'reversing');
    if (owed.length === 0) return;
    reversing.add(saleId);
    void (async () => {
      let allDone = true;
      for (const payment of owed) allDone = (await reverse(payment)) && allDone;
      reversing.delete(saleId);
      if (!allDone && !closed) {
        const delay = tuning.retryDelaysMs[Math.min(round, tuning.retryDelaysMs.length - 1)] ?? 60_000;
        const timer = setTimeout(() => {
          timers.delete(`reverse:${saleId}`);
          reverseFor(saleId, round + 1);
        }, delay);
        timer.unref();
        timers.set(`reverse:${saleId}`, timer);
      }
    })();
  }

  async function recover(): Promise<void> {
    const unfinished = journal.payments.unfinished();
    if (!unfinished.ok) {
      logger.error('could not read unfinished card payments', { code: unfinished.error.code });
      return;
    }
    await Promise.all(
      unfinished.value
        .filter((p) => p.state === 'started' || p.state === 'unknown')
        .map(async (payment) => {
          const settled = await settleInBackground(payment.reference).catch(() => false);
          if (!settled) watch(payment.reference);
        }),
    );
    const owed = journal.payments.approvedForRejectedSales();
    if (owed.ok) for (const saleId of new Set(owed.value.map((p) => p.saleId))) reverseFor(saleId);
  }

  return {
    charge,

    async cancel(saleId) {
      waitingToStart.get(saleId)?.abort();
      const now = running.get(saleId);
      if (now) {
        now.controller.abort();
        await now.work.catch(() => undefined);
      }
      return view(saleId);
    },

    view,
    inFlight: (saleId) => running.has(saleId),
    reverseFor: (saleId) => reverseFor(saleId),

    recover() {
      recovered ??= recover().catch((error: unknown) => logger.error('card payment recovery failed', { error }));
      return recovered;
    },

    ready: () => recovered ?? Promise.resolve(),

    async close() {
      closed = true;
      for (const now of running.values()) now.controller.abort();
      for (const waiting of waitingToStart.values()) waiting.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...[...running.values()].map((r) => r.work), ...settling.values()]);
    },
  };
}
