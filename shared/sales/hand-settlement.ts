import { z } from 'zod';
import { saleIdSchema } from './checkout';
import { statedReasonSchema } from './stated-reason';

/**
 * A supervisor's answer for a sale the partner's lookups cannot settle (its outcome stays unknown:
 * the lookup is down, or says "no record" even for sales it holds), given after checking with the
 * partner by other means: the partner holds it under this reference, or has no record of it.
 */
export const handSettlementSchema = z.discriminatedUnion('outcome', [
  z.object({ saleId: saleIdSchema, outcome: z.literal('confirmed'), partnerReference: z.string().trim().min(1).max(128), reason: statedReasonSchema }).strict(),
  z.object({ saleId: saleIdSchema, outcome: z.literal('rejected'), reason: statedReasonSchema }).strict(),
]);
export type HandSettlement = z.infer<typeof handSettlementSchema>;
