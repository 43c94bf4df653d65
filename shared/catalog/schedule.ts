import type { WireCinemaInfo, WireDayTimes, WireShowtime } from '../partner/experiences';
import type { Showtime } from './cinema';

/**
 * The showtimes of a film on one date (YYYY-MM-DD) at one cinema location, from its cinema_info:
 * - `start_date`/`end_date`, when given, bound the run.
 * - `shared_times` true: the film-level schedule (`times`, `days_with_times`, `specific_dates`)
 *   serves every location; false: each location's own.
 * - `specific_dates`, when given, are the only dates the film shows (monthly films).
 * - `days_with_times` entries are found by `date` (daily films) or by ISO weekday `day`,
 *   1 = Monday (weekly films).
 * - `per_day_times` true: that day's entry holds the times. False: the same `times` every showing
 *   day, where a non-empty `days_with_times` still names which days those are (weekly films).
 * A location the film is not at, a date it does not show on, or an impossible date give [].
 */
export function resolveShowtimes(info: WireCinemaInfo, date: string, locationId: number): Showtime[] {
  const location = info.locations.find((candidate) => candidate.id === locationId);
  const weekday = isoWeekday(date);
  if (!location || weekday === null) return [];
  if ((info.start_date !== null && date < info.start_date) || (info.end_date !== null && date > info.end_date)) return [];

  const schedule = info.shared_times ? info : location;
  if (schedule.specific_dates.length > 0 && !schedule.specific_dates.includes(date)) return [];
  const day = dayEntry(schedule.days_with_times, date, weekday);
  if (info.per_day_times) return (day?.times ?? []).map(toShowtime);
  if (schedule.days_with_times.length > 0 && !day) return [];
  return schedule.times.map(toShowtime);
}

function dayEntry(days: readonly WireDayTimes[], date: string, weekday: number): WireDayTimes | undefined {
  return days.find((entry) => entry.date === date) ?? days.find((entry) => entry.date === undefined && entry.day === weekday);
}

const toShowtime = ({ id, start, end }: WireShowtime): Showtime => ({ id, start, end });

/** 1 = Monday .. 7 = Sunday, or null when `date` is not a real YYYY-MM-DD date. */
export function isoWeekday(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return ((utc.getUTCDay() + 6) % 7) + 1;
}
