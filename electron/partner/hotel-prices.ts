import type { HotelQuery } from '../../shared/partner/hotels';
import type { PartnerClient } from './client';

/**
 * Nightly "from" prices for a page of hotels, for the hotel list (a desk clerk compares hotels by
 * price before opening one). The plain hotel list has no prices; the docs' hotels-with-rooms
 * listing (`/hotels/packages`, same filters) has each hotel's rooms and a price range. It is asked
 * beside the list, best effort: the list stays the authority for which hotels show, a failed or
 * unreadable answer only leaves the prices out, and a partner without the route (a 404 or 405) is
 * not asked again by this till.
 */
export function createHotelPrices(partner: Pick<PartnerClient, 'listHotelPackages'>) {
  let routeMissing = false;
  return async function fromPrices(query: HotelQuery): Promise<Map<number, number>> {
    const prices = new Map<number, number>();
    if (routeMissing) return prices;
    const answer = await partner.listHotelPackages(query);
    if (!answer.ok) {
      if (answer.error.status === 404 || answer.error.status === 405) routeMissing = true;
      return prices;
    }
    for (const hotel of answer.value.hotels) {
      // Rooms that can be booked say it best; the range (which may count rooms sold out) otherwise.
      const bookable = hotel.rooms.filter((room) => room.is_available && room.number_of_rooms > 0 && room.price > 0).map((room) => room.price);
      const from = bookable.length > 0 ? Math.min(...bookable) : (hotel.price_range?.min ?? 0);
      if (from > 0) prices.set(hotel.id, from);
    }
    return prices;
  };
}
