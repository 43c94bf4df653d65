import { z } from 'zod';
import { koboSchema } from '../money';
import { languageSchema } from '../languages';

/**
 * What a sale sold, as written to the journal's `details_json` when the sale is created (and never
 * changed after). It holds everything the screens (SaleView) and the receipt need, so neither has
 * to ask the partner again: what the partner later answers is kept in the sale's events.
 */

const lineSchema = z.object({ label: z.string(), quantity: z.number().int(), unitKobo: koboSchema, totalKobo: koboSchema });
export type SaleLine = z.infer<typeof lineSchema>;

const customerSchema = z.object({ name: z.string(), email: z.string(), phone: z.string(), dob: z.string().nullable() });

const common = {
  /** "Harmattan Heart · Marina Screens Lekki" or "Lagoon Crest Hotel · Club Room". */
  title: z.string(),
  subtitle: z.string(),
  lines: z.array(lineSchema),
  customer: customerSchema,
  /** The screen's language when it was sold (`sale:submit`'s `language`): its receipt is printed in it. Absent on older sales: English. */
  language: languageSchema.optional(),
  /** A digest of the `sale:submit` that made it: the same sale id sent again with other contents is refused. Absent on older sales. */
  submitted: z.string().optional(),
};

export const cinemaDetailsSchema = z.object({
  kind: z.literal('cinema'),
  ...common,
  film: z.object({ id: z.string(), title: z.string() }),
  location: z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable() }),
  /** YYYY-MM-DD (the partner body carries it as DD-MM-YYYY). */
  date: z.string(),
  showtime: z.object({ id: z.number().int(), start: z.string(), end: z.string() }),
  /** One per category, with the price breakdown the receipt explains. */
  tickets: z.array(
    z.object({
      categoryId: z.string(),
      title: z.string(),
      count: z.number().int(),
      unitKobo: koboSchema,
      breakdown: z.object({ ticketKobo: koboSchema, convenienceFeeKobo: koboSchema, merchantCommissionKobo: koboSchema }),
    }),
  ),
});
export type CinemaDetails = z.infer<typeof cinemaDetailsSchema>;

export const hotelDetailsSchema = z.object({
  kind: z.literal('hotel'),
  ...common,
  /**
   * The property's standard check-in and check-out times ("14:00") as the partner's hotel listing
   * gave them, printed on the receipt; null (or absent, on older sales) when not known.
   */
  hotel: z.object({
    id: z.number().int(),
    name: z.string(),
    checkInTime: z.string().nullable().optional(),
    checkOutTime: z.string().nullable().optional(),
  }),
  room: z.object({ id: z.number().int(), name: z.string(), maxOccupancy: z.number().int() }),
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
  rooms: z.number().int(),
  guests: z.number().int(),
  pricePerNightKobo: koboSchema,
  breakdown: z.object({ roomKobo: koboSchema.nullable(), convenienceFeeKobo: koboSchema.nullable() }),
});
export type HotelDetails = z.infer<typeof hotelDetailsSchema>;

export const saleDetailsSchema = z.discriminatedUnion('kind', [cinemaDetailsSchema, hotelDetailsSchema]);
export type SaleDetails = z.infer<typeof saleDetailsSchema>;
