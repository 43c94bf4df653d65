import { z } from 'zod';
import { wireCountSchema, wireUuidSchema } from './primitives';

/** `POST /validate`: hold ticket inventory for three minutes before buying. */
export const wireHoldRequestSchema = z
  .object({
    tickets: z
      .array(
        z
          .object({
            ticket_type: z.literal('entertainment'),
            resource_id: wireUuidSchema,
            quantity: z.number().int().positive(),
          })
          .strict(),
      )
      .min(1),
    customer_info: z.object({ email: z.string(), phone_number: z.string() }).strict(),
  })
  .strict();
export type WireHoldRequest = z.input<typeof wireHoldRequestSchema>;

export const wireReservationSchema = z.object({
  reservation_id: wireUuidSchema,
  resource_id: wireUuidSchema,
  quantity: wireCountSchema,
  /** active, released, converted, expired. */
  status: z.string(),
  expires_at: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a timestamp'),
});
export type WireReservation = z.output<typeof wireReservationSchema>;

export const wireHoldResultSchema = z.object({ reservations: z.array(wireReservationSchema).min(1) });
export type WireHoldResult = z.output<typeof wireHoldResultSchema>;
