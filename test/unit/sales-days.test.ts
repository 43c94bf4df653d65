import { describe, expect, it } from 'vitest';
import { sameSelection } from '../../electron/sales/hold-book';
import { exportFileName, lagosDayRange } from '../../electron/sales/lagos-days';

describe('days as staff mean them', () => {
  it('turns Lagos calendar days into the journal instants, the last day included', () => {
    expect(lagosDayRange({ from: '2026-11-01', to: '2026-11-21' })).toEqual({ ok: true, value: { from: '2026-11-01T00:00:00+01:00', to: '2026-11-22T00:00:00+01:00' } });
    expect(lagosDayRange({ to: '2026-12-31' })).toEqual({ ok: true, value: { to: '2027-01-01T00:00:00+01:00' } });
    expect(lagosDayRange({})).toEqual({ ok: true, value: {} });
    expect(lagosDayRange({ from: '2026-11-21', to: '2026-11-20' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { from: expect.any(Array) } } });
  });

  it('names the export file after the terminal and the days', () => {
    expect(exportFileName('T01', { from: '2026-11-01', to: '2026-11-21' }, '2026-11-30')).toBe('lobby-pos-T01-2026-11-01-to-2026-11-21.csv');
    expect(exportFileName('KIOSK-2', {}, '2026-11-30')).toBe('lobby-pos-KIOSK-2-start-to-2026-11-30.csv');
  });
});

describe('a hold matches a sale', () => {
  const base = { filmId: 'DD66D9FB-211D-4A32-85B4-B2558A8FD0BA', locationId: 101, date: '2026-11-22', showtimeId: 5037, tickets: [{ categoryId: 'a', count: 2 }, { categoryId: 'b', count: 1 }] };
  it('for the same film, place, showing and tickets, in any order', () => {
    expect(sameSelection(base, { ...base, filmId: base.filmId.toLowerCase(), tickets: [{ categoryId: 'B', count: 1 }, { categoryId: 'a', count: 2 }] })).toBe(true);
  });
  it('not for other counts, categories, showings or dates', () => {
    expect(sameSelection(base, { ...base, tickets: [{ categoryId: 'a', count: 3 }, { categoryId: 'b', count: 1 }] })).toBe(false);
    expect(sameSelection(base, { ...base, tickets: [{ categoryId: 'a', count: 2 }] })).toBe(false);
    expect(sameSelection(base, { ...base, showtimeId: 5038 })).toBe(false);
    expect(sameSelection(base, { ...base, date: '2026-11-23' })).toBe(false);
    expect(sameSelection(base, { ...base, locationId: 103 })).toBe(false);
  });
});
