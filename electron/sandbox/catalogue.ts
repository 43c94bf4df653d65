import { z } from 'zod';

/**
 * The sandbox's own reading of the partner catalogue. Deliberately independent of the partner
 * client's schemas: client tests against the sandbox cross-check two readings of the spec.
 *
 * Dates are day offsets from "today" in Africa/Lagos so a seed never goes stale; the views turn
 * them into calendar dates for the clock's current day.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidSchema = z.string().regex(UUID, 'must be a UUID');
export const isUuid = (value: string): boolean => UUID.test(value);

const text = z.string().trim().min(1);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const dayOffset = z.number().int().min(-3650).max(3650);
/** Naira amounts must be whole kobo, so sums can be done exactly in integer kobo. */
const naira = z
  .number()
  .nonnegative()
  .max(100_000_000)
  .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
    message: 'must be whole kobo (at most 2 decimals)',
  });
/** Partner clock times look like "11:30AM" / "2:30PM". */
const clockTime = z.string().regex(/^(1[0-2]|[1-9]):[0-5]\d(AM|PM)$/, 'must look like 11:30AM');

export const showtimeSchema = z.object({ id, start: clockTime, end: clockTime });
export type Showtime = z.infer<typeof showtimeSchema>;
const showtimes = z.array(showtimeSchema).min(1);

/**
 * How a film is scheduled; `showing` and `per_day_times` of cinema_info follow from the kind:
 * every_day -> daily/same times, dated_days -> daily/per-day, weekdays -> weekly/same times,
 * weekday_times -> weekly/per-day, specific_dates -> monthly/same times.
 */
export const scheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('every_day'), times: showtimes }),
  z.object({
    kind: z.literal('dated_days'),
    days: z.array(z.object({ day_offset: dayOffset, times: showtimes })).min(1),
  }),
  z.object({ kind: z.literal('weekdays'), weekdays: z.array(z.number().int().min(1).max(7)).min(1), times: showtimes }),
  z.object({
    kind: z.literal('weekday_times'),
    days: z.array(z.object({ weekday: z.number().int().min(1).max(7), times: showtimes })).min(1),
  }),
  z.object({ kind: z.literal('specific_dates'), day_offsets: z.array(dayOffset).min(1), times: showtimes }),
]);
export type Schedule = z.infer<typeof scheduleSchema>;

export const priceBreakdownSchema = z.object({
  ticket_price: naira,
  convenience_fee: naira,
  merchant_commission: naira,
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

export const ticketCategorySchema = z.object({
  id: uuidSchema,
  title: text,
  /** Seats for sale in this category across all showtimes and locations (the partner's model). */
  slots: z.number().int().min(0).max(100_000),
  /** The price wherever location_prices says nothing else. */
  price: priceBreakdownSchema,
  /**
   * Cinema locations that charge differently, keyed by location id. A request that names no
   * location is priced at the headquarters location (which may itself be listed here).
   */
  location_prices: z.record(z.string().regex(/^\d+$/), priceBreakdownSchema).optional(),
});
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

export const cinemaSiteSchema = z.object({ id, name: text, address: text, city: text, state: text });
export type CinemaSite = z.infer<typeof cinemaSiteSchema>;

const reference = z.object({ id: uuidSchema, name: text });

const experienceBase = {
  id: uuidSchema,
  title: text,
  description: text,
  business: reference,
  category: reference,
  featured: z.boolean(),
  created_offset_days: dayOffset,
  tickets: z.array(ticketCategorySchema).min(1),
};

export const cinemaExperienceSchema = z.object({
  ...experienceBase,
  cinema: z.literal(true),
  duration_minutes: z.number().int().min(1).max(600),
  rating: text,
  genre: text,
  run: z.object({ start_offset: dayOffset, end_offset: dayOffset }),
  shared_times: z.boolean(),
  /** Required when shared_times is true. */
  schedule: scheduleSchema.optional(),
  locations: z
    .array(
      z.object({
        site_id: id,
        is_headquarters: z.boolean(),
        /** Required when shared_times is false. */
        schedule: scheduleSchema.optional(),
      }),
    )
    .min(1),
});
export type CinemaExperience = z.infer<typeof cinemaExperienceSchema>;

export const regularExperienceSchema = z.object({
  ...experienceBase,
  cinema: z.literal(false),
  start_offset: dayOffset,
  end_offset: dayOffset,
  venue: z.object({ name: text, address: text, city: text, state: text }),
});
export type RegularExperience = z.infer<typeof regularExperienceSchema>;

export const experienceSchema = z.discriminatedUnion('cinema', [cinemaExperienceSchema, regularExperienceSchema]);
export type Experience = z.infer<typeof experienceSchema>;

export const propertyTypes = ['hotel', 'apartment', 'resort', 'inn'] as const;
export const propertyTypeSchema = z.enum(propertyTypes);

export const roomSchema = z.object({
  id,
  room_name: text,
  type: z.string().nullable(),
  description: z.string().nullable(),
  max_occupancy: z.number().int().min(1).max(50),
  /** Per night; the partner's price is room_price + convenience_fee. */
  room_price: naira,
  convenience_fee: naira,
  /** Rooms of this type left before any sandbox booking. */
  number_of_rooms: z.number().int().min(0).max(100_000),
  is_available: z.boolean(),
});
export type Room = z.infer<typeof roomSchema>;

export const hotelBusinessSchema = z.object({ id: text, name: text, slug: text });
export type HotelBusiness = z.infer<typeof hotelBusinessSchema>;

export const hotelSchema = z.object({
  id,
  name: text,
  location: text,
  description: text,
  city: text,
  state: text,
  country: text,
  coordinates: z.object({ latitude: z.number().min(-90).max(90).nullable(), longitude: z.number().min(-180).max(180).nullable() }),
  contact: z.object({ website: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  business_id: text,
  check_in_time: text,
  check_out_time: text,
  amenities: z.array(z.string().regex(/^[a-z0-9-]+$/, 'amenities are lowercase slugs')),
  property_type: propertyTypeSchema,
  status: z.enum(['active', 'inactive']),
  created_offset_days: dayOffset,
  updated_offset_days: dayOffset,
  rooms: z.array(roomSchema).min(1),
});
export type Hotel = z.infer<typeof hotelSchema>;

export const catalogueSchema = z
  .object({
    cinema_sites: z.array(cinemaSiteSchema),
    experiences: z.array(experienceSchema),
    hotel_businesses: z.array(hotelBusinessSchema),
    hotels: z.array(hotelSchema),
  })
  .superRefine((catalogue, ctx) => {
    for (const problem of catalogueProblems(catalogue)) ctx.addIssue({ code: 'custom', message: problem });
  });
export type Catalogue = z.infer<typeof catalogueSchema>;

/** Cross-references and uniqueness that a per-field schema cannot see. */
function catalogueProblems(catalogue: z.infer<typeof catalogueSchema>): string[] {
  const problems: string[] = [];
  const unique = (label: string, values: Array<string | number>) => {
    const seen = new Set<string | number>();
    for (const value of values) {
      if (seen.has(value)) problems.push(`duplicate ${label} ${value}`);
      seen.add(value);
    }
  };
  const siteIds = new Set(catalogue.cinema_sites.map((s) => s.id));
  const businessIds = new Set(catalogue.hotel_businesses.map((b) => b.id));
  unique('cinema site id', [...catalogue.cinema_sites.map((s) => s.id)]);
  unique('experience id', catalogue.experiences.map((e) => e.id));
  unique('ticket category id', catalogue.experiences.flatMap((e) => e.tickets.map((t) => t.id)));
  unique('hotel id', catalogue.hotels.map((h) => h.id));
  unique('room id', catalogue.hotels.flatMap((h) => h.rooms.map((r) => r.id)));
  unique('hotel business id', catalogue.hotel_businesses.map((b) => b.id));

  const showtimeIds: number[] = [];
  for (const experience of catalogue.experiences) {
    if (!experience.cinema) {
      if (experience.end_offset < experience.start_offset) problems.push(`${experience.title}: ends before it starts`);
      continue;
    }
    const where = experience.title;
    if (experience.run.end_offset < experience.run.start_offset) problems.push(`${where}: run ends before it starts`);
    const headquarters = experience.locations.filter((l) => l.is_headquarters);
    if (headquarters.length !== 1) problems.push(`${where}: needs exactly one headquarters location`);
    unique(`location of ${where}`, experience.locations.map((l) => l.site_id));
    const locationIds = new Set(experience.locations.map((l) => String(l.site_id)));
    for (const location of experience.locations) {
      if (!siteIds.has(location.site_id)) problems.push(`${where}: unknown cinema site ${location.site_id}`);
    }
    for (const ticket of experience.tickets) {
      for (const key of Object.keys(ticket.location_prices ?? {})) {
        if (!locationIds.has(key)) problems.push(`${where}: ${ticket.title} priced for unknown location ${key}`);
      }
    }
    const schedules = experience.shared_times
      ? [experience.schedule]
      : experience.locations.map((l) => l.schedule);
    if (schedules.some((s) => s === undefined)) {
      problems.push(`${where}: shared_times=${experience.shared_times} needs a schedule ${experience.shared_times ? 'on the film' : 'on every location'}`);
      continue;
    }
    const kinds = new Set(schedules.map((s) => s?.kind));
    if (kinds.size > 1) problems.push(`${where}: every location must use the same kind of schedule`);
    for (const schedule of schedules) if (schedule) showtimeIds.push(...scheduleShowtimes(schedule).map((t) => t.id));
  }
  unique('showtime id', showtimeIds);

  for (const hotel of catalogue.hotels) {
    if (!businessIds.has(hotel.business_id)) problems.push(`${hotel.name}: unknown business ${hotel.business_id}`);
  }
  return problems;
}

export function scheduleShowtimes(schedule: Schedule): Showtime[] {
  switch (schedule.kind) {
    case 'every_day':
    case 'weekdays':
    case 'specific_dates':
      return schedule.times;
    case 'dated_days':
    case 'weekday_times':
      return schedule.days.flatMap((d) => d.times);
  }
}
