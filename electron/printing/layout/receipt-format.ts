import { partnerTimeZone } from '../../../shared/dates';
import { formatNairaPlain, type Kobo } from '../../../shared/money';

/**
 * Dates and amounts as receipts print them. Month and day names are spelled here rather than by
 * Intl so a receipt reads the same whatever ICU data the machine has.
 */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const lagosParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: partnerTimeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** "21 Nov 2025 16:30", Lagos time: the till's own clock zone does not matter. */
export function formatDateTime(iso: string): string {
  const parts = Object.fromEntries(lagosParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  const pad = (value: string | undefined) => (value ?? '').padStart(2, '0');
  return `${Number(parts.day)} ${months[Number(parts.month) - 1]} ${parts.year} ${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** "Sat 22 Nov 2025" from a calendar date (YYYY-MM-DD). */
export function formatDateLabel(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return `${weekdays[day.getUTCDay()]} ${day.getUTCDate()} ${months[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** "NGN 12,345.00": printer code pages have no Naira sign. */
export const money = (kobo: Kobo): string => formatNairaPlain(kobo);

export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
