import { lagosMidnight, parseIsoDate } from './dates';

/**
 * A showtime as the partner writes it ("7:30PM", "11:30AM") as the reader's language writes a time:
 * French on the 24-hour clock ("19:30"); English, Pidgin, Yoruba, Hausa and Igbo as Nigerians
 * write it, unchanged. Anything that is not such a time is shown as it came.
 */
export function formatShowtime(start: string, language: string): string {
  if (language !== 'fr') return start;
  const minutes = showtimeMinutes(start);
  if (minutes === null) return start;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes after midnight of a partner clock time ("7:30PM" -> 1170), or null when it is not one. */
export function showtimeMinutes(start: string): number | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\.?\s*$/.exec(start);
  if (!match) return null;
  const hour12 = Number(match[1]);
  if (hour12 < 1 || hour12 > 12) return null;
  return ((hour12 % 12) + (match[3]!.toLowerCase() === 'p' ? 12 : 0)) * 60 + Number(match[2]);
}

/**
 * How long after its start a showing is still sold: trailers run first, and a latecomer may still
 * want in; after that the ticket is worth nothing to the customer and would only come back as a
 * refund. The till's own rule: the partner lists (and sells) a day's showings all day.
 */
export const lateSaleMinutes = 30;

/**
 * Whether a showing on `date` (Lagos, YYYY-MM-DD) starting at `start` is still sold at `now`: until
 * lateSaleMinutes after it starts. A start that is not a clock time is left to the date's own rule.
 */
export function showtimeOnSale(date: string, start: string, now: Date): boolean {
  const minutes = showtimeMinutes(start);
  const day = parseIsoDate(date);
  if (minutes === null || day === null) return true;
  return now.getTime() < lagosMidnight(day).getTime() + (minutes + lateSaleMinutes) * 60_000;
}
