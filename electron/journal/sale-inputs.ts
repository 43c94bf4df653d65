import { saleIdSchema } from '../../shared/sales/checkout';
import { z } from 'zod';
import { jsonValueSchema } from '../../shared/json-value';
import { koboSchema } from '../../shared/money';
import { instantSchema } from './date-range';
import { saleKinds, saleStates } from './sale-states';

const positiveKobo = koboSchema.positive('must be more than zero');
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

/** The sale id is sent to the partner as merchant_reference, so it is kept to URL-safe characters. */
export { saleIdSchema };

export const staffIdSchema = z.number().int().positive();

/** Change is worked out here, never taken from the caller, so the drawer arithmetic cannot drift. */
export const tenderInputSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('cash'), amountKobo: positiveKobo, tenderedKobo: koboSchema })
    .strict()
    .refine((t) => t.tenderedKobo >= t.amountKobo, { path: ['tenderedKobo'], message: 'must cover the amount' }),
  z.object({ kind: z.literal('card'), amountKobo: positiveKobo, approvalCode: text(64).optional() }).strict(),
  z.object({ kind: z.literal('transfer'), amountKobo: positiveKobo, transferReference: text(128) }).strict(),
]);
export type TenderInput = z.infer<typeof tenderInputSchema>;

export const createSaleSchema = z
  .object({
    id: saleIdSchema,
    /** Null for a self-service (kiosk) sale. */
    staffId: staffIdSchema.nullable(),
    kind: z.enum(saleKinds),
    quoteKobo: koboSchema.nonnegative(),
    request: jsonValueSchema,
    details: jsonValueSchema,
    /** Empty when payment is taken later (a kiosk's card terminal); otherwise they must add up to the quote. */
    tenders: z.array(tenderInputSchema).max(10).default([]),
  })
  .strict()
  .refine((sale) => sale.tenders.length === 0 || sale.tenders.reduce((sum, t) => sum + t.amountKobo, 0) === sale.quoteKobo, {
    path: ['tenders'],
    message: 'must add up to the sale total',
  });
/** JSON bodies are checked at run time (jsonValueSchema); typed `unknown` so callers can pass their own interfaces. */
export type CreateSaleInput = Omit<z.input<typeof createSaleSchema>, 'request' | 'details'> & { request: unknown; details: unknown };

export const transitionDetailSchema = z
  .object({
    partnerReference: text(128).optional(),
    invoiceId: text(64).optional(),
    bookingNumber: text(128).optional(),
    /** What the partner says it charged; differs from the quote -> the sale is flagged. */
    partnerAmountKobo: koboSchema.nonnegative().optional(),
    /** Why the sale was rejected or its outcome is unknown, for staff. */
    failureReason: text(500).optional(),
    /** Anything else worth keeping in the event (attempt number, partner status, ...). */
    note: jsonValueSchema.optional(),
  })
  .strict();
export type TransitionDetail = Omit<z.input<typeof transitionDetailSchema>, 'note'> & { note?: unknown };

export const saleStateSchema = z.enum(saleStates);

export const saleSearchSchema = z
  .object({
    from: instantSchema.optional(),
    to: instantSchema.optional(),
    /** Matched against the sale id, partner references, the receipt number (T01-000042) and what was sold (customer names, e-mails...). */
    text: z.string().trim().max(100).optional(),
    limit: z.number().int().min(1).max(500).default(50),
  })
  .strict();
export type SaleSearch = z.input<typeof saleSearchSchema>;
