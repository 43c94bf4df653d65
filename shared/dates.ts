/**
 * Calendar dates as the partner writes them (YYYY-MM-DD), in Lagos time: the cinemas and hotels
 * are in Nigeria, so "today" is Lagos's today whatever the till's clock zone is.
 */
export const partnerTimeZone = 'Africa/Lagos';

export function lagosDate(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: partnerTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return parts; // en-CA formats as YYYY-MM-DD
}

export function addDays(date: string, days: number): string {
  const utc = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(utc).toISOString().slice(0, 10);
}

/** Whole nights from check-in to check-out (negative or zero when the order is wrong). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
}

/** 1..12 of a YYYY-MM-DD date. */
export const monthOf = (date: string): number => Number(date.slice(5, 7));

/** "Sat 21 Nov" for chips and receipts. */
export function shortDateLabel(date: string, locale = 'en-NG'): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
