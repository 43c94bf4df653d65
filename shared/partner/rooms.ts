import { z } from 'zod';
import {
  wireCountSchema,
  wireFlagSchema,
  wireImageSchema,
  wireIntIdSchema,
  wireListOf,
  wireMoneySchema,
  wireNextPageSchema,
  wirePageSizeSchema,
  wireTextSchema,
} from './primitives';

/**
 * A room type of a hotel. `number_of_rooms` (rooms left) is a string on the live service. The
 * breakdown's keys are only partly known (`convenience_fee` was seen), so both are optional and
 * the total `price` is what is charged.
 */
export const wireRoomSchema = z.object({
  id: wireIntIdSchema,
  hotel_id: wireIntIdSchema.nullable().default(null),
  number_of_rooms: wireCountSchema,
  room_name: z.string(),
  type: wireTextSchema,
  description: wireTextSchema,
  max_occupancy: z.number().int().positive(),
  price: wireMoneySchema,
  price_breakdown: z
    .object({ room_price: wireMoneySchema.optional(), convenience_fee: wireMoneySchema.optional() })
    .nullable()
    .default(null),
  is_available: wireFlagSchema,
  images: wireListOf(wireImageSchema),
});
export type WireRoom = z.output<typeof wireRoomSchema>;

/** `GET /hotels/{id}/rooms`: the hotel summary, its rooms and the page. */
export const wireRoomListSchema = z.object({
  hotel: z.object({ id: wireIntIdSchema, name: z.string() }),
  rooms: wireListOf(wireRoomSchema),
  next_page: wireNextPageSchema,
  count: wireCountSchema.optional(),
  per_page: wirePageSizeSchema.optional(),
});
export type WireRoomList = z.output<typeof wireRoomListSchema>;
