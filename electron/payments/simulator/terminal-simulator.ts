import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { simulatorFaultsSchema, testCards, type SimulatorDisplay, type SimulatorFaults } from '../../../shared/payments/card-payment';
import { createDevice, defaultDeviceTimings, type Device, type DeviceTimings, type PresentCard } from './device';
import { answer, AnswerLost, readJson, refusal, refuse, SimulatorRefusal } from './envelope';
import { createInProcessFetch } from '../../core/http/in-process-fetch';
import { simulatedCards } from './outcome-script';
import { createSimulatorStore, type PaymentRequestRecord, type RefundRecord, type TransactionRecord } from './records';
import { answerPaystack, type RouteHost } from './routes';

export const SIMULATOR_DEFAULT_SECRET_KEY = 'sk_test_lobby_terminal_simulator';
export const SIMULATED_TERMINAL_ID = 'SIMULATED';

export interface TerminalSimulatorOptions {
  /** The "secret key" callers must send as `Authorization: Bearer …`. */
  secretKey?: string;
  /** Keep payment requests, transactions and refunds here (JSON, written atomically) across restarts. */
  dataFile?: string;
  clock?: () => Date;
  timings?: Partial<DeviceTimings>;
}

export interface TerminalSimulator {
  /** The whole HTTP surface (Paystack routes and /__terminal/* controls) as a fetch-style handler. */
  handle(request: Request): Promise<Response>;
  /** An in-process fetch calling `handle` (no port). */
  fetch: typeof fetch;
  readonly secretKey: string;
  /** A customer presents a card to the terminal that is waiting for one. */
  presentCard(options?: PresentCard & { terminalId?: string }): { ok: true } | { ok: false; message: string };
  /** The customer presses Cancel on the terminal. */
  cancelOnDevice(terminalId?: string): { ok: true } | { ok: false; message: string };
  display(terminalId?: string): SimulatorDisplay;
  onDisplay(listener: (terminalId: string, display: SimulatorDisplay) => void): () => void;
  faults: { set(patch: Partial<SimulatorFaults>): SimulatorFaults; get(): SimulatorFaults; reset(): void };
  paymentRequests(): PaymentRequestRecord[];
  transactions(): TransactionRecord[];
  refunds(): RefundRecord[];
  /** Nothing recorded, faults cleared, terminals idle. */
  reset(): void;
  /** Stops every terminal's timers. */
  close(): void;
}

const NO_FAULTS: SimulatorFaults = { busy: false, offline: false, slowCustomer: false, cardRemovedNext: 0, answerLostNext: 0 };

const presentBody = z
  .object({ terminalId: z.string().optional(), card: z.enum(Object.keys(simulatedCards) as [keyof typeof simulatedCards]).optional(), test: z.enum(testCards).optional() })
  .strict();

/**
 * A card terminal and the slice of Paystack's API that drives it, in one process: the "simulated"
 * terminal of training mode, and what the Paystack adapter's tests run against over real HTTP.
 * Outcomes are scripted by the amount's last kobo digits or by a test card; faults are switched
 * at `/__terminal/faults` (never part of Paystack's API).
 */
export function createTerminalSimulator(options: TerminalSimulatorOptions = {}): TerminalSimulator {
  const clock = options.clock ?? (() => new Date());
  const secretKey = options.secretKey ?? SIMULATOR_DEFAULT_SECRET_KEY;
  const timings: DeviceTimings = { ...defaultDeviceTimings, ...options.timings };
  const store = createSimulatorStore(options.dataFile);
  let faults: SimulatorFaults = { ...NO_FAULTS };
  const dropsLeft = new Map<number, number>();
  const listeners = new Set<(terminalId: string, display: SimulatorDisplay) => void>();
  const devices = new Map<string, Device>();
  // Starts from the clock, not 0: a screen still open across a restart of the till holds the last
  // start's versions, and the new start's must count above them (a few changes a payment never
  // catch up with a millisecond a change).
  let displayVersion = clock().getTime();

  const device = (terminalId: string): Device => {
    let found = devices.get(terminalId);
    if (!found) {
      found = createDevice(terminalId, {
        store,
        clock,
        timings,
        faults: () => faults,
        takeFault(key) {
          if (faults[key] <= 0) return false;
          faults = { ...faults, [key]: faults[key] - 1 };
          return true;
        },
        loseAnswers: (requestId, count) => dropsLeft.set(requestId, count),
        displayed(id, display) {
          for (const listener of listeners) listener(id, display);
        },
        nextVersion: () => (displayVersion += 1),
      });
      devices.set(terminalId, found);
    }
    return found;
  };
  /** The terminal a control call means: the one named, else the one at work, else the usual one. */
  const chosen = (terminalId?: string): Device =>
    terminalId ? device(terminalId) : ([...devices.values()].find((d) => d.display().screen !== 'idle') ?? [...devices.values()][0] ?? device(SIMULATED_TERMINAL_ID));

  const host: RouteHost = {
    store,
    clock,
    device,
    busy: () => faults.busy,
    offline: () => faults.offline,
    dropRead(requestId) {
      const left = dropsLeft.get(requestId) ?? 0;
      if (left <= 0) return false;
      dropsLeft.set(requestId, left - 1);
      return true;
    },
  };

  const expected = Buffer.from(`Bearer ${secretKey}`);
  const authorized = (request: Request) => {
    const given = Buffer.from(request.headers.get('authorization') ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const setFaults = (patch: Partial<SimulatorFaults>) => {
    const given = Object.entries(simulatorFaultsSchema.partial().parse(patch)).filter(([, value]) => value !== undefined);
    faults = { ...faults, ...Object.fromEntries(given) };
    return { ...faults };
  };

  async function control(request: Request, path: string): Promise<Response> {
    const route = `${request.method.toUpperCase()} ${path}`;
    switch (route) {
      case 'POST /__terminal/present-card': {
        const body = presentBody.safeParse(await readJson(request));
        if (!body.success) throw refuse(400, body.error.issues[0]?.message ?? 'Invalid request');
        const presented = chosen(body.data.terminalId).presentCard(body.data);
        if (!presented.ok) throw refuse(409, presented.message);
        return answer('Card presented', null);
      }
      case 'POST /__terminal/cancel-on-device': {
        const cancelled = chosen().cancelOnDevice();
        if (!cancelled.ok) throw refuse(409, cancelled.message);
        return answer('Cancelled on the terminal', null);
      }
      case 'GET /__terminal/faults':
        return answer('Faults', faults);
      case 'POST /__terminal/faults': {
        const body = simulatorFaultsSchema.partial().safeParse(await readJson(request));
        if (!body.success) throw refuse(400, body.error.issues[0]?.message ?? 'Invalid faults');
        return answer('Faults updated', setFaults(body.data));
      }
      case 'GET /__terminal/display':
        return answer('Display', chosen().display());
      case 'POST /__terminal/reset':
        reset();
        return answer('Reset', null);
      case 'GET /__terminal/transactions':
        return answer('Transactions', store.state.transactions);
      case 'GET /__terminal/refunds':
        return answer('Refunds', store.state.refunds);
    }
    throw refuse(404, 'Route not found');
  }

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    try {
      if (path.startsWith('/__terminal/')) return await control(request, path);
      if (!authorized(request)) return refusal(401, 'Invalid key');
      return await answerPaystack(host, request, url, path);
    } catch (error) {
      if (error instanceof SimulatorRefusal) return refusal(error.httpStatus, error.message);
      if (error instanceof AnswerLost) throw error;
      return refusal(500, 'An error occurred');
    }
  };

  function reset() {
    for (const d of devices.values()) d.stop();
    devices.clear();
    dropsLeft.clear();
    faults = { ...NO_FAULTS };
    store.reset();
  }

  return {
    handle,
    fetch: createInProcessFetch(handle, { origin: 'http://terminal.invalid', isDropped: (error) => error instanceof AnswerLost }),
    secretKey,
    presentCard: (presented = {}) => chosen(presented.terminalId).presentCard(presented),
    cancelOnDevice: (terminalId) => chosen(terminalId).cancelOnDevice(),
    display: (terminalId) => chosen(terminalId).display(),
    onDisplay(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    faults: { set: setFaults, get: () => ({ ...faults }), reset: () => void (faults = { ...NO_FAULTS }) },
    paymentRequests: () => structuredClone(store.state.payment_requests),
    transactions: () => structuredClone(store.state.transactions),
    refunds: () => structuredClone(store.state.refunds),
    reset,
    close() {
      for (const d of devices.values()) d.stop();
    },
  };
}
