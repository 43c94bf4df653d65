import type { SimulatorDisplay, SimulatorFaults, TestCard } from '../../../shared/payments/card-payment';
import { declines, outcomeForAmount, simulatedCards, type SimulatedCardName } from './outcome-script';
import type { PaymentRequestRecord, SimulatorStore, TransactionRecord } from './records';

export interface DeviceTimings {
  /** From an event being sent to the terminal showing it. */
  deliveryMs: number;
  /** Each step of reading a card: read, PIN, processing. */
  stepMs: number;
  /** How long a result stays on the terminal's screen. */
  resultMs: number;
  /** The terminal gives up waiting for a card after this long. */
  cardWaitMs: number;
  /** A card is presented this long after the terminal starts waiting; null: only when told to. */
  autoPresentMs: number | null;
  /** How long a slow customer takes to present a card. */
  slowCustomerMs: number;
  /** How many reads about an approved payment are dropped when its answer is lost. */
  lostAnswers: number;
}

export const defaultDeviceTimings: DeviceTimings = {
  deliveryMs: 150,
  stepMs: 700,
  resultMs: 3_000,
  cardWaitMs: 120_000,
  autoPresentMs: null,
  slowCustomerMs: 60_000,
  lostAnswers: 4,
};

export interface PresentCard {
  card?: SimulatedCardName;
  /** Overrides what the amount scripts. */
  test?: TestCard;
}

export interface DeviceHost {
  store: SimulatorStore;
  clock: () => Date;
  timings: DeviceTimings;
  faults(): SimulatorFaults;
  /** Consumes one use of a counted fault; true when it fires now. */
  takeFault(key: 'cardRemovedNext' | 'answerLostNext'): boolean;
  /** Reads about this payment request are dropped this many more times. */
  loseAnswers(requestId: number, count: number): void;
  displayed(terminalId: string, display: SimulatorDisplay): void;
  /** The next display version, counted over all of the simulator's terminals. */
  nextVersion(): number;
}

type Step = 'waiting-for-card' | 'reading-card' | 'pin' | 'processing';

/**
 * One simulated card terminal: shows a pushed payment request, waits for a card, reads it, asks
 * for the PIN, processes it and records the transaction against the request, the way a customer
 * at a Paystack Terminal would. Timers drive it; a presented card or a cancel moves it along.
 */
export function createDevice(terminalId: string, host: DeviceHost) {
  let display: SimulatorDisplay = { screen: 'idle', amountKobo: null, message: 'Welcome', version: host.nextVersion() };
  let requestId: number | null = null;
  let generation = 0;
  const timers = new Set<NodeJS.Timeout>();
  const deliveries = new Set<NodeJS.Timeout>();

  const show = (next: Omit<SimulatorDisplay, 'version'>) => {
    display = { ...next, version: host.nextVersion() };
    host.displayed(terminalId, display);
  };
  const later = (ms: number, work: () => void) => {
    const mine = generation;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (mine === generation) work();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const clearTimers = () => {
    generation += 1;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  const request = (): PaymentRequestRecord | undefined => host.store.state.payment_requests.find((pr) => pr.id === requestId);
  const step = (): Step | null => (['waiting-for-card', 'reading-card', 'pin', 'processing'] as const).find((s) => s === display.screen) ?? null;

  const toIdle = () => {
    clearTimers();
    requestId = null;
    show({ screen: 'idle', amountKobo: null, message: 'Welcome' });
  };
  const finish = (screen: 'approved' | 'declined' | 'cancelled', message: string) => {
    const amountKobo = display.amountKobo;
    clearTimers();
    requestId = null;
    show({ screen, amountKobo, message });
    // Not `toIdle`: a payment pushed while the result shows must not lose its own timers.
    later(host.timings.resultMs, () => display.screen === screen && show({ screen: 'idle', amountKobo: null, message: 'Welcome' }));
  };

  const record = (pr: PaymentRequestRecord, status: TransactionRecord['status'], gateway: string, responseCode: string, card: (typeof simulatedCards)[SimulatedCardName] | null): TransactionRecord => {
    const now = host.clock().toISOString();
    return host.store.commit((state) => {
      const id = host.store.nextId();
      const tx: TransactionRecord = {
        id,
        reference: `T${id}${Math.floor(Math.random() * 1e9).toString(36).toUpperCase()}`,
        status,
        amount: pr.amount,
        currency: pr.currency,
        gateway_response: gateway,
        channel: 'pos',
        created_at: now,
        paid_at: status === 'success' ? now : null,
        payment_request_id: pr.id,
        terminal_id: terminalId,
        authorization: card
          ? {
              authorization_code: `AUTH_${id.toString(36)}`,
              bin: card.bin,
              last4: card.last4,
              exp_month: card.expMonth,
              exp_year: card.expYear,
              channel: 'pos',
              card_type: card.brand,
              bank: card.bank,
              country_code: 'NG',
              brand: card.brand,
              reusable: false,
              signature: null,
              account_name: null,
            }
          : null,
        pos_transaction_data: {
          terminal_id: terminalId,
          auth_code: status === 'success' ? String(100_000 + Math.floor(Math.random() * 900_000)) : null,
          response_code: responseCode,
          rrn: String(id).padStart(12, '0'),
          stan: String(id % 1_000_000).padStart(6, '0'),
        },
      };
      state.transactions.push(tx);
      const target = state.payment_requests.find((p) => p.id === pr.id)!;
      target.transaction_ids.push(id);
      if (status === 'success') {
        target.status = 'success';
        target.paid = true;
        target.paid_at = now;
      }
      return tx;
    });
  };

  function read(options: PresentCard) {
    const pr = request();
    if (!pr || display.screen !== 'waiting-for-card') return;
    const card = simulatedCards[options.card ?? 'visa'];
    const scripted = options.test ?? outcomeForAmount(pr.amount);
    show({ screen: 'reading-card', amountKobo: pr.amount, message: 'Reading card… do not remove it' });
    later(host.timings.stepMs, () => {
      const current = request();
      if (!current) return toIdle();
      if (scripted === 'card-removed' || host.takeFault('cardRemovedNext')) {
        record(current, 'failed', declines['card-removed'].gateway, declines['card-removed'].code, card);
        return finish('declined', 'Card removed too early');
      }
      if (scripted === 'customer-cancels') {
        record(current, 'abandoned', 'Cancelled by customer', 'CC', card);
        return finish('cancelled', 'Cancelled');
      }
      show({ screen: 'pin', amountKobo: current.amount, message: 'Enter PIN' });
      later(host.timings.stepMs, () => {
        // Cancelled (archived) before processing began: nothing goes to the bank.
        if (request()?.archived) return finish('cancelled', 'Cancelled');
        show({ screen: 'processing', amountKobo: current.amount, message: 'Processing… please wait' });
        later(host.timings.stepMs, () => process(current.id, scripted, card));
      });
    });
  }

  function process(id: number, scripted: TestCard, card: (typeof simulatedCards)[SimulatedCardName]) {
    const pr = host.store.state.payment_requests.find((p) => p.id === id);
    if (!pr) return toIdle();
    if (scripted === 'approved' || scripted === 'approved-answer-lost') {
      record(pr, 'success', 'Approved', '00', card);
      if (scripted === 'approved-answer-lost' || host.takeFault('answerLostNext')) host.loseAnswers(pr.id, host.timings.lostAnswers);
      return finish('approved', 'Approved — remove card');
    }
    const decline = declines[scripted as keyof typeof declines] ?? declines.declined;
    record(pr, 'failed', decline.gateway, decline.code, card);
    finish('declined', decline.gateway);
  }

  return {
    terminalId,
    display: () => display,
    /** Busy with a payment (not idle and not just showing a result). */
    busy: () => step() !== null,
    /** Shows a pushed payment request, after the delivery delay; false when it cannot be shown now. */
    deliver(pr: PaymentRequestRecord, markDelivered: () => void) {
      if (host.faults().offline) return;
      // Its own timer: the screen's timers (a result still showing) must not cancel a delivery.
      const timer = setTimeout(() => {
        deliveries.delete(timer);
        if (host.faults().offline || step() !== null) return;
        const current = host.store.state.payment_requests.find((p) => p.id === pr.id);
        if (!current || current.archived || current.paid) return;
        clearTimers();
        requestId = pr.id;
        markDelivered();
        show({ screen: 'waiting-for-card', amountKobo: pr.amount, message: 'Tap, insert or swipe card' });
        later(host.timings.cardWaitMs, () => display.screen === 'waiting-for-card' && toIdle());
        if (host.timings.autoPresentMs !== null) {
          const delay = host.timings.autoPresentMs + (host.faults().slowCustomer ? host.timings.slowCustomerMs : 0);
          later(delay, () => read({}));
        }
      }, host.timings.deliveryMs);
      timer.unref();
      deliveries.add(timer);
    },
    /** A customer presents a card; refused unless the terminal is waiting for one. */
    presentCard(options: PresentCard): { ok: true } | { ok: false; message: string } {
      if (display.screen !== 'waiting-for-card') return { ok: false, message: 'The terminal is not waiting for a card.' };
      if (host.faults().slowCustomer) later(host.timings.slowCustomerMs, () => read(options));
      else read(options);
      return { ok: true };
    },
    /** The customer presses Cancel on the terminal. */
    cancelOnDevice(): { ok: true } | { ok: false; message: string } {
      const pr = request();
      if (!pr || !['waiting-for-card', 'reading-card', 'pin'].includes(display.screen)) return { ok: false, message: 'There is no payment to cancel on the terminal.' };
      record(pr, 'abandoned', 'Cancelled by customer', 'CC', null);
      finish('cancelled', 'Cancelled');
      return { ok: true };
    },
    /** The payment request was archived: a terminal not yet processing it stops. */
    archived(id: number) {
      if (requestId !== id) return;
      if (display.screen === 'waiting-for-card' || display.screen === 'reading-card') finish('cancelled', 'Cancelled');
      // At the PIN step the check happens before processing; once processing, it completes.
    },
    stop() {
      clearTimers();
      for (const timer of deliveries) clearTimeout(timer);
      deliveries.clear();
    },
  };
}
export type Device = ReturnType<typeof createDevice>;
