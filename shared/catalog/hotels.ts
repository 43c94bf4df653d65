import { z } from 'zod';
import { koboSchema } from '../money';

/** What the renderer sees of hotels and rooms: camelCase, money in integer kobo. */

export const propertyTypes = ['hotel', 'apartment', 'resort', 'inn'] as const;

export const imageSchema = z.object({ url: z.string(), alt: z.string().nullable() });
export type Image = z.infer<typeof imageSchema>;

export const hotelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Full address. */
  address: z.string().nullable(),
  description: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  businessName: z.string().nullable(),
  checkInTime: z.string().nullable(),
  checkOutTime: z.string().nullable(),
  amenities: z.array(z.string()),
  images: z.array(imageSchema),
  propertyType: z.string(),
  /** The lowest nightly price the partner lists for it (its hotels-with-rooms listing); null when it does not say. */
  priceFromKobo: koboSchema.nullable(),
});
export type Hotel = z.infer<typeof hotelSchema>;

export const hotelPageSchema = z.object({
  hotels: z.array(hotelSchema),
  nextPage: z.number().int().nullable(),
  count: z.number().int(),
  perPage: z.number().int(),
});
export type HotelPage = z.infer<typeof hotelPageSchema>;

/** The hotel a rooms answer belongs to. */
export const hotelSummarySchema = z.object({ id: z.number().int(), name: z.string() });
export type HotelSummary = z.infer<typeof hotelSummarySchema>;

export const roomSchema = z.object({
  /** The id a booking quotes (not the hotel's). */
  id: z.number().int(),
  hotelId: z.number().int(),
  name: z.string(),
  type: z.string().nullable(),
  description: z.string().nullable(),
  maxOccupancy: z.number().int(),
  /** Per night, everything included. */
  priceKobo: koboSchema,
  /** Parts of the nightly price, when the partner says (null parts: not given). */
  breakdown: z.object({ roomKobo: koboSchema.nullable(), convenienceFeeKobo: koboSchema.nullable() }),
  roomsLeft: z.number().int(),
  isAvailable: z.boolean(),
  images: z.array(imageSchema),
});
export type Room = z.infer<typeof roomSchema>;

export const roomPageSchema = z.object({
  hotel: hotelSummarySchema,
  rooms: z.array(roomSchema),
  nextPage: z.number().int().nullable(),
  count: z.number().int(),
  perPage: z.number().int(),
});
export type RoomPage = z.infer<typeof roomPageSchema>;
