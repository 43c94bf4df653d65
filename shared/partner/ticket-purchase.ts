import { z } from 'zod';
import { wireCountSchema, wireDateSchema, wireIntIdSchema, wireListOf, wireMoneySchema, wireOpaqueIdSchema, wireReferenceSchema, wireTextSchema, wireUuidSchema } from './primitives';

/** `POST /experience/buy/tickets`. Cinema purchases add the date (YYYY-MM-DD), showtime and location. */
export const wireTicketPurchaseRequestSchema = z
  .object({
    experience_id: wireUuidSchema,
    tickets: z.array(z.object({ id: wireUuidSchema, count: z.number().int().positive() }).strict()).min(1),
    customer_info: z
      .object({
        name: z.string().min(1),
        email: z.string().min(1),
        phone_number: z.string().min(1),
        dob: wireDateSchema.optional(),
        username: z.string().optional(),
      })
      .strict(),
    /** The partner's hold ids, passed back as they came: opaque strings. */
    reservation_ids: z.array(wireOpaqueIdSchema).optional(),
    merchant_reference: z.string().min(1).optional(),
    /**
     * YYYY-MM-DD, as the dates endpoint gives it. The docs say DD-MM-YYYY, but the live service
     * stores a DATE column and answers that form with a 500 (partner-api-notes.md).
     */
    attendance_date: wireDateSchema.optional(),
    time_id: wireIntIdSchema.optional(),
    cinema_location_id: wireIntIdSchema.optional(),
  })
  .strict();
export type WireTicketPurchaseRequest = z.input<typeof wireTicketPurchaseRequestSchema>;

/**
 * The 201 answer. Only the reference is indispensable: a purchase that succeeded must not be
 * reported as malformed because a secondary field is missing, so those are optional. Money, when
 * present, is still checked (kobo after parsing).
 */
export const wireTicketPurchaseResultSchema = z.object({
  reference: wireReferenceSchema,
  invoice_id: wireCountSchema.nullable().default(null),
  name: wireTextSchema,
  email: wireTextSchema,
  phone_number: wireTextSchema,
  merchant_reference: wireTextSchema,
  amount: wireMoneySchema.nullable().default(null),
  tickets: wireListOf(z.object({ id: z.string(), title: z.string(), price: wireMoneySchema })),
});
export type WireTicketPurchaseResult = z.output<typeof wireTicketPurchaseResultSchema>;
