import type { Hotel, Room } from '@shared/catalog/hotels';
import { nightsBetween } from '@shared/dates';
import { stayTotalKobo } from '@shared/stay';
import { formatDate, type Translate } from '@renderer/i18n/format';
import { newSaleId, type Order } from '@renderer/screens/checkout/order';
import type { HotelSearch } from './hotel-search';

/** "12 Mar – 14 Mar · 2 nights · 1 room · 2 guests": the stay in one line, as both the desk and the kiosk say it. */
export function stayLine(t: Translate, search: Pick<HotelSearch, 'checkIn' | 'checkOut' | 'rooms' | 'guests'>): string {
  const nights = Math.max(0, nightsBetween(search.checkIn, search.checkOut));
  return `${formatDate(t, search.checkIn)} – ${formatDate(t, search.checkOut)} · ${t('hotel.nights', { count: nights })} · ${t('hotel.roomCount', { count: search.rooms })} · ${t('hotel.guestCount', { count: search.guests })}`;
}

/**
 * The order a stay in a room makes, the front desk's and the kiosk's alike: what checkout shows and
 * the sale carries. A fresh sale id each time: choosing a room again is a new attempt.
 */
export function hotelOrder(t: Translate, hotel: Hotel, room: Room, search: HotelSearch): Extract<Order, { kind: 'hotel' }> {
  const nights = Math.max(0, nightsBetween(search.checkIn, search.checkOut));
  const totalKobo = stayTotalKobo(room.priceKobo, search);
  return {
    kind: 'hotel',
    saleId: newSaleId(),
    selection: { hotelId: hotel.id, roomId: room.id, checkIn: search.checkIn, checkOut: search.checkOut, guests: search.guests, rooms: search.rooms },
    title: `${hotel.name} · ${room.name}`,
    subtitle: stayLine(t, search),
    lines: [{ label: `${room.name}, ${t('hotel.nights', { count: nights })}`, quantity: search.rooms, unitKobo: room.priceKobo * nights, totalKobo }],
    totalKobo,
    roomName: room.name,
  };
}
