import { describe, expect, it } from 'vitest';
import { countedTotalKobo, nairaNotesKobo } from '../../shared/sales/cash-count';

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
});
