import type { CinemaSelection, Hold, HotelSelection } from '@shared/sales/checkout';

export interface OrderLine {
  label: string;
  quantity: number;
  unitKobo: number;
  totalKobo: number;
}

/**
 * What is being bought, carried from the product screen into checkout. `saleId` is minted once
 * per attempt: a double tap or a retry of the same attempt reuses it, so the till can recognise it.
 */
export type Order =
  | { kind: 'cinema'; saleId: string; selection: CinemaSelection; hold: Hold; title: string; subtitle: string }
  | { kind: 'hotel'; saleId: string; selection: HotelSelection; title: string; subtitle: string; lines: OrderLine[]; totalKobo: number };

export const newSaleId = (): string => crypto.randomUUID();

export const orderLines = (order: Order): OrderLine[] =>
  order.kind === 'cinema' ? order.hold.quote.lines.map((l) => ({ label: l.title, quantity: l.count, unitKobo: l.unitKobo, totalKobo: l.totalKobo })) : order.lines;

export const orderTotal = (order: Order): number => (order.kind === 'cinema' ? order.hold.quote.totalKobo : order.totalKobo);
