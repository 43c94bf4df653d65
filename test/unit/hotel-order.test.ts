import { describe, expect, it } from 'vitest';
import { translator } from '../helpers/translator';
import { hotelOrder, stayLine } from '@renderer/screens/hotels/hotel-order';
import { newHotelSearch } from '@renderer/screens/hotels/hotel-search';
import type { Hotel, Room } from '@shared/catalog/hotels';


const hotel = { id: 7, name: 'Eko Suites' } as Hotel;
const room = { id: 31, hotelId: 7, name: 'Deluxe King', priceKobo: 4_500_000, maxOccupancy: 2, roomsLeft: 5, isAvailable: true } as Room;
const search = { ...newHotelSearch(new Date('2026-03-10T09:00:00Z')), checkIn: '2026-03-12', checkOut: '2026-03-15', guests: 3, rooms: 2 };

describe('a hotel order (the front desk and the kiosk build it the same way)', () => {
  it('prices the whole stay: nights x rooms x the nightly price, one line', () => {
    const order = hotelOrder(translator('en'), hotel, room, search);
    expect(order.selection).toEqual({ hotelId: 7, roomId: 31, checkIn: '2026-03-12', checkOut: '2026-03-15', guests: 3, rooms: 2 });
    expect(order.lines).toEqual([{ label: 'Deluxe King, 3 nights', quantity: 2, unitKobo: 13_500_000, totalKobo: 27_000_000 }]);
    expect(order.totalKobo).toBe(27_000_000);
    expect(order.title).toBe('Eko Suites · Deluxe King');
  });

  it('says the stay in one line, in the screen language', () => {
    expect(stayLine(translator('en'), search)).toBe('Thu 12 Mar – Sun 15 Mar · 3 nights · 2 rooms · 3 guests');
    expect(hotelOrder(translator('fr'), hotel, room, search).subtitle).toBe(stayLine(translator('fr'), search));
    expect(stayLine(translator('fr'), search)).toContain('3 nuits');
  });

  it('mints a new sale id for each order: choosing a room again is a new attempt', () => {
    const t = translator('en');
    expect(hotelOrder(t, hotel, room, search).saleId).not.toBe(hotelOrder(t, hotel, room, search).saleId);
  });
});
