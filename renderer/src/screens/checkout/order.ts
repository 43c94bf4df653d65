import type { CinemaSelection, Hold, HotelSelection } from '@shared/sales/checkout';
import { nightsBetween } from '@shared/dates';
import type { Translate } from '@renderer/i18n/format';

export interface OrderLine {
  label: string;
  quantity: number;
  unitKobo: number;
  totalKobo: number;
}

/**
 * What is being bought, carried from the product screen into checkout. `saleId` is minted once
 * per attempt: a double tap or a retry of the same attempt reuses it, so the till can recognise it.
 * `subtitle` is said in the language of the moment it was made; `place` and `start` (a showing) and
 * `roomName` (a stay) let a screen say it again in the language it is read in (see orderWhenText).
 */
export type Order =
  | { kind: 'cinema'; saleId: string; selection: CinemaSelection; hold: Hold; title: string; subtitle: string; place?: string; start?: string }
  | { kind: 'hotel'; saleId: string; selection: HotelSelection; title: string; subtitle: string; lines: OrderLine[]; totalKobo: number; roomName?: string };

export const newSaleId = (): string => crypto.randomUUID();

/** The order's lines; with `t`, a stay's line says its nights in the screen's language of now. */
export function orderLines(order: Order, t?: Translate): OrderLine[] {
  if (order.kind === 'cinema') return order.hold.quote.lines.map((l) => ({ label: l.title, quantity: l.count, unitKobo: l.unitKobo, totalKobo: l.totalKobo }));
  const { roomName } = order;
  if (!t || roomName === undefined) return order.lines;
  const nights = Math.max(0, nightsBetween(order.selection.checkIn, order.selection.checkOut));
  return order.lines.map((line) => ({ ...line, label: `${roomName}, ${t('hotel.nights', { count: nights })}` }));
}

export const orderTotal = (order: Order): number => (order.kind === 'cinema' ? order.hold.quote.totalKobo : order.totalKobo);
