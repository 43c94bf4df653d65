import type { Catalogue, Hotel, HotelBusiness, Room } from './catalogue';
import { propertyTypes } from './catalogue';
import { createPrng, type Prng } from './prng';

/**
 * A large, deterministic hotel catalogue for benchmarks: the same count always gives the same
 * hotels, rooms and prices, spread over Nigerian cities like the seed.
 */

const CITIES = [
  { city: 'Lagos', state: 'Lagos', lat: 6.45, lng: 3.42, areas: ['Victoria Island', 'Ikoyi', 'Lekki Phase 1', 'Ikeja GRA', 'Surulere', 'Yaba', 'Ajah'] },
  { city: 'Abuja', state: 'FCT', lat: 9.06, lng: 7.49, areas: ['Maitama', 'Wuse 2', 'Garki', 'Asokoro', 'Jabi', 'Gwarinpa'] },
  { city: 'Port Harcourt', state: 'Rivers', lat: 4.82, lng: 7.03, areas: ['Old GRA', 'New GRA', 'Trans-Amadi', 'Rumuola'] },
  { city: 'Ibadan', state: 'Oyo', lat: 7.38, lng: 3.94, areas: ['Bodija', 'Jericho', 'Ring Road', 'Oluyole'] },
  { city: 'Enugu', state: 'Enugu', lat: 6.45, lng: 7.51, areas: ['Independence Layout', 'GRA', 'Trans-Ekulu'] },
  { city: 'Kano', state: 'Kano', lat: 12.0, lng: 8.52, areas: ['Nassarawa GRA', 'Bompai', 'Sabon Gari'] },
  { city: 'Calabar', state: 'Cross River', lat: 4.95, lng: 8.32, areas: ['Marian', 'Diamond Hill', 'State Housing'] },
  { city: 'Benin City', state: 'Edo', lat: 6.34, lng: 5.62, areas: ['GRA', 'Ugbowo', 'Sapele Road'] },
  { city: 'Uyo', state: 'Akwa Ibom', lat: 5.03, lng: 7.93, areas: ['Ewet Housing', 'Shelter Afrique'] },
  { city: 'Owerri', state: 'Imo', lat: 5.48, lng: 7.03, areas: ['New Owerri', 'Ikenegbu'] },
  { city: 'Jos', state: 'Plateau', lat: 9.9, lng: 8.86, areas: ['Rayfield', 'Tudun Wada'] },
  { city: 'Abeokuta', state: 'Ogun', lat: 7.15, lng: 3.35, areas: ['Ibara', 'Oke-Ilewo'] },
] as const;
const NAME_STARTS = ['Royal', 'Palm', 'Lagoon', 'Savannah', 'Crown', 'Harmony', 'Golden', 'Emerald', 'Heritage', 'Sunrise', 'Unity', 'Oasis', 'Rivers', 'Zuma', 'Niger', 'Ivory'];
const NAME_ENDS = { hotel: ['Hotel', 'Grand Hotel', 'Hotel & Suites'], apartment: ['Apartments', 'Residences', 'Serviced Flats'], resort: ['Resort', 'Resort & Spa', 'Retreat'], inn: ['Inn', 'Lodge', 'Guest House'] } as const;
const ROOM_NAMES = ['Single', 'Standard Double', 'Deluxe', 'Executive', 'Junior Suite', 'Family Room', 'Studio', 'Two-Bedroom Apartment', 'Chalet', 'Presidential Suite'];
const AMENITIES = ['wifi', 'pool', 'gym', 'parking', 'restaurant', 'bar', 'spa', 'airport-shuttle', 'power-backup', 'laundry', 'room-service', 'conference-room', 'kids-club', 'beach-access'];
const BUSINESSES = ['Crestline Hospitality', 'Palmgate Properties', 'Atlantic Shores Resorts', 'Skyway Hotels', 'Mainland Stays', 'Savannah Inns', 'Rivers Hospitality', 'Eastern Comfort Hotels'];

const slug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function businesses(): HotelBusiness[] {
  return BUSINESSES.map((name, i) => ({ id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`, name, slug: slug(name) }));
}

function rooms(prng: Prng, hotelName: string, firstRoomId: number): Room[] {
  const count = prng.int(2, 6);
  return Array.from({ length: count }, (_, i): Room => {
    const nightly = prng.int(36, 900) * 500; // 18,000 .. 450,000
    const fee = Math.round((nightly * 0.025) / 50) * 50;
    const left = prng.int(0, 20);
    const roomName = ROOM_NAMES[(i + prng.int(0, ROOM_NAMES.length - 1)) % ROOM_NAMES.length] ?? 'Standard';
    return {
      id: firstRoomId + i,
      room_name: roomName,
      type: prng.chance(0.2) ? null : roomName.split(' ')[0] ?? null,
      description: prng.chance(0.1) ? null : `${roomName} at ${hotelName}.`,
      max_occupancy: prng.int(1, 6),
      room_price: nightly - fee,
      convenience_fee: fee,
      number_of_rooms: left,
      is_available: left > 0 && prng.chance(0.9),
    };
  });
}

export function generateHotels(count: number, seed = 2024): Pick<Catalogue, 'hotels' | 'hotel_businesses'> {
  const prng = createPrng(seed);
  const owners = businesses();
  const hotels: Hotel[] = [];
  let nextRoomId = 1;
  for (let id = 1; id <= count; id++) {
    const place = prng.pick(CITIES);
    const propertyType = prng.pick(propertyTypes);
    const area = prng.pick(place.areas);
    const name = `${prng.pick(NAME_STARTS)} ${area} ${prng.pick(NAME_ENDS[propertyType])}`;
    const hotelRooms = rooms(prng, name, nextRoomId);
    nextRoomId += hotelRooms.length;
    const amenities = AMENITIES.filter(() => prng.chance(0.45));
    hotels.push({
      id,
      name,
      location: `${prng.int(1, 250)} ${area} Road, ${place.city}, ${place.state}`,
      description: `${name} is a ${propertyType} in ${area}, ${place.city}.`,
      city: place.city,
      state: place.state,
      country: 'Nigeria',
      coordinates: prng.chance(0.05)
        ? { latitude: null, longitude: null }
        : { latitude: place.lat + (prng.next() - 0.5) / 10, longitude: place.lng + (prng.next() - 0.5) / 10 },
      contact: { website: prng.chance(0.5) ? `https://www.${slug(name)}.ng` : null, phone: `+234 ${prng.int(700, 909)} ${prng.int(1000000, 9999999)}`, email: `stay@${slug(name)}.ng` },
      business_id: prng.pick(owners).id,
      check_in_time: '14:00',
      check_out_time: '12:00',
      amenities,
      property_type: propertyType,
      status: prng.chance(0.05) ? 'inactive' : 'active',
      created_offset_days: -prng.int(30, 1500),
      updated_offset_days: -prng.int(0, 29),
      rooms: hotelRooms,
    });
  }
  return { hotels, hotel_businesses: owners };
}
