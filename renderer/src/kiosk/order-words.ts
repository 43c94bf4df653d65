import { addDays, lagosDate } from '@shared/dates';
import { formatDay, formatShowtime, type Translate } from '@renderer/i18n/format';
import { stayLine } from '@renderer/screens/hotels/hotel-order';
import type { Order } from '@renderer/screens/checkout/order';

/** A showing as the kiosk says it: "Marina Screens Lekki · Today, 11:30AM" ("Aujourd’hui, 11:30" in French). */
export function showLine(t: Translate, language: string, show: { place: string; date: string; start: string }): string {
  const today = lagosDate(new Date());
  return `${show.place} · ${formatDay(t, show.date, today, addDays(today, 1))}, ${formatShowtime(show.start, language)}`;
}

/**
 * What an order is for, said from its facts in the screen's language of now: the customer may
 * change language on any step before paying, and the summary (pay, done) follows. A cinema order
 * made without its place and start (not the kiosk's) falls back to the words it was made with.
 */
export function orderWhen(t: Translate, language: string, order: Order): string {
  if (order.kind === 'hotel') return stayLine(t, order.selection);
  if (order.place === undefined || order.start === undefined) return order.subtitle;
  return showLine(t, language, { place: order.place, date: order.selection.date, start: order.start });
}
