import { partnerTimeZone } from '../../../shared/dates';
import { formatNairaPlain, koboDecimalText, type Kobo } from '../../../shared/money';
import { once } from '../../../shared/once';

/**
 * Dates and amounts as receipts print them. Month and day names are spelled here rather than by
 * Intl so a receipt reads the same whatever ICU data the machine has.
 */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

// Made at the first receipt, not when the module loads, as formatNairaWhole's formatter is
// (shared/money.ts): a process that prints nothing need not build it.
const lagosParts = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: partnerTimeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }),
);

/** Month and weekday names of a receipt's language (receipts/labels); English by default. */
export interface DateNames {
  months: readonly string[];
  weekdays: readonly string[];
}
const english: DateNames = { months, weekdays };

/** "21 Nov 2025 16:30", Lagos time: the till's own clock zone does not matter. */
export function formatDateTime(iso: string, names: DateNames = english): string {
  const parts = Object.fromEntries(lagosParts().formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  const pad = (value: string | undefined) => (value ?? '').padStart(2, '0');
  return `${Number(parts.day)} ${names.months[Number(parts.month) - 1]} ${parts.year} ${pad(parts.hour)}:${pad(parts.minute)}`;
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
