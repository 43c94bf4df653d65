import { formatNaira } from '@shared/money';
import { formatLagosClock, lagosWallClock } from '@shared/dates';
import type { MessageKey } from './catalogues/en';

/** Looks a message up in the current catalogue and fills its ICU placeholders. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string) {
  const match = isoDate.exec(date);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Noon UTC: the weekday of a calendar date, whatever the till's own time zone.
  const weekday = new Date(Date.UTC(year, month - 1, day, 12)).getUTCDay();
  return { year, month, day, weekday };
}

export type DateStyle = 'short' | 'long' | 'dayMonthYear';

/**
 * Dates for the screen, in the customer's language. Chromium's Intl knows only some languages'
 * month and day names: for Yoruba, Hausa, Igbo and Pidgin it silently answers in US English, and
 * its en-US order (04/12/1985) reads as 4 December to a Nigerian. So the names and the order
 * (day before month, as in en-NG) come from the catalogue, and Intl is not asked at all.
 */
export function formatDate(t: Translate, date: string, style: DateStyle = 'short'): string {
  const { year, month, day, weekday } = parts(date);
  const long = style !== 'short';
  return t(`date.pattern.${style}`, {
    weekday: t(long ? `date.weekday.${weekday}` as MessageKey : `date.weekdayShort.${weekday}` as MessageKey),
    day,
    month: t(long ? `date.month.${month}` as MessageKey : `date.monthShort.${month}` as MessageKey),
    year: String(year),
  });
}

/** "Today", "Tomorrow", or the short date: how a customer reads a day chip. */
export function formatDay(t: Translate, date: string, today: string, tomorrow: string): string {
  if (date === today) return t('date.today');
  if (date === tomorrow) return t('date.tomorrow');
  return formatDate(t, date, 'short');
}

/**
 * Money on screen is Naira in the en-NG way ("₦12,345.00") in every language: en-NG is the one
 * Nigerian locale Chromium formats correctly, and the till's figures must read the same on every
 * screen and receipt.
 */
export const formatMoney = (kobo: number): string => formatNaira(kobo, 'en-NG');

/** dd/mm/yyyy as typed at a counter (also accepts d/m/yyyy, dots and dashes) to YYYY-MM-DD. */
export function parseTypedDate(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text) ?? null;
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text);
  const [day, month, year] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : iso ? [Number(iso[3]), Number(iso[2]), Number(iso[1])] : [0, 0, 0];
  if (!year || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** YYYY-MM-DD as a counter types it back: 12/04/1985. */
export const toTypedDate = (date: string): string => {
  const { year, month, day } = parts(date);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
};

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

// The Lagos wall clock lives with the other time rules (shared/dates.ts), which main's receipts and
// messages use too; the screens' imports come through here.
export { formatLagosClock, lagosWallClock } from '@shared/dates';

/**
 * "26/11/2026, 05:41:38": when something happened (a sale, a refund, a cancellation opened), as
 * the screens list it: the Lagos day, day first as en-NG writes it, and the Lagos time, as on the
 * receipt. The one formatter for instants on screen: no `toLocaleString` or Intl without a zone.
 */
export function formatLagosDateTime(instant: string | Date): string {
  const clock = lagosWallClock(instant);
  if (!clock) return String(instant);
  return `${toTypedDate(clock.date)}, ${formatLagosClock(instant, { seconds: true })}`;
}

export { formatShowtime } from '@shared/showtime';
