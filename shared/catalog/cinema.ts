import { z } from 'zod';
import { koboSchema } from '../money';

/** What the renderer sees of films: camelCase, money in integer kobo, nulls where the partner may send none. */

export const cinemaLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  isHeadquarters: z.boolean(),
});
export type CinemaLocation = z.infer<typeof cinemaLocationSchema>;

export const filmSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  posterUrl: z.string().nullable(),
  genre: z.string().nullable(),
  rating: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  featured: z.boolean(),
  /** The cinema chain showing it. */
  businessName: z.string().nullable(),
  /** daily, weekly or monthly. */
  showing: z.string(),
  locations: z.array(cinemaLocationSchema),
});
export type Film = z.infer<typeof filmSchema>;

export const filmPageSchema = z.object({
  films: z.array(filmSchema),
  nextPage: z.number().int().nullable(),
  count: z.number().int(),
  perPage: z.number().int(),
});
export type FilmPage = z.infer<typeof filmPageSchema>;

/** One showing; `id` is what a purchase quotes as the showtime. Times as the partner writes them ("11:30AM"). */
export const showtimeSchema = z.object({
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
});
export type Showtime = z.infer<typeof showtimeSchema>;

export const ticketCategorySchema = z.object({
  id: z.string(),
  title: z.string(),
  priceKobo: koboSchema,
  breakdown: z.object({
    ticketKobo: koboSchema,
    convenienceFeeKobo: koboSchema,
    merchantCommissionKobo: koboSchema,
  }),
  slotsRemaining: z.number().int(),
  soldOut: z.boolean(),
});
export type TicketCategory = z.infer<typeof ticketCategorySchema>;

/** Answers of `cinema:showtimes`, `cinema:dates` and `cinema:tickets`: wrapped, so they can grow. */
export const showtimesResultSchema = z.object({ date: z.string(), showtimes: z.array(showtimeSchema) });
export const datesResultSchema = z.object({ dates: z.array(z.string()) });
export const ticketCategoriesResultSchema = z.object({ categories: z.array(ticketCategorySchema) });
