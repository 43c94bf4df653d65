/**
 * Calendar arithmetic on "epoch days" (whole days since 1970-01-01) in Africa/Lagos.
 * Lagos keeps West Africa Time, UTC+1 all year with no daylight saving, so a fixed offset is
 * exact and far cheaper than Intl on every request.
 */

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type EpochDay = number;

export function lagosToday(now: Date): EpochDay {
  return Math.floor((now.getTime() + LAGOS_OFFSET_MS) / DAY_MS);
}

/** YYYY-MM-DD */
export function isoDate(day: EpochDay): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Midnight at the start of `day` in Lagos, as an ISO instant. */
export function lagosMidnight(day: EpochDay): Date {
  return new Date(day * DAY_MS - LAGOS_OFFSET_MS);
}

/** 1 = Monday ... 7 = Sunday */
export function isoWeekday(day: EpochDay): number {
  // 1970-01-01 was a Thursday (4).
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

export function calendarParts(day: EpochDay): { year: number; month: number; date: number } {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, date: d.getUTCDate() };
}

export function epochDay(year: number, month: number, date: number): EpochDay | null {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || date < 1 || date > 31) return null;
  const ms = Date.UTC(year, month - 1, date);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return ms / DAY_MS;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Strict YYYY-MM-DD with a real calendar date. */
export function parseIsoDate(value: string): EpochDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? epochDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Strict DD-MM-YYYY (the partner's attendance_date format). */
export function parseDayMonthYear(value: string): EpochDay | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return match ? epochDay(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

const MONTH_NAMES = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
] as const;

/**
 * The dates endpoint accepts a lowercase English month name or its number (1-12, optional
 * leading zero). A capitalised name is refused, as the live service does.
 */
export function parseMonth(value: string): number | null {
  const byName = MONTH_NAMES.indexOf(value as (typeof MONTH_NAMES)[number]);
  if (byName >= 0) return byName + 1;
  if (!/^\d{1,2}$/.test(value)) return null;
  const month = Number(value);
  return month >= 1 && month <= 12 ? month : null;
}
