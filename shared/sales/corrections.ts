import { z } from 'zod';
import { saidSchema } from '../errors';
import { koboSchema } from '../money';
import { approvalSchema } from './staff';

/**
 * Voids and refunds: money given back for a sale, never an edit of the sale. A void gives back
 * what was paid for a sale the partner rejected; a refund gives back some or all of a confirmed
 * sale, line by line. Each one is approved by a supervisor's PIN on the cashier's screen and is
 * its own journal record linked to the sale.
 */

export const correctionKinds = ['void', 'refund'] as const;
export type CorrectionKind = (typeof correctionKinds)[number];

/** How the money goes back: from the drawer, by the card terminal, or recorded by a code or bank reference. */
export const moneyBackRoutes = ['drawer', 'approval-code', 'bank', 'terminal'] as const;
export type MoneyBackRoute = (typeof moneyBackRoutes)[number];

/**
 * `done`: the money is back with the customer. `pending`/`unknown`: the card terminal has it or its
 * answer was lost (settled by asking the terminal, never by paying again). `failed`: nothing went
 * back, and the amount can be given back another way.
 */
export const correctionStates = ['pending', 'unknown', 'done', 'failed'] as const;
export type CorrectionState = (typeof correctionStates)[number];

/** The fixed reasons a supervisor approves; free text says the rest. */
export const correctionReasons = {
  'not-completed': 'The sale did not go through',
  'wrong-sale': 'Wrong film, show or room sold',
  'sold-twice': 'Sold twice by mistake',
  'venue-cancelled': 'Cancelled by the cinema or hotel',
  'customer-cancelled': 'The customer cancelled',
  overcharged: 'The customer was overcharged',
  other: 'Another reason',
} as const;
export type CorrectionReason = keyof typeof correctionReasons;
export const correctionReasonIds = Object.keys(correctionReasons) as [CorrectionReason, ...CorrectionReason[]];

/** How the partner or venue was reached when they agreed to a cancellation. */
export const agreementChannels = {
  phone: 'Phone',
  email: 'E-mail',
  'partner-portal': 'Partner portal',
  'in-person': 'In person',
  other: 'Other',
} as const;
export type AgreementChannel = keyof typeof agreementChannels;
export const agreementChannelIds = Object.keys(agreementChannels) as [AgreementChannel, ...AgreementChannel[]];

export const cancellationStates = ['owed', 'agreed', 'closed'] as const;
export type CancellationState = (typeof cancellationStates)[number];

const tenderKind = z.enum(['cash', 'card', 'transfer']);

/** Made by the screen when the refund sheet opens: the same id sent again returns that correction. */
export const correctionIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{7,63}$/, 'must be a correction id');

const reasonFields = {
  reason: z.enum(correctionReasonIds, { error: 'choose a reason' }),
  note: z.string().trim().min(3, 'say in a few words what happened').max(300),
};

const saleRef = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be a sale id');

const common = {
  correctionId: correctionIdSchema,
  saleId: saleRef,
  /** How many corrections the sale had when the screen was drawn: if another lands first, this one is refused. */
  basis: z.number().int().nonnegative(),
  tender: tenderKind,
  /** Card given back on a stand-alone terminal: its approval code. */
  approvalCode: z.string().trim().min(1, 'enter the approval code of the card refund').max(64).optional(),
  /** Transfer given back: the bank transfer's reference. */
  transferReference: z.string().trim().min(4, 'enter the bank transfer reference').max(128).optional(),
  approval: approvalSchema,
  ...reasonFields,
};

export const voidRequestSchema = z.object(common).strict();
export type VoidRequest = z.infer<typeof voidRequestSchema>;

export const refundLineSchema = z
  .object({ line: z.number().int().nonnegative(), quantity: z.number().int().positive('must be at least 1').max(10_000) })
  .strict();

export const refundRequestSchema = z
  .object({
    ...common,
    lines: z
      .array(refundLineSchema)
      .min(1, 'choose at least one item to refund')
      .max(50)
      .refine((lines) => new Set(lines.map((l) => l.line)).size === lines.length, 'name each line once'),
    /** Less than the items' price (a fee kept); by default exactly their price. */
    amountKobo: koboSchema.positive('must be more than zero').optional(),
  })
  .strict();
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const cancellationViewSchema = z.object({
  correctionId: z.string(),
  saleId: z.string(),
  state: z.enum(cancellationStates),
  partnerReference: z.string().nullable(),
  title: z.string(),
  customerName: z.string(),
  amountKobo: koboSchema,
  lines: z.array(z.object({ label: z.string(), quantity: z.number().int() })),
  openedAt: z.string(),
  agreedByName: z.string().nullable(),
  agreedChannel: z.enum(agreementChannelIds).nullable(),
  feeWithheldKobo: koboSchema.nullable(),
  agreedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Who recorded each move, and what they wrote. */
  notes: z.array(z.object({ state: z.enum(['agreed', 'closed']), staffName: z.string(), note: z.string(), at: z.string() })),
});
export type CancellationView = z.infer<typeof cancellationViewSchema>;

export const correctionViewSchema = z.object({
  id: z.string(),
  saleId: z.string(),
  kind: z.enum(correctionKinds),
  tender: tenderKind,
  route: z.enum(moneyBackRoutes),
  state: z.enum(correctionStates),
  amountKobo: koboSchema,
  lines: z.array(z.object({ line: z.number().int(), label: z.string(), quantity: z.number().int() })),
  reason: z.enum(correctionReasonIds),
  note: z.string(),
  askedBy: z.string(),
  approvedBy: z.string(),
  approvalCode: z.string().nullable(),
  transferReference: z.string().nullable(),
  /** The card terminal's reference for the money it gave back. */
  terminalReference: z.string().nullable(),
  /** Why the terminal did not give the money back, or why its answer is not known yet. */
  problem: z.string().nullable(),
  shiftNumber: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  cancellation: cancellationViewSchema.nullable(),
});
export type CorrectionView = z.infer<typeof correctionViewSchema>;

/** What the refund sheet offers for one sale: what may still go back, by tender and by line. */
export const correctionOptionsSchema = z.object({
  saleId: z.string(),
  /** `void` for a rejected sale, `refund` for a confirmed one, null when neither is possible (see `why`). */
  action: z.enum(correctionKinds).nullable(),
  why: z.string().nullable(),
  /** `why` as one of main's sentences, for the screen to say in its language. */
  whySaid: saidSchema.nullable(),
  basis: z.number().int(),
  partnerReference: z.string().nullable(),
  tenders: z.array(
    z.object({
      kind: tenderKind,
      paidKobo: koboSchema,
      returnedKobo: koboSchema,
      remainingKobo: koboSchema,
      route: z.enum(moneyBackRoutes),
    }),
  ),
  lines: z.array(
    z.object({
      line: z.number().int(),
      label: z.string(),
      unitKobo: koboSchema,
      /** The line's total: items refunded are worth their share of it (see what-is-left.ts). */
      totalKobo: koboSchema,
      sold: z.number().int(),
      returned: z.number().int(),
      remaining: z.number().int(),
    }),
  ),
  /** Cash the drawer should hold now: a cash refund cannot be more. Null when no shift is open. */
  drawerKobo: koboSchema.nullable(),
  /** Who can approve: active supervisors other than the person asking. */
  approvers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CorrectionOptions = z.infer<typeof correctionOptionsSchema>;

export const agreeCancellationRequestSchema = z
  .object({
    correctionId: correctionIdSchema,
    agreedByName: z.string().trim().min(2, 'enter who agreed at the cinema, hotel or partner').max(100),
    agreedChannel: z.enum(agreementChannelIds),
    feeWithheldKobo: koboSchema.nonnegative('cannot be negative').default(0),
    note: z.string().trim().max(300).default(''),
  })
  .strict();
export const closeCancellationRequestSchema = z
  .object({ correctionId: correctionIdSchema, note: z.string().trim().max(300).default('') })
  .strict();

const count = z.number().int().nonnegative();

/** A shift's voids and refunds as the X and Z reports show them: counts and kobo, per tender and per approver. */
export const correctionTotalsSchema = z.object({
  voids: z.object({ count, totalKobo: koboSchema }),
  refunds: z.object({ count, totalKobo: koboSchema }),
  byTender: z.array(z.object({ kind: z.enum(correctionKinds), tender: tenderKind, count, totalKobo: koboSchema })),
  byApprover: z.array(z.object({ staffId: z.number().int(), name: z.string(), count, totalKobo: koboSchema })),
  /** Card voids and refunds the terminal has not confirmed yet (not in the totals above). */
  inProgress: z.object({ count, totalKobo: koboSchema }),
});
export type CorrectionTotals = z.infer<typeof correctionTotalsSchema>;
