import type { PaymentStage } from '../../shared/payments/card-payment';
import type { PaymentOutcome, PaymentTerminal } from '../../electron/payments/payment-terminal';
import { createPaystackHttp } from '../../electron/payments/paystack/paystack-http';
import { createPaystackTerminal, type PaystackTerminalOptions } from '../../electron/payments/paystack/paystack-terminal';
import type { TerminalChoice } from '../../electron/payments/choose-terminal';
import { createSimulatedTerminal } from '../../electron/payments/simulated-terminal';
import { createTerminalSimulator, startTerminalServer, type DeviceTimings, type TerminalServer, type TerminalSimulator } from '../../electron/payments/simulator';

/** Device timings short enough for tests, long enough that every stage is seen. */
export const fastDevice: Partial<DeviceTimings> = { deliveryMs: 5, stepMs: 10, resultMs: 30, autoPresentMs: 15, slowCustomerMs: 2_000, lostAnswers: 4 };

/** Polling fast, a short customer window, a settle window longer than a card's processing. */
export const fastTerminal = { pollMs: 10, settleMs: 150, timeoutMs: 1_500, missedPollsBeforeUnknown: 3 } satisfies Partial<PaystackTerminalOptions>;

export interface TerminalRig {
  simulator: TerminalSimulator;
  server: TerminalServer;
  url: string;
  close(): Promise<void>;
}

/** The simulated terminal over real HTTP on 127.0.0.1. */
export async function startTerminal(timings: Partial<DeviceTimings> = fastDevice): Promise<TerminalRig> {
  const simulator = createTerminalSimulator({ timings });
  const server = await startTerminalServer({ handle: simulator.handle });
  return {
    simulator,
    server,
    url: server.url,
    close: async () => {
      simulator.close();
      await server.close();
    },
  };
}

/** The Paystack adapter pointed at a rig, as a live till is pointed at api.paystack.co. */
export function paystackAt(rig: TerminalRig, options: Partial<PaystackTerminalOptions> & { secretKey?: string } = {}): PaymentTerminal {
  return createPaystackTerminal({
    http: createPaystackHttp({ baseUrl: rig.url, secretKey: () => options.secretKey ?? rig.simulator.secretKey, timeoutMs: 2_000 }),
    terminalId: 'TERM-1',
    customer: 'CUS_walk_in',
    ...fastTerminal,
    ...options,
  });
}

/** Starts a payment and collects its progress. */
export async function pay(terminal: PaymentTerminal, amountKobo: number, reference: string, control: { signal?: AbortSignal; recorded?: (ref: string) => boolean } = {}): Promise<{ outcome: PaymentOutcome; stages: PaymentStage[]; terminalReference: string | null }> {
  const stages: PaymentStage[] = [];
  let terminalReference: string | null = null;
  const outcome = await terminal.start({ saleId: reference.replace(/-P\d+$/, ''), description: 'Lobby POS test sale' }, amountKobo, reference, {
    recorded: (ref) => {
      terminalReference = ref;
      return control.recorded ? control.recorded(ref) : true;
    },
    progress: (stage) => stages.push(stage),
    signal: control.signal ?? new AbortController().signal,
  });
  return { outcome, stages, terminalReference };
}

export const until = async (check: () => boolean, timeoutMs = 5_000, what = 'condition') => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/**
 * A kiosk's card terminal for tests that are not about payments: the simulated terminal in-process
 * behind the real adapter, a card presented at once, every step a millisecond (amounts ending in
 * 00 are approved).
 */
export function instantTerminal(): TerminalChoice {
  const simulator = createTerminalSimulator({ timings: { deliveryMs: 1, stepMs: 1, resultMs: 5, autoPresentMs: 1 } });
  return {
    mode: 'simulated',
    info: { mode: 'simulated', label: 'Simulated terminal (test)', integrated: true, problem: null, problemSaid: null, simulated: true },
    terminal: createSimulatedTerminal({ simulator, timeoutMs: 5_000, pollMs: 5, settleMs: 30, missedPollsBeforeUnknown: 3 }),
    device: 'simulated',
    simulator,
    problem: () => null,
  };
}

/** For createPosRuntime in training mode: its simulated terminal presents a card at once, every step a millisecond. */
export function instantTraining() {
  return {
    simulator: createTerminalSimulator({ timings: { deliveryMs: 1, stepMs: 1, resultMs: 5, autoPresentMs: 1 } }),
    timings: { pollMs: 5, settleMs: 30, missedPollsBeforeUnknown: 3 },
  };
}
