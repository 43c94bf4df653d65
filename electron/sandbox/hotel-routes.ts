import type { Hotel } from './catalogue';
import { reject, success } from './envelope';
import { hotelView, roomView } from './hotel-view';
import { roomsLeft } from './inventory';
import type { EpochDay } from '../../shared/dates';
import { roomPriceKobo, toNaira } from './money';
import type { SandboxState } from './records';
import { integerIdParam, paginate, queryPaging } from './request-input';
import type { RouteHandler } from './route-context';
import { parseHotelFilters, type HotelSearch } from './hotel-search';

const roomsOf = (hotel: Hotel, state: SandboxState, today: EpochDay) =>
  hotel.rooms.map((room) => roomView(room, hotel, roomsLeft(state, room), today));

export function hotelRoutes(search: HotelSearch) {
  const listHotels: RouteHandler = (parts, { url, today }) => {
    const filters = parseHotelFilters(url);
    const paging = queryPaging(url);
    const page = paginate(search.find(filters, parts.store.state), paging);
    return success(200, 'Hotels retrieved successfully', {
      hotels: page.items.map((h) => hotelView(h, parts.index, today)),
      next_page: page.next_page,
      count: page.count,
      per_page: page.per_page,
    });
  };

  const listPackages: RouteHandler = (parts, { url, today }) => {
    const filters = parseHotelFilters(url);
    const paging = queryPaging(url);
    const state = parts.store.state;
    const page = paginate(search.find(filters, state), paging);
    return success(200, 'Hotel packages retrieved successfully', {
      hotels: page.items.map((hotel) => {
        const prices = hotel.rooms.map((r) => roomPriceKobo(r));
        return {
          ...hotelView(hotel, parts.index, today),
          rooms: roomsOf(hotel, state, today),
          price_range: { min: toNaira(Math.min(...prices)), max: toNaira(Math.max(...prices)) },
        };
      }),
      next_page: page.next_page,
      count: page.count,
      per_page: page.per_page,
    });
  };

  const listRooms: RouteHandler = (parts, { url, params, today }) => {
    const id = integerIdParam(params[0] ?? '', 'hotel_id', 'hotel id');
    const hotel = parts.index.hotels.get(id);
    if (!hotel) throw reject(404, 'Hotel not found.');
    const page = paginate(roomsOf(hotel, parts.store.state, today), queryPaging(url));
    return success(200, 'Rooms retrieved successfully', {
      hotel: { id: hotel.id, name: hotel.name },
      rooms: page.items,
      next_page: page.next_page,
      count: page.count,
      per_page: page.per_page,
    });
  };

  return { listHotels, listPackages, listRooms };
}
