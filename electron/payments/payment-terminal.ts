import type { PaymentStage } from '../../shared/payments/card-payment';

/**
 * The card terminal as the till drives it, whatever terminal it is (the simulated one or a
 * Paystack Terminal). Every answer that is not a definite outcome is `unknown`, and the only way
 * to learn what became of a payment afterwards is `statusByReference`: never charge again.
 */
export interface PaymentTerminal {
  /** "Simulated terminal", "Paystack Terminal 30". */
  readonly label: string;
  /**
   * Takes `amountKobo` for a sale, carrying our `reference`. Resolves with the outcome; progress
   * goes to `hooks.progress`. Aborting `hooks.signal` cancels on the terminal; the payment may
   * still end approved if the card was already being processed.
   */
  start(sale: CardSale, amountKobo: number, reference: string, hooks: StartHooks): Promise<PaymentOutcome>;
  /**
   * What became of the payment with our `reference`: a definite outcome, `pending` while the
   * terminal may still take it, or `unknown` when the terminal cannot be asked. Read-only.
   */
  statusByReference(reference: string, known?: KnownPayment): Promise<PaymentStatus>;
  /** Makes a payment that has not been taken impossible to take from now on (idempotent). */
  cancel(reference: string, known?: KnownPayment): Promise<{ ok: true } | { ok: false; reason: string }>;
  /** Gives back an approved payment whose sale did not happen (idempotent: one reversal at most). */
  reverse(reference: string, known?: KnownPayment): Promise<ReversalOutcome>;
  /**
   * Gives back part or all of an approved payment (card refunds; Paystack supports partial
   * refunds). `order` names this refund among the payment's refunds, so a lost answer is settled
   * by `refundStatus`, never by refunding again.
   */
  refund(reference: string, amountKobo: number, known?: KnownPayment, order?: string): Promise<ReversalOutcome>;
  /** What became of the refund sent for `order` against this payment: given back, never made (`failed`, not `retry`), or not known yet. */
  refundStatus(reference: string, order: string, known?: KnownPayment): Promise<ReversalOutcome>;
}

export interface CardSale {
  saleId: string;
  /** Shown in the terminal's and the payment provider's records: "Lobby POS sale S-123". */
  description: string;
}

/** What the journal already knows of a payment, so the terminal need not search for it. */
export interface KnownPayment {
  /** The terminal's own reference for it (Paystack: the payment request code). */
  terminalReference?: string | null;
  /** When the attempt started (ISO), to bound a search. */
  startedAt?: string;
}

export interface StartHooks {
  /**
   * The terminal's reference is known, before anything reaches the card reader: the caller
   * journals it and answers false if it could not (the payment is then called off, uncharged).
   */
  recorded(terminalReference: string): boolean;
  progress(stage: PaymentStage): void;
  /** Aborted when the till cancels the payment. */
  signal: AbortSignal;
}

export interface ApprovedPayment {
  kind: 'approved';
  terminalReference: string;
  /** The transaction's own reference at the provider (what refunds name). */
  transactionReference: string;
  authCode: string;
  /** `**** 1234`: never more of the card number. */
  maskedPan: string;
  scheme: string;
  amountKobo: number;
}

export type PaymentOutcome =
  | ApprovedPayment
  | { kind: 'declined'; terminalReference: string | null; code: string; reason: string }
  | { kind: 'cancelled'; by: 'till' | 'device'; terminalReference: string | null }
  | { kind: 'timed-out'; terminalReference: string | null }
  /** Never reached the card reader (terminal busy, offline, refused): nothing was charged. */
  | { kind: 'failed'; terminalReference: string | null; reason: string }
  | { kind: 'unknown'; terminalReference: string | null; reason: string };

export type PaymentStatus = PaymentOutcome | { kind: 'pending'; terminalReference: string };

export type ReversalOutcome =
  | { kind: 'reversed'; refundReference: string; amountKobo: number }
  /** Refused for good (e.g. not a successful payment); `retry` says whether asking again may help. */
  | { kind: 'failed'; reason: string; retry: boolean };
