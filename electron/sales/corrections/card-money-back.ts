import type { Result } from '../../../shared/result';

/**
 * The port through which a void or refund gives card money back on an integrated card terminal.
 * It is declared here, by the side that needs it; electron/app fills it from the payments domain.
 * Without it (no integrated terminal), card money is given back on the stand-alone terminal and
 * recorded by its approval code.
 */
export interface CardMoneyBack {
  /**
   * How this sale's card money goes back: `terminal` when the integrated terminal took the payment
   * (so it can reverse or refund it), `approval-code` when a stand-alone terminal did, `none` when
   * the terminal already gave it all back by itself (a reversal when the partner rejected the sale).
   */
  routeFor(saleId: string): Result<'terminal' | 'approval-code' | 'none'>;
  /** Reverses the whole card payment of a sale that did not happen (a void). */
  reverse(order: MoneyBackOrder): Promise<MoneyBackOutcome>;
  /** Refunds part or all of the card payment of a confirmed sale. */
  refund(order: MoneyBackOrder): Promise<MoneyBackOutcome>;
  /**
   * After a lost answer or a crash: what became of the order sent under this correction id.
   * Never sends money again; an order the terminal never received is `failed`.
   */
  status(order: MoneyBackOrder): Promise<MoneyBackOutcome>;
}

export interface MoneyBackOrder {
  /** Our correction id: the terminal keeps it as the order's reference, so a lookup finds it. */
  correctionId: string;
  saleId: string;
  amountKobo: number;
}

export type MoneyBackOutcome =
  /** The money is back on the card; the terminal's own reference for it. */
  | { kind: 'done'; terminalReference: string }
  /** Nothing went back (declined, refused); in plain words for staff. */
  | { kind: 'failed'; reason: string }
  /** No definite answer: settled later by `status`, never by sending again. */
  | { kind: 'unknown'; reason: string };
