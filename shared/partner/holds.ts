import { z } from 'zod';
import { wireCountSchema, wireOpaqueIdSchema, wireUuidSchema } from './primitives';

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

/**
 * One reservation of a hold. The till needs only `reservation_id` (to buy with it or let it go);
 * the spec confirms nothing else, so the rest is read when present and never required. Every id
 * is opaque: a partner that numbers its holds, or uses ULIDs, is read the same way.
 */
export const wireReservationSchema = z.object({
  reservation_id: wireOpaqueIdSchema,
  resource_id: wireOpaqueIdSchema.nullish().catch(null).transform((id) => id ?? null),
  quantity: wireCountSchema.nullish().catch(null).transform((quantity) => quantity ?? null),
  /** active, released, converted, expired. */
  status: z.string().nullish().catch(null).transform((status) => status ?? null),
  /** When the hold lapses, by the partner's clock; null when not sent or not a timestamp. */
  expires_at: z
    .string()
    .nullish()
    .catch(null)
    .transform((value) => (value && !Number.isNaN(Date.parse(value)) ? value : null)),
});
export type WireReservation = z.output<typeof wireReservationSchema>;

export const wireHoldResultSchema = z.object({ reservations: z.array(wireReservationSchema).min(1) });
export type WireHoldResult = z.output<typeof wireHoldResultSchema>;

/** The docs: a hold keeps the inventory for three minutes. Used when a reservation does not say. */
export const HOLD_LIFETIME_MS = 3 * 60_000;
