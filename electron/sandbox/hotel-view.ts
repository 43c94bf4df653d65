import type { Hotel, Room } from './catalogue';
import type { CatalogueIndex } from './catalogue-index';
import { lagosMidnight, type EpochDay } from '../../shared/dates';
import { roomPriceKobo, toNaira } from './money';
import { placeholderImage } from './placeholder-images';

/** Wire objects for hotels and rooms. Room counts come from the current inventory. */

const timestamp = (today: EpochDay, offsetDays: number, hour: number) =>
  new Date(lagosMidnight(today + offsetDays).getTime() + hour * 3600_000).toISOString();

export function hotelView(hotel: Hotel, index: CatalogueIndex, today: EpochDay) {
  const business = index.businesses.get(hotel.business_id);
  return {
    id: hotel.id,
    name: hotel.name,
    location: hotel.location,
    description: hotel.description,
    city: hotel.city,
    state: hotel.state,
    country: hotel.country,
    coordinates: hotel.coordinates,
    contact: hotel.contact,
    business: {
      id: hotel.business_id,
      name: business?.name ?? '',
      photo: placeholderImage(business?.name ?? hotel.name, 'logo'),
      type: 'hospitality',
      slug: business?.slug ?? '',
    },
    check_in_time: hotel.check_in_time,
    check_out_time: hotel.check_out_time,
    amenities: hotel.amenities,
    images: [
      { id: hotel.id * 10 + 1, image_url: placeholderImage(hotel.name, 'photo'), alt_text: `${hotel.name}, ${hotel.city}` },
      { id: hotel.id * 10 + 2, image_url: placeholderImage(`${hotel.name} lobby`, 'photo'), alt_text: `Lobby of ${hotel.name}` },
    ],
    property_type: hotel.property_type,
    status: hotel.status,
    created_at: timestamp(today, hotel.created_offset_days, 9),
    updated_at: timestamp(today, hotel.updated_offset_days, 15),
  };
}

export function roomView(room: Room, hotel: Hotel, roomsLeft: number, today: EpochDay) {
  return {
    id: room.id,
    hotel_id: hotel.id,
    number_of_rooms: String(roomsLeft),
    room_name: room.room_name,
    type: room.type,
    description: room.description,
    max_occupancy: room.max_occupancy,
    price: toNaira(roomPriceKobo(room)),
    price_breakdown: { room_price: room.room_price, convenience_fee: room.convenience_fee },
    is_available: room.is_available && roomsLeft > 0,
    images: [{ id: room.id * 10 + 1, image_url: placeholderImage(`${room.room_name} ${hotel.name}`, 'photo'), alt_text: `${room.room_name} at ${hotel.name}` }],
    created_at: timestamp(today, hotel.created_offset_days, 9),
    updated_at: timestamp(today, hotel.updated_offset_days, 15),
  };
}
