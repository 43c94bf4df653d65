import type { RequestOf } from '@shared/ipc/contract';
import { addDays, lagosDate } from '@shared/dates';
import type { Stay } from '@shared/stay';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import type { Translate } from '@renderer/i18n/format';

export interface HotelSearch extends Stay {
  city: string;
  state: string;
  text: string;
  propertyType: 'hotel' | 'apartment' | 'resort' | 'inn' | null;
  minPriceNaira: string;
  maxPriceNaira: string;
  amenities: string[];
  availableOnly: boolean;
}

export const popularCities = ['Lagos', 'Abuja', 'Port Harcourt', 'Ibadan', 'Kano', 'Enugu', 'Calabar'];
export const commonAmenities = ['wifi', 'pool', 'gym', 'parking', 'restaurant', 'bar', 'spa', 'airport-shuttle'];

/** Every amenity slug the catalogue has words for (`amenity.<slug>`): the common ones and the others partners send. */
const knownAmenities = [...commonAmenities, 'power-backup', 'laundry', 'room-service', 'security', 'kitchen', 'concierge', 'kids-club', 'beach-access', 'conference-room'];

/** An amenity or property type code in words; a code the catalogue does not know is shown as the partner sent it. */
export const amenityText = (t: Translate, amenity: string): string => (knownAmenities.includes(amenity) ? t(`amenity.${amenity}` as MessageKey) : amenity.replace(/-/g, ' '));
export const propertyTypeText = (t: Translate, type: string): string =>
  ['hotel', 'apartment', 'resort', 'inn'].includes(type) ? t(`hotels.type.${type}` as MessageKey) : type;

/** Where a hotel search looked (kept between guests by the navigation). */
export type HotelPlace = Pick<HotelSearch, 'city' | 'state' | 'text'>;

export function newHotelSearch(now = new Date()): HotelSearch {
  const today = lagosDate(now);
  return { city: '', state: '', text: '', propertyType: null, minPriceNaira: '', maxPriceNaira: '', amenities: [], availableOnly: true, checkIn: today, checkOut: addDays(today, 1), guests: 1, rooms: 1 };
}

export const nairaToKobo = (text: string) => {
  const value = Number(text.replace(/[,\s]/g, ''));
  return text.trim() === '' || !Number.isFinite(value) || value < 0 ? undefined : Math.round(value * 100);
};

/** The search as a `hotels:list` request (page left to the pager). Guests per room feed min_occupancy. */
export function toHotelsRequest(search: HotelSearch): Omit<RequestOf<'hotels:list'>, 'page'> {
  return {
    city: search.city.trim() || undefined,
    state: search.state.trim() || undefined,
    search: search.text.trim() || undefined,
    propertyType: search.propertyType ?? undefined,
    minPriceKobo: nairaToKobo(search.minPriceNaira),
    maxPriceKobo: nairaToKobo(search.maxPriceNaira),
    amenities: search.amenities.length ? search.amenities : undefined,
    availableRoomsOnly: search.availableOnly || undefined,
    minOccupancy: Math.max(1, Math.ceil(search.guests / Math.max(1, search.rooms))),
    perPage: 20,
  };
}

/** A new search (tonight, one guest, one room) where the last one looked, when there was one. */
export const hotelSearchAt = (place: HotelPlace | undefined): HotelSearch => ({ ...newHotelSearch(), ...place });
