import { z } from 'zod';
import {
  wireCoordinateSchema,
  wireCountSchema,
  wireImageSchema,
  wireLenientListOf,
  wireListedIntIdSchema,
  wireListOf,
  wireLooseIdSchema,
  wireMoneySchema,
  wireNextPageSchema,
  wireOr,
  wirePageSizeSchema,
  wireTextSchema,
} from './primitives';
import { wireRoomSchema } from './rooms';

/** A hotel, apartment, resort or inn as the hotel list returns it. */
export const wireHotelSchema = z.object({
  /** A number, or the same written as a string ("7"); listRooms takes it as a number. */
  id: wireListedIntIdSchema,
  name: z.string(),
  location: wireTextSchema,
  description: wireTextSchema,
  city: wireTextSchema,
  state: wireTextSchema,
  country: wireTextSchema,
  coordinates: wireOr(
    z.object({
      latitude: wireCoordinateSchema,
      longitude: wireCoordinateSchema,
    }),
    () => ({ latitude: null, longitude: null }),
  ),
  contact: wireOr(z.object({ website: wireTextSchema, phone: wireTextSchema, email: wireTextSchema }), () => ({ website: null, phone: null, email: null })),
  business: z
    .object({
      id: wireLooseIdSchema,
      name: z.string(),
      photo: wireTextSchema,
      type: wireTextSchema,
      slug: wireTextSchema,
    })
    .nullable()
    .default(null),
  check_in_time: wireTextSchema,
  check_out_time: wireTextSchema,
  amenities: wireListOf(z.string()),
  images: wireListOf(wireImageSchema),
  /** hotel, apartment, resort or inn; kept open so a new kind does not break the whole list. */
  property_type: z.string(),
  status: wireTextSchema,
});
export type WireHotel = z.output<typeof wireHotelSchema>;

/**
 * A page of hotels; a hotel that cannot be read is left out and named in `skipped`. `count` and
 * `per_page` may come as numeric strings, `next_page` as wireNextPageSchema reads it.
 */
export const wireHotelListSchema = z
  .object({
    hotels: wireLenientListOf(wireHotelSchema),
    next_page: wireNextPageSchema,
    count: wireCountSchema,
    per_page: wirePageSizeSchema,
  })
  .transform(({ hotels, ...page }) => ({ ...page, hotels: hotels.items, skipped: hotels.skipped }));
export type WireHotelList = z.output<typeof wireHotelListSchema>;

/** A hotel of `/hotels/packages`: the hotel with its rooms and their price range (kobo). */
export const wireHotelPackageSchema = wireHotelSchema.extend({
  rooms: wireListOf(wireRoomSchema),
  price_range: z
    .object({ min: wireMoneySchema, max: wireMoneySchema })
    .nullable()
    .default(null),
});
export type WireHotelPackage = z.output<typeof wireHotelPackageSchema>;

export const wireHotelPackageListSchema = z
  .object({
    hotels: wireLenientListOf(wireHotelPackageSchema),
    next_page: wireNextPageSchema,
    count: wireCountSchema,
    per_page: wirePageSizeSchema,
  })
  .transform(({ hotels, ...page }) => ({ ...page, hotels: hotels.items, skipped: hotels.skipped }));
export type WireHotelPackageList = z.output<typeof wireHotelPackageListSchema>;

/**
 * The hotel list filters as the client takes them; the client spells them as the spec's query
 * parameters. Prices are Naira here, as on the wire (the app's kobo are converted by the caller).
 */
export interface HotelQuery {
  businessId?: string;
  city?: string;
  state?: string;
  country?: string;
  propertyType?: string;
  availableRoomsOnly?: boolean;
  minPriceNaira?: number;
  maxPriceNaira?: number;
  minOccupancy?: number;
  maxOccupancy?: number;
  /** Every listed amenity must be present; sent comma-separated without spaces. */
  amenities?: readonly string[];
  search?: string;
  page?: number;
  perPage?: number;
}
