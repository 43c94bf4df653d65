/**
 * Lagos time and calendar dates: the one home for them, used by main (sales, sandbox, journal
 * exports, receipts) and by the screens.
 *
 * The cinemas and hotels are in Nigeria, so "today" is Lagos's today whatever zone the till's
 * clock is set to, and calendar dates are written as the partner writes them (YYYY-MM-DD). Lagos
 * keeps West Africa Time, UTC+1 all year with no daylight saving, so a fixed offset is exact and
 * far cheaper than Intl on every request. Arithmetic works on "epoch days" (whole days since
 * 1970-01-01).
 */

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
/** The offset as ISO 8601 writes it, for instants at a Lagos midnight. */
const LAGOS_OFFSET = '+01:00';
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

/**
 * An instant as a Lagos wall clock, "YYYY-MM-DD HH:MM:SS": what the receipt and the screens said,
 * and a form spreadsheets read as a date and time (the journal CSV). Empty for what is not an instant.
 */
export function lagosDateTimeText(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return new Date(ms + LAGOS_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant's Lagos wall clock: its Lagos calendar day (YYYY-MM-DD) and time of day. Worked out
 * from the instant alone, never from the computer's own time zone, so every screen, receipt and
 * message reads the same hour. Null for a text that is not an instant.
 */
export function lagosWallClock(instant: string | Date): { date: string; hour: number; minute: number; second: number } | null {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) return null;
  // The same rule as lagosDateTimeText: shifted by the offset, UTC's fields are Lagos's.
  const lagos = new Date(ms + LAGOS_OFFSET_MS);
  return { date: lagos.toISOString().slice(0, 10), hour: lagos.getUTCHours(), minute: lagos.getUTCMinutes(), second: lagos.getUTCSeconds() };
}

/** "05:41" (or "05:41:38" with seconds), Lagos time, whatever the till's own zone. */
export function formatLagosClock(instant: string | Date, options: { seconds?: boolean } = {}): string {
  const clock = lagosWallClock(instant);
  if (!clock) return String(instant);
  return `${two(clock.hour)}:${two(clock.minute)}${options.seconds ? `:${two(clock.second)}` : ''}`;
}

/** Today in Lagos, YYYY-MM-DD. */
export const lagosDate = (now: Date): string => isoDate(lagosToday(now));

export function addDays(date: string, days: number): string {
  const utc = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  return new Date(utc).toISOString().slice(0, 10);
}

/** Whole nights from check-in to check-out (negative or zero when the order is wrong). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS);
}

/** 1..12 of a YYYY-MM-DD date. */
export const monthOf = (date: string): number => Number(date.slice(5, 7));

/**
 * Calendar days as the tills' staff mean them (Lagos) to instants: `from` is the first day's
 * midnight, `to` the midnight after the last day, so the last day is included.
 */
export function lagosDayBounds(range: { from?: string; to?: string }): { from?: string; to?: string } {
  return {
    ...(range.from ? { from: `${range.from}T00:00:00${LAGOS_OFFSET}` } : {}),
    ...(range.to ? { to: `${addDays(range.to, 1)}T00:00:00${LAGOS_OFFSET}` } : {}),
  };
}

/** "Sat 21 Nov" for chips and English sale labels (screens format through their catalogue). */
export function shortDateLabel(date: string, locale = 'en-NG'): string {
  return cachedFormat(shortDateFormats, locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** "21 Nov" */
export function dayMonthLabel(date: string, locale = 'en-NG'): string {
  return cachedFormat(dayMonthFormats, locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

// Building an Intl formatter costs far more than using one, and sale labels are made per sale.
const shortDateFormats = new Map<string, Intl.DateTimeFormat>();
const dayMonthFormats = new Map<string, Intl.DateTimeFormat>();
function cachedFormat(cache: Map<string, Intl.DateTimeFormat>, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(locale, format);
  }
  return format;
}
