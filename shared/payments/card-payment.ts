import { z } from 'zod';
import { saidSchema } from '../errors';
import { koboSchema } from '../money';

/**
 * One card payment attempt as the journal keeps it. `started` is written before the terminal is
 * called; `unknown` is settled only by asking the terminal (never by charging again); an approved
 * payment whose sale did not happen is `reversing`, then `reversed`.
 */
export const paymentStates = ['started', 'approved', 'declined', 'cancelled', 'timed-out', 'failed', 'unknown', 'reversing', 'reversed'] as const;
export type PaymentState = (typeof paymentStates)[number];

/** Where each state may go; the journal's trigger enforces the same table. */
export const legalPaymentMoves: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  started: ['approved', 'declined', 'cancelled', 'timed-out', 'failed', 'unknown'],
  unknown: ['approved', 'declined', 'cancelled', 'timed-out', 'failed'],
  approved: ['reversing'],
  reversing: ['reversed'],
  declined: [],
  cancelled: [],
  'timed-out': [],
  failed: [],
  reversed: [],
};

/** Ended without taking money: a new attempt for the same sale may start. */
export const notChargedStates: readonly PaymentState[] = ['declined', 'cancelled', 'timed-out', 'failed'];

/** What the customer and the cashier see while the terminal works. */
export const paymentStages = ['checking-terminal', 'sending', 'waiting-for-card', 'reading-card', 'pin', 'processing', 'cancelling', 'checking'] as const;
export type PaymentStage = (typeof paymentStages)[number];

/**
 * Main's own reasons for a payment that ended without a charge (the journal keeps them in English):
 * the screens know them and say them in the reader's language (renderer decline-words.ts).
 */
export const cardPaymentReasons = {
  cancelledByTill: 'Cancelled at the till before the card was charged. Nothing was charged.',
  cancelledOnDevice: 'The customer cancelled on the card terminal. Nothing was charged.',
  timedOut: 'No card was presented in time, so the payment was called off. Nothing was charged.',
  /** A second payment while the terminal has one (the Paystack adapter says the same when the terminal itself is busy). */
  terminalBusy: 'The card terminal is busy with another payment: wait for it to finish, then try again. Nothing was charged.',
} as const;

export const cardPaymentAttemptSchema = z.object({
  attempt: z.number().int().positive(),
  /** Ours, sent to the terminal: `<sale id>-P<attempt>`. */
  reference: z.string(),
  state: z.enum(paymentStates),
  amountKobo: koboSchema,
  /** The terminal's own reference (Paystack: the payment request code). */
  terminalReference: z.string().nullable(),
  authCode: z.string().nullable(),
  /** Always masked: `**** 1234`. */
  maskedPan: z.string().nullable(),
  /** visa, mastercard, verve... */
  scheme: z.string().nullable(),
  declineCode: z.string().nullable(),
  /** Why it was declined, cancelled or failed, or why it is not known yet: plain words. */
  reason: z.string().nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
});
export type CardPaymentAttempt = z.infer<typeof cardPaymentAttemptSchema>;

export const terminalModes = ['none', 'simulated', 'paystack'] as const;

/** How this till takes cards, for the screens. */
export const terminalInfoSchema = z.object({
  mode: z.enum(terminalModes),
  /** "Simulated terminal", "Paystack Terminal 30". */
  label: z.string(),
  /** The till drives the terminal (simulated or Paystack); otherwise the cashier types an approval code. */
  integrated: z.boolean(),
  /** Why card payments cannot be taken here, if they cannot (a kiosk with no terminal, a missing key). */
  problem: z.string().nullable(),
  /** `problem` as one of main's sentences, for the screen to say in its language. */
  problemSaid: saidSchema.nullable(),
  /** The simulated terminal: staff may present a test card from the screen. */
  simulated: z.boolean(),
});
export type TerminalInfo = z.infer<typeof terminalInfoSchema>;

/** A sale's card payments, for the payment screen. */
export const cardPaymentViewSchema = z.object({
  saleId: z.string(),
  /** An attempt is at the terminal now. */
  inProgress: z.boolean(),
  /** Its latest stage, while in progress. */
  stage: z.enum(paymentStages).nullable(),
  /** When that stage was reached (ISO), as the pushed progress's `at`: a screen shows whichever it learnt last. */
  stageAt: z.string().nullable(),
  /** Oldest first. */
  attempts: z.array(cardPaymentAttemptSchema),
  /** The sale still waits for payment and nothing is charged or being settled: another attempt may start. */
  canRetry: z.boolean(),
});
export type CardPaymentView = z.infer<typeof cardPaymentViewSchema>;

/** Pushed while a payment is at the terminal. */
export const paymentProgressSchema = z.object({
  saleId: z.string(),
  reference: z.string(),
  stage: z.enum(paymentStages),
  amountKobo: koboSchema,
  at: z.string(),
});
export type PaymentProgress = z.infer<typeof paymentProgressSchema>;

/** What the simulated terminal's own screen shows (training). */
export const simulatorDisplaySchema = z.object({
  screen: z.enum(['idle', 'waiting-for-card', 'reading-card', 'pin', 'processing', 'approved', 'declined', 'cancelled']),
  amountKobo: koboSchema.nullable(),
  message: z.string(),
  /**
   * Counts up with every change on the simulator's screens. The screen's first read and the pushed
   * changes travel separately and can pass each other; the panel keeps the highest, so an old
   * read never covers what the terminal shows now.
   */
  version: z.number().int().nonnegative(),
});
export type SimulatorDisplay = z.infer<typeof simulatorDisplaySchema>;

/**
 * Test cards of the simulated terminal: each makes the next payment end one way, whatever the
 * amount (the amount's last kobo digits script outcomes too; see electron/payments/README.md).
 */
export const testCards = ['approved', 'declined', 'insufficient-funds', 'wrong-pin', 'issuer-unavailable', 'approved-answer-lost', 'card-removed', 'customer-cancels'] as const;
export type TestCard = (typeof testCards)[number];

/** Switchable faults of the simulated terminal. */
export const simulatorFaultsSchema = z
  .object({
    busy: z.boolean(),
    offline: z.boolean(),
    /** The customer takes 60 s to present a card. */
    slowCustomer: z.boolean(),
    /** The next N cards are pulled out while being read. */
    cardRemovedNext: z.number().int().min(0).max(1000),
    /** The next N approvals: the terminal's answers about them are lost for a while. */
    answerLostNext: z.number().int().min(0).max(1000),
  })
  .strict();
export type SimulatorFaults = z.infer<typeof simulatorFaultsSchema>;
