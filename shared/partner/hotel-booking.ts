import { z } from 'zod';
import { wireCountSchema, wireDateSchema, wireIntIdSchema, wireMoneySchema, wireReferenceSchema, wireTextSchema } from './primitives';

/** `POST /hotels/buy` (or `/hotels/book`). The live service wants all four customer fields. */
export const wireHotelBookingRequestSchema = z
  .object({
    room_id: wireIntIdSchema,
    number_of_guests: z.number().int().positive(),
    number_of_rooms: z.number().int().positive(),
    checkin_date: wireDateSchema,
    checkout_date: wireDateSchema,
    customer_info: z
      .object({
        name: z.string().min(1),
        email: z.string().min(1),
        phone_number: z.string().min(1),
        dob: wireDateSchema,
      })
      .strict(),
    merchant_reference: z.string().min(1).optional(),
  })
  .strict();
export type WireHotelBookingRequest = z.input<typeof wireHotelBookingRequestSchema>;

/**
 * The 201 answer. As for tickets, a booking that succeeded must not read as malformed for want of
 * a secondary field: only the reference is required; money, when present, is checked (kobo).
 */
export const wireHotelBookingResultSchema = z.object({
  reference: wireReferenceSchema,
  invoice_id: wireCountSchema.nullable().default(null),
  /** Shown by the guest at check-in. */
  booking_number: wireTextSchema,
  name: wireTextSchema,
  email: wireTextSchema,
  phone_number: wireTextSchema,
  merchant_reference: wireTextSchema,
  hotel: z
    .object({ id: wireIntIdSchema, name: z.string(), location: wireTextSchema })
    .nullable()
    .default(null),
  room: z
    .object({ id: wireIntIdSchema, room_name: z.string() })
    .nullable()
    .default(null),
  checkin_date: wireDateSchema.nullable().default(null),
  checkout_date: wireDateSchema.nullable().default(null),
  number_of_nights: wireCountSchema.nullable().default(null),
  number_of_rooms: wireCountSchema.nullable().default(null),
  number_of_guests: wireCountSchema.nullable().default(null),
  amount: wireMoneySchema.nullable().default(null),
});
export type WireHotelBookingResult = z.output<typeof wireHotelBookingResultSchema>;
