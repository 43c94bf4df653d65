import { z } from 'zod';

/**
 * Why staff did something the journal keeps their word for (cash in or out of the drawer, a sale
 * settled by hand): up to 200 characters, with three letters or digits at least, because a reason
 * of invisible characters or punctuation says nothing.
 */
export const statedReasonSchema = z
  .string()
  .trim()
  .max(200)
  .refine((text) => (text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3, 'say why');
