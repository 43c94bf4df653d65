import type { PriceBreakdown, TicketCategory } from './catalogue';

/** Sums are done in integer kobo so a price always equals its breakdown exactly. */
export const toKobo = (naira: number): number => Math.round(naira * 100);
export const toNaira = (kobo: number): number => kobo / 100;

export function ticketPriceAt(ticket: TicketCategory, siteId: number | undefined): PriceBreakdown {
  return (siteId !== undefined ? ticket.location_prices?.[String(siteId)] : undefined) ?? ticket.price;
}

export function unitPriceKobo(breakdown: PriceBreakdown): number {
  return toKobo(breakdown.ticket_price) + toKobo(breakdown.convenience_fee) + toKobo(breakdown.merchant_commission);
}

export function roomPriceKobo(room: { room_price: number; convenience_fee: number }): number {
  return toKobo(room.room_price) + toKobo(room.convenience_fee);
}
