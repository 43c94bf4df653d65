import { z } from 'zod';

/**
 * Paystack's answers as the adapter reads them: strict on what decides money (amounts, statuses,
 * references), lenient on everything else (extra fields pass, ids may be numbers or strings).
 */

const id = z.union([z.string().min(1), z.number().int()]).transform(String);

export const presenceSchema = z.object({ online: z.boolean(), available: z.boolean() });

export const paymentRequestSchema = z.object({
  id,
  request_code: z.string().min(1),
  offline_reference: id,
  amount: z.number().int(),
  currency: z.string().optional(),
  status: z.string(),
  paid: z.boolean(),
  archived: z.boolean().optional(),
  description: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  created_at: z.string().optional(),
  /** Transactions tried against the request, when Paystack lists them. */
  transactions: z
    .array(z.object({ reference: z.string().min(1), status: z.string() }).loose())
    .nullish()
    .transform((list) => list ?? []),
});
export type WirePaymentRequest = z.output<typeof paymentRequestSchema>;

export const paymentRequestListSchema = z.array(paymentRequestSchema);

export const sentEventSchema = z.object({ id });
export const eventStatusSchema = z.object({ delivered: z.boolean() });

export const transactionSchema = z.object({
  id,
  reference: z.string().min(1),
  /** success, failed, abandoned, reversed, ongoing, pending, queued... */
  status: z.string(),
  amount: z.number().int(),
  currency: z.string().optional(),
  gateway_response: z.string().nullish(),
  authorization: z
    .object({
      authorization_code: z.string().nullish(),
      bin: z.string().nullish(),
      last4: z.string().nullish(),
      brand: z.string().nullish(),
      card_type: z.string().nullish(),
    })
    .loose()
    .nullish(),
  /** Card-present details of a terminal payment (approval code, response code), when given. */
  pos_transaction_data: z.record(z.string(), z.unknown()).nullish(),
});
export type WireTransaction = z.output<typeof transactionSchema>;

export const refundSchema = z.object({
  id,
  status: z.string(),
  amount: z.number().int(),
  merchant_note: z.string().nullish(),
  transaction: z.union([z.object({ reference: z.string().nullish(), id: id.nullish() }).loose(), id]).nullish(),
});
export const refundListSchema = z.array(refundSchema);
