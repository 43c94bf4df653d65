import { describe, expect, it } from 'vitest';
import { countSheetSchema, countSheetTotalKobo, countedTotalKobo, nairaNotesKobo, toCountSheet } from '../../shared/sales/cash-count';

describe('counting the drawer by notes', () => {
  it('adds each note by its value and the coins, in kobo', () => {
    expect(countedTotalKobo({ notes: { 100_000: 37, 500: 3, 20_000: 2 }, otherKobo: 1_550 })).toBe(3_700_000 + 1_500 + 40_000 + 1_550);
    expect(countedTotalKobo({ notes: {}, otherKobo: 0 })).toBe(0);
  });

  it('knows the naira notes, largest first', () => {
    expect(nairaNotesKobo.map((kobo) => kobo / 100)).toEqual([1000, 500, 200, 100, 50, 20, 10, 5]);
  });

  it('refuses a count that is not a whole number of notes, or below zero', () => {
    expect(countedTotalKobo({ notes: { 100_000: 2.5 }, otherKobo: 0 })).toBeNull();
    expect(countedTotalKobo({ notes: { 50_000: -1 }, otherKobo: 0 })).toBeNull();
    expect(countedTotalKobo({ notes: {}, otherKobo: -100 })).toBeNull();
    expect(countedTotalKobo({ notes: { 100_000: Number.NaN }, otherKobo: 0 })).toBeNull();
  });

  it('records a count with only the notes counted, largest first, and adds it up the same', () => {
    const count = { notes: { 500: 3, 100_000: 37, 20_000: 0 }, otherKobo: 1_550 };
    const sheet = toCountSheet(count)!;
    expect(sheet).toEqual({ notes: [{ noteKobo: 100_000, count: 37 }, { noteKobo: 500, count: 3 }], otherKobo: 1_550 });
    expect(countSheetTotalKobo(sheet)).toBe(countedTotalKobo(count));
    expect(countSheetSchema.safeParse(sheet).success).toBe(true);
    expect(toCountSheet({ notes: { 100_000: 1.5 }, otherKobo: 0 })).toBeNull();
  });

  it('refuses a recorded count naming a note twice, a note that is not naira, or none of a note', () => {
    expect(countSheetSchema.safeParse({ notes: [{ noteKobo: 100_000, count: 1 }, { noteKobo: 100_000, count: 2 }], otherKobo: 0 }).success).toBe(false);
    expect(countSheetSchema.safeParse({ notes: [{ noteKobo: 250_000, count: 1 }], otherKobo: 0 }).success).toBe(false);
    expect(countSheetSchema.safeParse({ notes: [{ noteKobo: 100_000, count: 0 }], otherKobo: 0 }).success).toBe(false);
    expect(countSheetSchema.safeParse({ notes: [], otherKobo: -1 }).success).toBe(false);
  });
});
