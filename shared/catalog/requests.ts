import { z } from 'zod';
import { koboSchema } from '../money';
import { propertyTypes } from './hotels';
import { partnerCityName } from './city-names';

/** Requests of the browsing channels. Strict: an unknown key is a bug in the caller, not a hint. */

const filmId = z.guid({ error: 'must be a film id' });
const locationId = z.number().int().positive();
const page = z.number().int().positive().max(100_000).default(1);
const perPage = z.number().int().min(1).max(100).default(20);
const searchText = z.string().trim().min(1).max(100);
/** A city (or a title that may be one), as the partner names it: Èkó is sent as Lagos. */
const cityText = searchText.transform(partnerCityName);

export const filmsRequestSchema = z
  .object({
    featured: z.boolean().optional(),
    /** A title, or a city or state to find cinemas by location. */
    search: cityText.optional(),
    page,
    perPage,
  })
  .strict();

export const filmRequestSchema = z.object({ filmId }).strict();

export const showtimesRequestSchema = z
  .object({ filmId, locationId, date: z.iso.date({ error: 'must be a date like 2025-11-21' }) })
  .strict();

export const datesRequestSchema = z
  .object({ filmId, locationId, month: z.number().int().min(1).max(12) })
  .strict();

export const ticketsRequestSchema = z.object({ filmId, locationId }).strict();

const occupancy = z.number().int().min(1).max(50);

export const hotelsRequestSchema = z
  .object({
    businessId: z.string().trim().min(1).max(64).optional(),
    city: cityText.optional(),
    state: searchText.optional(),
    country: searchText.optional(),
    propertyType: z.enum(propertyTypes).optional(),
    availableRoomsOnly: z.boolean().optional(),
    /** Per night, kobo (sent to the partner in Naira). */
    minPriceKobo: koboSchema.nonnegative().optional(),
    maxPriceKobo: koboSchema.nonnegative().optional(),
    minOccupancy: occupancy.optional(),
    maxOccupancy: occupancy.optional(),
    /** A hotel must have every one of these. */
    amenities: z
      .array(z.string().trim().regex(/^[A-Za-z0-9 _-]{1,40}$/, 'must be an amenity name without commas'))
      .max(20)
      .optional(),
    search: searchText.optional(),
    page,
    perPage,
  })
  .strict()
  .refine((r) => r.minPriceKobo === undefined || r.maxPriceKobo === undefined || r.minPriceKobo <= r.maxPriceKobo, {
    message: 'must not be above the maximum price',
    path: ['minPriceKobo'],
  })
  .refine((r) => r.minOccupancy === undefined || r.maxOccupancy === undefined || r.minOccupancy <= r.maxOccupancy, {
    message: 'must not be above the maximum occupancy',
    path: ['minOccupancy'],
  });

export const roomsRequestSchema = z
  .object({ hotelId: z.number().int().positive(), page, perPage })
  .strict();

