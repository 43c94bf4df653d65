import { z } from 'zod';

/**
 * Stored times are `Date#toISOString()` text, compared as strings; an instant given any other way
 * ("...T10:00:00+01:00", no milliseconds) is normalised to that form first.
 */
export const instantSchema = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

export const dateRangeSchema = z
  .object({
    /** Inclusive. */
    from: instantSchema.optional(),
    /** Exclusive. */
    to: instantSchema.optional(),
  })
  .strict();
export type DateRange = z.input<typeof dateRangeSchema>;
