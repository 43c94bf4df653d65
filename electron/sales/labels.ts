import { plural } from '../../shared/plural';
import { dayMonthLabel, shortDateLabel } from '../../shared/dates';

/** Words the screens and receipts show for a sale; built once, when the sale is written down. */


/** "Sat 21 Nov, 11:30AM" */
export const showingLabel = (date: string, start: string, locale: string) => `${shortDateLabel(date, locale)}, ${start}`;

/** "21 Nov → 23 Nov, 2 nights, 1 room, 2 guests" */
export function stayLabel(stay: { checkIn: string; checkOut: string; nights: number; rooms: number; guests: number }, locale: string): string {
  return `${dayMonthLabel(stay.checkIn, locale)} → ${dayMonthLabel(stay.checkOut, locale)}, ${plural(stay.nights, 'night')}, ${plural(stay.rooms, 'room')}, ${plural(stay.guests, 'guest')}`;
}

export const pairTitle = (first: string, second: string) => `${first} · ${second}`;
