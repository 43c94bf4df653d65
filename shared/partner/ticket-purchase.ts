import { z } from 'zod';
import { wireCountSchema, wireDateSchema, wireIntIdSchema, wireMoneySchema, wireTextSchema, wireUuidSchema } from './primitives';

/** `POST /experience/buy/tickets`. Cinema purchases add the date (DD-MM-YYYY), showtime and location. */
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
    reservation_ids: z.array(wireUuidSchema).optional(),
    merchant_reference: z.string().min(1).optional(),
    attendance_date: z
      .string()
      .regex(/^\d{2}-\d{2}-\d{4}$/, 'must be DD-MM-YYYY')
      .optional(),
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
  reference: z.string().min(1),
  invoice_id: wireCountSchema.nullish().transform((id) => id ?? null),
  name: wireTextSchema,
  email: wireTextSchema,
  phone_number: wireTextSchema,
  merchant_reference: wireTextSchema,
  amount: wireMoneySchema.nullish().transform((amount) => amount ?? null),
  tickets: z
    .array(z.object({ id: z.string(), title: z.string(), price: wireMoneySchema }))
    .nullish()
    .transform((tickets) => tickets ?? []),
});
export type WireTicketPurchaseResult = z.output<typeof wireTicketPurchaseResultSchema>;
