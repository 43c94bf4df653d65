import path from 'node:path';
import { saidInEnglish, type Said } from '../../shared/errors';
import type { TerminalInfo } from '../../shared/payments/card-payment';
import { parseTerminalSetting } from '../../shared/payments/terminal-setting';
import type { PosConfig } from '../core/config/schema';
import type { PaymentTerminal } from './payment-terminal';
import { createPaystackHttp } from './paystack/paystack-http';
import { paystackKeyEnv, paystackKeyFileName } from './paystack/paystack-secret';
import { createPaystackTerminal } from './paystack/paystack-terminal';
import { createSimulatedTerminal } from './simulated-terminal';
import { createTerminalSimulator, type TerminalSimulator } from './simulator';

/** Where training mode keeps the simulated terminal's payments, so a restart can still ask about them. */
export const trainingTerminalFileName = 'training-terminal.json';

/** The card terminal this till drives, as the composition root chose it from `payments.terminal`. */
export type TerminalChoice =
  | { mode: 'none'; info: TerminalInfo }
  | {
      mode: 'simulated' | 'paystack';
      info: TerminalInfo;
      terminal: PaymentTerminal;
      /** How the journal names it: `simulated` or `paystack:<id>`. */
      device: string;
      /** The simulated terminal itself (training: staff present test cards from the screen). */
      simulator: TerminalSimulator | null;
      /** Why it cannot take payments right now (asked before each sale: a key may be added later). */
      problem(): Said | null;
    };

/** A terminal's problem as the screens take it: the English, and the sentence to say in the reader's language. */
export const terminalProblem = (said: Said | null): Pick<TerminalInfo, 'problem' | 'problemSaid'> => ({
  problem: said && saidInEnglish(said),
  problemSaid: said,
});

/** Polls and waits as a real terminal needs them; tests shorten them through createPos. */
export const terminalTimings = { pollMs: 1_000, settleMs: 5_000, missedPollsBeforeUnknown: 3 };

/** No integrated terminal: card by approval code from a stand-alone machine (refused at a kiosk). */
export const noTerminal = (profile: PosConfig['terminal']['profile']): TerminalChoice => ({
  mode: 'none',
  info: {
    mode: 'none',
    label: 'Card machine (approval code)',
    integrated: false,
    ...terminalProblem(profile === 'kiosk' ? { key: 'said.terminal.kioskNone' } : null),
    simulated: false,
  },
});

/**
 * `none`, `simulated` (training only: it takes no real money) or `paystack:TERMINAL_ID`; empty
 * picks `simulated` in training mode and `none` with a live partner.
 */
export function chooseTerminal(
  config: PosConfig,
  options: { training: boolean; secretKey: () => string | null; clock?: () => Date; fetch?: typeof fetch; simulator?: TerminalSimulator; timings?: Partial<typeof terminalTimings> },
): TerminalChoice {
  const parsed = parseTerminalSetting(config.payments.terminal);
  const setting = parsed.ok ? parsed.setting : { kind: 'none' as const };
  const kind = setting.kind === 'auto' ? (options.training ? 'simulated' : 'none') : setting.kind;
  const timeoutMs = config.payments.timeoutSeconds * 1000;
  const timings = { ...terminalTimings, ...options.timings };
  if (kind === 'none') return noTerminal(config.terminal.profile);

  if (kind === 'simulated') {
    const simulator = options.simulator ?? createTerminalSimulator({ dataFile: path.join(config.dataDir, trainingTerminalFileName), clock: options.clock });
    const problem: Said | null = options.training ? null : { key: 'said.terminal.simulatedLive' };
    return {
      mode: 'simulated',
      info: { mode: 'simulated', label: 'Simulated terminal (training)', integrated: true, ...terminalProblem(problem), simulated: true },
      terminal: createSimulatedTerminal({ simulator, timeoutMs, ...timings, clock: options.clock }),
      device: 'simulated',
      simulator,
      problem: () => problem,
    };
  }

  const terminalId = setting.kind === 'paystack' ? setting.terminalId : '';
  const label = `Paystack Terminal ${terminalId}`;
  const problem = (): Said | null => {
    if (!config.payments.paystackCustomer) return { key: 'said.terminal.noCustomer' };
    try {
      if (!options.secretKey()) return { key: 'said.terminal.noSecret', values: { env: paystackKeyEnv, file: paystackKeyFileName } };
    } catch (error) {
      return { key: 'said.terminal.badSecret', values: { reason: (error as Error).message } };
    }
    return null;
  };
  return {
    mode: 'paystack',
    info: { mode: 'paystack', label, integrated: true, ...terminalProblem(problem()), simulated: false },
    terminal: createPaystackTerminal({
      http: createPaystackHttp({ baseUrl: config.payments.paystackUrl, secretKey: options.secretKey, fetch: options.fetch, timeoutMs: 15_000 }),
      terminalId,
      customer: config.payments.paystackCustomer,
      label,
      timeoutMs,
      ...timings,
      clock: options.clock,
    }),
    device: `paystack:${terminalId}`,
    simulator: null,
    problem,
  };
}
