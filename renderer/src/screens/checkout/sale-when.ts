import type { SaleView } from '@shared/sales/sale-view';
import { stayLine } from '@renderer/screens/hotels/hotel-order';
import type { Order } from './order';
import { formatDate, formatShowtime, type Translate } from '@renderer/i18n/format';

/**
 * When a sale is for, in the reader's language: "jeu. 26 nov., 19:30" for a showing, the stay in
 * one line as the desk and the kiosk say it for a hotel. Main's English subtitle is the fallback
 * for a sale whose details it could not read.
 */
export function saleWhenText(t: Translate, language: string, sale: Pick<SaleView, 'when' | 'subtitle'>): string {
  const when = sale.when;
  if (!when) return sale.subtitle;
  if (when.kind === 'showing') return `${formatDate(t, when.date)}, ${formatShowtime(when.start, language)}`;
  return `${formatDate(t, when.checkIn)} – ${formatDate(t, when.checkOut)} · ${t('hotel.nights', { count: when.nights })} · ${t('hotel.roomCount', { count: when.rooms })} · ${t('hotel.guestCount', { count: when.guests })}`;
}

/**
 * What checkout says under the order's title, in the screen's language now (the cashier may have
 * changed it under Staff since the order was made): the stay, or the cinema, date and showtime.
 */
export function orderWhenText(t: Translate, language: string, order: Order): string {
  if (order.kind === 'hotel') return stayLine(t, order.selection);
  if (order.place === undefined) return order.subtitle;
  return `${order.place} · ${formatDate(t, order.selection.date)}, ${order.start ? formatShowtime(order.start, language) : ''}`;
}
