import { describe, expect, it } from 'vitest';
import { isoWeekday, resolveShowtimes } from '../../shared/catalog/schedule';
import { wireCinemaInfoSchema } from '../../shared/partner/experiences';

const morning = { id: 11, start: '11:30AM', end: '2:00PM' };
const evening = { id: 12, start: '6:00PM', end: '8:30PM' };
const late = { id: 13, start: '9:15PM', end: '11:40PM' };
const lekki = { id: 1, name: 'Lekki', is_headquarters: true };
const wuse = { id: 2, name: 'Wuse', is_headquarters: false };

// 2025-11-17 is a Monday.
const monday = '2025-11-17';
const tuesday = '2025-11-18';
const sunday = '2025-11-23';

const info = (raw: Record<string, unknown>) => wireCinemaInfoSchema.parse({ locations: [lekki, wuse], ...raw });

describe('isoWeekday', () => {
  it('numbers Monday 1 to Sunday 7 and refuses impossible dates', () => {
    expect(isoWeekday(monday)).toBe(1);
    expect(isoWeekday(tuesday)).toBe(2);
    expect(isoWeekday(sunday)).toBe(7);
    expect(isoWeekday('2024-02-29')).toBe(4);
    expect(isoWeekday('2025-02-29')).toBeNull();
    expect(isoWeekday('2025-13-01')).toBeNull();
    expect(isoWeekday('17-11-2025')).toBeNull();
  });
});

describe('resolveShowtimes', () => {
  it('daily, shared times: the same times on every day at every location', () => {
    const daily = info({ showing: 'daily', shared_times: true, per_day_times: false, times: [morning, evening] });
    expect(resolveShowtimes(daily, monday, 1)).toEqual([morning, evening]);
    expect(resolveShowtimes(daily, sunday, 2)).toEqual([morning, evening]);
  });

  it('daily with per-day times: looks the date up in days_with_times', () => {
    const perDay = info({
      showing: 'daily',
      shared_times: true,
      per_day_times: true,
      days_with_times: [
        { date: monday, times: [morning] },
        { date: tuesday, times: [evening, late] },
      ],
    });
    expect(resolveShowtimes(perDay, monday, 1)).toEqual([morning]);
    expect(resolveShowtimes(perDay, tuesday, 2)).toEqual([evening, late]);
    expect(resolveShowtimes(perDay, sunday, 1)).toEqual([]);
  });

  it('weekly with per-day times: looks the weekday up (1 = Monday)', () => {
    const weekly = info({
      showing: 'weekly',
      shared_times: true,
      per_day_times: true,
      days_with_times: [
        { day: 1, times: [morning] },
        { day: 7, times: [late] },
      ],
    });
    expect(resolveShowtimes(weekly, monday, 1)).toEqual([morning]);
    expect(resolveShowtimes(weekly, '2025-11-24', 1)).toEqual([morning]);
    expect(resolveShowtimes(weekly, sunday, 1)).toEqual([late]);
    expect(resolveShowtimes(weekly, tuesday, 1)).toEqual([]);
  });

  it('weekly with the same times: days_with_times still says which weekdays it shows', () => {
    const weekly = info({
      showing: 'weekly',
      shared_times: true,
      per_day_times: false,
      times: [evening],
      days_with_times: [{ day: 5, times: [evening] }, { day: 6, times: [evening] }],
    });
    expect(resolveShowtimes(weekly, '2025-11-21', 1)).toEqual([evening]);
    expect(resolveShowtimes(weekly, '2025-11-22', 2)).toEqual([evening]);
    expect(resolveShowtimes(weekly, monday, 1)).toEqual([]);
  });

  it('shared_times false: each location has its own schedule', () => {
    const perLocation = info({
      showing: 'daily',
      shared_times: false,
      per_day_times: false,
      times: [late],
      locations: [
        { ...lekki, times: [morning] },
        { ...wuse, times: [evening, late] },
      ],
    });
    expect(resolveShowtimes(perLocation, monday, 1)).toEqual([morning]);
    expect(resolveShowtimes(perLocation, monday, 2)).toEqual([evening, late]);
  });

  it("shared_times false with per-day times: each location's own days_with_times", () => {
    const perLocation = info({
      showing: 'weekly',
      shared_times: false,
      per_day_times: true,
      locations: [
        { ...lekki, days_with_times: [{ day: 1, times: [morning] }] },
        { ...wuse, days_with_times: [{ day: 2, times: [late] }] },
      ],
    });
    expect(resolveShowtimes(perLocation, monday, 1)).toEqual([morning]);
    expect(resolveShowtimes(perLocation, monday, 2)).toEqual([]);
    expect(resolveShowtimes(perLocation, tuesday, 2)).toEqual([late]);
  });

  it('specific_dates: only those dates show, film-level or per location', () => {
    const monthly = info({ showing: 'monthly', shared_times: true, times: [evening], specific_dates: [monday, sunday] });
    expect(resolveShowtimes(monthly, monday, 1)).toEqual([evening]);
    expect(resolveShowtimes(monthly, sunday, 2)).toEqual([evening]);
    expect(resolveShowtimes(monthly, tuesday, 1)).toEqual([]);

    const perLocation = info({
      showing: 'monthly',
      shared_times: false,
      locations: [
        { ...lekki, times: [morning], specific_dates: [tuesday] },
        { ...wuse, times: [late], specific_dates: [monday] },
      ],
    });
    expect(resolveShowtimes(perLocation, tuesday, 1)).toEqual([morning]);
    expect(resolveShowtimes(perLocation, tuesday, 2)).toEqual([]);
    expect(resolveShowtimes(perLocation, monday, 2)).toEqual([late]);
  });

  it('nothing outside the run, at a location the film is not at, or on an impossible date', () => {
    const bounded = info({ showing: 'daily', times: [morning], start_date: monday, end_date: '2025-11-20' });
    expect(resolveShowtimes(bounded, monday, 1)).toEqual([morning]);
    expect(resolveShowtimes(bounded, '2025-11-20', 1)).toEqual([morning]);
    expect(resolveShowtimes(bounded, '2025-11-16', 1)).toEqual([]);
    expect(resolveShowtimes(bounded, '2025-11-21', 1)).toEqual([]);
    expect(resolveShowtimes(bounded, monday, 99)).toEqual([]);
    expect(resolveShowtimes(bounded, '2025-11-31', 1)).toEqual([]);
  });
});
