import { z } from 'zod';
import { koboSchema } from '../money';

/**
 * Counting the drawer at close by notes: the naira notes in circulation, largest first, in kobo
 * (₦1,000 down to ₦5; ₦1 and ₦2 coins and the rest go in one amount of their own), and the total a
 * count makes. The screen adds the notes up so a cashier counting a drawer of hundreds of notes
 * types how many of each, not a sum worked out on paper.
 */
export const nairaNotesKobo = [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500] as const;

export interface CashCount {
  /** How many of each note, by its value in kobo; a note not counted is 0. */
  notes: Partial<Record<(typeof nairaNotesKobo)[number], number>>;
  /** Coins and anything else, as one amount. */
  otherKobo: number;
}

/** The count's total in kobo, or null when a figure is not a whole, non-negative number. */
export function countedTotalKobo(count: CashCount): number | null {
  let total = count.otherKobo;
  if (!Number.isInteger(total) || total < 0) return null;
  for (const note of nairaNotesKobo) {
    const pieces = count.notes[note] ?? 0;
    if (!Number.isInteger(pieces) || pieces < 0) return null;
    total += pieces * note;
  }
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * The count as the close records it, in its Z report: the notes counted (none twice, none at
 * zero) and the coins. Its total must be the counted cash it stands for.
 */
export const countSheetSchema = z
  .object({
    notes: z
      .array(z.object({ noteKobo: z.literal(nairaNotesKobo), count: z.number().int().positive().max(1_000_000) }).strict())
      .max(nairaNotesKobo.length)
      .refine((notes) => new Set(notes.map((line) => line.noteKobo)).size === notes.length, 'each note once'),
    otherKobo: koboSchema.nonnegative(),
  })
  .strict();
export type CountSheet = z.infer<typeof countSheetSchema>;

/** What a recorded count adds up to, in kobo. */
export const countSheetTotalKobo = (sheet: CountSheet): number => sheet.notes.reduce((sum, line) => sum + line.noteKobo * line.count, sheet.otherKobo);

/** A count typed on the screen, as the close records it (notes not counted left out); null when it is not a count. */
export function toCountSheet(count: CashCount): CountSheet | null {
  if (countedTotalKobo(count) === null) return null;
  const notes = nairaNotesKobo.flatMap((noteKobo) => ((count.notes[noteKobo] ?? 0) > 0 ? [{ noteKobo, count: count.notes[noteKobo]! }] : []));
  return { notes, otherKobo: count.otherKobo };
}
