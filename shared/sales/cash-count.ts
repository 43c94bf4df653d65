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
