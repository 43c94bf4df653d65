import { lagosWallClock } from '../../../shared/dates';
import { formatNairaPlain, koboDecimalText, type Kobo } from '../../../shared/money';

/**
 * Dates and amounts as receipts print them. Month and day names are spelled here rather than by
 * Intl so a receipt reads the same whatever ICU data the machine has, and the Lagos hour comes
 * from the time rules (UTC+1 all year, shared/dates.ts), not from ICU's zone data.
 */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Month and weekday names of a receipt's language (receipts/labels); English by default. */
export interface DateNames {
  months: readonly string[];
  weekdays: readonly string[];
}
const english: DateNames = { months, weekdays };

/** "21 Nov 2025 16:30", Lagos time: the till's own clock zone does not matter. */
export function formatDateTime(iso: string, names: DateNames = english): string {
  const clock = lagosWallClock(iso);
  // A receipt with no real moment on it is a defect upstream; Intl, used here before, threw too.
  if (!clock) throw new RangeError(`Not an instant: ${iso}`);
  const [year, month, day] = clock.date.split('-').map(Number) as [number, number, number];
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day} ${names.months[month - 1]} ${year} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** "Sat 22 Nov 2025" from a calendar date (YYYY-MM-DD). */
export function formatDateLabel(date: string, names: DateNames = english): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return `${names.weekdays[day.getUTCDay()]} ${day.getUTCDate()} ${names.months[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** "NGN 12,345.00": printer code pages have no Naira sign. */
export const money = (kobo: Kobo): string => formatNairaPlain(kobo);

/** "12,345.00": a unit price beside a quantity, where the line's amount already says NGN. */
export const amountOnly = (kobo: Kobo): string => `${kobo < 0 ? '-' : ''}${koboDecimalText(Math.abs(kobo), { grouping: true })}`;

/** "7.5%", "5%". */
export const percent = (rate: number): string => `${Number(rate.toFixed(2))}%`;

/** "T01-000042": the terminal and its gapless receipt sequence number. */
export const receiptNumberText = (terminalId: string, number: number): string => `${terminalId}-${String(number).padStart(6, '0')}`;

export { plural } from '../../../shared/plural';
