import { z } from 'zod';
import {
  wireCountSchema,
  wireDateSchema,
  wireFlagSchema,
  wireIntIdSchema,
  wireLenientListOf,
  wireListOf,
  wireLooseIdSchema,
  wireNextPageSchema,
  wirePageSizeSchema,
  wireTextSchema,
  wireUuidSchema,
  wireOr,
} from './primitives';

/** One showing of a film: `{ id, start: "11:30AM", end: "2:30PM" }`; `id` is the `time_id` of a purchase. */
export const wireShowtimeSchema = z.object({
  id: wireIntIdSchema,
  start: z.string(),
  end: wireOr(z.string(), () => ''),
});
export type WireShowtime = z.output<typeof wireShowtimeSchema>;

/** A day's showtimes: keyed by `date` (daily films) or by `day`, 1 = Monday .. 7 = Sunday (weekly). */
export const wireDayTimesSchema = z.object({
  date: wireDateSchema.optional(),
  day: z.number().int().min(1).max(7).optional(),
  times: wireListOf(wireShowtimeSchema),
});
export type WireDayTimes = z.output<typeof wireDayTimesSchema>;

export const wireCinemaLocationSchema = z.object({
  id: wireIntIdSchema,
  name: z.string(),
  is_headquarters: wireOr(wireFlagSchema, () => false),
  address: wireTextSchema,
  city: wireTextSchema,
  state: wireTextSchema,
  times: wireListOf(wireShowtimeSchema),
  days_with_times: wireListOf(wireDayTimesSchema),
  specific_dates: wireListOf(wireDateSchema),
});
export type WireCinemaLocation = z.output<typeof wireCinemaLocationSchema>;

/**
 * How a film is scheduled. `showing` is a frequency word (daily, weekly, monthly; the spec does not
 * close the set). `shared_times`: one schedule (`times`, `days_with_times`, `specific_dates`) for
 * every location at the top level, or one per location. `per_day_times`: the same `times` every
 * showing day, or look the day up in `days_with_times`. `start_date`/`end_date`, when sent, bound
 * the run. See shared/catalog/schedule.ts for how they combine.
 */
export const wireCinemaInfoSchema = z.object({
  showing: z.string(),
  start_date: wireDateSchema.nullable().default(null),
  end_date: wireDateSchema.nullable().default(null),
  shared_times: wireOr(wireFlagSchema, () => true),
  per_day_times: wireOr(wireFlagSchema, () => false),
  times: wireListOf(wireShowtimeSchema),
  days_with_times: wireListOf(wireDayTimesSchema),
  locations: wireListOf(wireCinemaLocationSchema),
  specific_dates: wireListOf(wireDateSchema),
});
export type WireCinemaInfo = z.output<typeof wireCinemaInfoSchema>;

const namedRefSchema = z
  .object({ id: wireLooseIdSchema.nullish(), name: z.string() })
  .nullable()
  .default(null);

/** An experience as listed and as returned by the details endpoint (`/experience/v/{id}`). */
export const wireExperienceSchema = z
  .object({
    id: wireUuidSchema,
    title: z.string(),
    description: wireTextSchema,
    image: wireListOf(z.object({ image: z.string() })),
    business: namedRefSchema,
    category: namedRefSchema,
    featured: wireOr(wireFlagSchema, () => false),
    cinema: wireFlagSchema,
    cinema_info: wireCinemaInfoSchema.nullable().default(null),
    start_date: wireDateSchema.nullable().default(null),
    end_date: wireDateSchema.nullable().default(null),
    duration_minutes: z.number().int().nonnegative().nullable().default(null),
    rating: wireTextSchema,
    genre: wireTextSchema,
  })
  .refine((experience) => !experience.cinema || experience.cinema_info !== null, {
    message: 'a cinema experience must carry cinema_info',
    path: ['cinema_info'],
  });
export type WireExperience = z.output<typeof wireExperienceSchema>;

/** A page of experiences; an item that cannot be read is left out and named in `skipped`. */
export const wireExperienceListSchema = z
  .object({
    experiences: wireLenientListOf(wireExperienceSchema),
    next_page: wireNextPageSchema,
    count: wireCountSchema.optional(),
    per_page: wirePageSizeSchema.optional(),
  })
  .transform(({ experiences, ...page }) => ({ ...page, experiences: experiences.items, skipped: experiences.skipped }));
export type WireExperienceList = z.output<typeof wireExperienceListSchema>;

/** Show dates of the dates endpoint. */
export const wireCinemaDatesSchema = z.array(wireDateSchema);

/** The experience list filters as the client takes them; spelled as query parameters by the client. */
export interface ExperienceQuery {
  cinema?: boolean;
  featured?: boolean;
  /** A title; for cinemas also a city or state. */
  search?: string;
  businessId?: string;
  categoryId?: string;
  sortedBy?: 'just_added' | 'upcoming' | 'randomly';
  page?: number;
  perPage?: number;
}
