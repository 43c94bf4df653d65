import { paymentStages, type PaymentStage, type SimulatorDisplay } from '../../shared/payments/card-payment';
import type { PaymentTerminal } from './payment-terminal';
import { createPaystackHttp } from './paystack/paystack-http';
import { createPaystackTerminal, type PaystackTerminalOptions } from './paystack/paystack-terminal';
import { SIMULATED_TERMINAL_ID, type TerminalSimulator } from './simulator';

/** The customer code payment requests are raised for on the simulated terminal. */
export const SIMULATED_CUSTOMER = 'CUS_lobby_walk_in';

const deviceStages: Partial<Record<SimulatorDisplay['screen'], PaymentStage>> = {
  'waiting-for-card': 'waiting-for-card',
  'reading-card': 'reading-card',
  pin: 'pin',
  processing: 'processing',
};

/**
 * Training mode's terminal: the simulator in-process, driven through the very Paystack adapter a
 * live till uses (same wire format, no port opened). What the simulated terminal's own screen
 * shows (reading the card, PIN, processing) is added to the progress the API alone can tell.
 */
export function createSimulatedTerminal(options: { simulator: TerminalSimulator } & Omit<PaystackTerminalOptions, 'http' | 'terminalId' | 'customer'>): PaymentTerminal {
  const { simulator } = options;
  const paystack = createPaystackTerminal({
    ...options,
    http: createPaystackHttp({ baseUrl: 'http://terminal.simulator', secretKey: () => simulator.secretKey, fetch: simulator.fetch, timeoutMs: 10_000 }),
    terminalId: SIMULATED_TERMINAL_ID,
    customer: SIMULATED_CUSTOMER,
    label: options.label ?? 'Simulated terminal',
  });
  const rank = (stage: PaymentStage) => paymentStages.indexOf(stage);
  return {
    ...paystack,
    async start(sale, amountKobo, reference, hooks) {
      let shown: PaymentStage | null = null;
      // Two sources (the device's screen, the API's polls) report in any order: only move forward.
      const progress = (stage: PaymentStage) => {
        if (shown !== null && rank(stage) <= rank(shown)) return;
        shown = stage;
        hooks.progress(stage);
      };
      const off = simulator.onDisplay((terminalId, display) => {
        const stage = deviceStages[display.screen];
        if (terminalId === SIMULATED_TERMINAL_ID && stage) progress(stage);
      });
      try {
        return await paystack.start(sale, amountKobo, reference, { ...hooks, progress });
      } finally {
        off();
      }
    },
  };
}
