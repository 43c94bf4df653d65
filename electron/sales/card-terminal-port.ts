import type { Said } from '../../shared/errors';
import type { Result } from '../../shared/result';
import type { CardPayment } from '../journal';

/**
 * The integrated card terminal as selling needs it. Declared here, by the side that needs it;
 * electron/app fills it from the payments domain. Without it (`payments.terminal` = none), card
 * is taken on a stand-alone machine and recorded by its approval code (never at a kiosk).
 */
export interface CardTerminalPort {
  /** Why card payments cannot be taken at the terminal now (no key, a simulated terminal with a live partner), or null. */
  problem(): Said | null;
  /** Resolves once every unfinished payment from before a restart has been settled with the terminal. */
  ready(): Promise<void>;
  /**
   * One attempt at the terminal for a sale waiting to be paid; resolves with the attempt as
   * journaled (approved, declined, cancelled, timed-out, failed or, when its answer is still being
   * asked for, unknown). Refused while an earlier attempt is approved or still being settled.
   */
  charge(sale: { saleId: string; description: string; amountKobo: number }): Promise<Result<CardPayment>>;
  /** Calls off the sale's attempt at the terminal, if one is running; resolves once it has ended. */
  cancel(saleId: string): Promise<unknown>;
}
