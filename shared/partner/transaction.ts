import { z } from 'zod';
import { wireHotelBookingResultSchema } from './hotel-booking';
import { wireCountSchema, wireMoneySchema, wireReferenceSchema, wireTextSchema } from './primitives';
import { wireTicketPurchaseResultSchema } from './ticket-purchase';

const transactionBase = {
  reference: wireReferenceSchema,
  merchant_reference: wireTextSchema,
  /** Only successful transactions exist on the partner side; kept open for the wording. */
  status: z.string(),
  amount: wireMoneySchema,
  invoice_id: wireCountSchema.nullable().default(null),
  created_at: wireTextSchema,
};

/** `GET /transaction?reference=` (or `?merchant_reference=`, or `/transaction/{reference}`). */
export const wireTransactionSchema = z.discriminatedUnion('type', [
  z.object({
    ...transactionBase,
    type: z.literal('experience'),
    details: wireTicketPurchaseResultSchema.nullable().default(null),
  }),
  z.object({
    ...transactionBase,
    type: z.literal('hotel'),
    details: wireHotelBookingResultSchema.nullable().default(null),
  }),
]);
export type WireTransaction = z.output<typeof wireTransactionSchema>;
