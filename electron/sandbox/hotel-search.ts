import { propertyTypes, type Hotel } from './catalogue';
import type { CatalogueIndex } from './catalogue-index';
import { reject } from './envelope';
import { roomBookable } from './inventory';
import { roomPriceKobo, toKobo } from './money';
import type { SandboxState } from './records';
import { queryAmount, queryBoolean, queryInteger, queryString } from './request-input';

/**
 * The hotel list filters of the spec. Text fields are lowered once at start so a listing over
 * ten thousand hotels is a single cheap pass.
 */

export interface HotelFilters {
  businessId?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  /** The spec's default is Nigeria. */
  country: string;
  propertyType?: string | undefined;
  availableRoomsOnly: boolean;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  minOccupancy?: number | undefined;
  maxOccupancy?: number | undefined;
  amenities: string[];
  search?: string | undefined;
}

export function parseHotelFilters(url: URL): HotelFilters {
  const propertyType = queryString(url, 'property_type')?.toLowerCase();
  if (propertyType !== undefined && !(propertyTypes as readonly string[]).includes(propertyType)) {
    throw reject(422, 'The given data was invalid.', { property_type: [`must be one of ${propertyTypes.join(', ')}`] });
  }
  return {
    businessId: queryString(url, 'business_id')?.toLowerCase(),
    city: queryString(url, 'city')?.toLowerCase(),
    state: queryString(url, 'state')?.toLowerCase(),
    country: (queryString(url, 'country') ?? 'Nigeria').toLowerCase(),
    propertyType,
    availableRoomsOnly: queryBoolean(url, 'available_rooms_only') ?? false,
    minPrice: queryAmount(url, 'min_price'),
    maxPrice: queryAmount(url, 'max_price'),
    minOccupancy: queryInteger(url, 'min_occupancy', 1),
    maxOccupancy: queryInteger(url, 'max_occupancy', 1),
    amenities: (queryString(url, 'amenities') ?? '').split(',').map((a) => a.trim().toLowerCase()).filter(Boolean),
    search: queryString(url, 'search')?.toLowerCase(),
  };
}

interface Row {
  hotel: Hotel;
  businessId: string;
  city: string;
  state: string;
  country: string;
  name: string;
  description: string;
  amenities: Set<string>;
  rooms: Array<{ priceKobo: number; maxOccupancy: number; room: Hotel['rooms'][number] }>;
}

export interface HotelSearch {
  find(filters: HotelFilters, state: SandboxState): Hotel[];
}

export function createHotelSearch(index: CatalogueIndex): HotelSearch {
  const rows: Row[] = index.listedHotels.map((hotel) => ({
    hotel,
    businessId: hotel.business_id.toLowerCase(),
    city: hotel.city.toLowerCase(),
    state: hotel.state.toLowerCase(),
    country: hotel.country.toLowerCase(),
    name: hotel.name.toLowerCase(),
    description: hotel.description.toLowerCase(),
    amenities: new Set(hotel.amenities.map((a) => a.toLowerCase())),
    rooms: hotel.rooms.map((room) => ({ priceKobo: roomPriceKobo(room), maxOccupancy: room.max_occupancy, room })),
  }));

  return {
    find(f, state) {
      const minKobo = f.minPrice === undefined ? -Infinity : toKobo(f.minPrice);
      const maxKobo = f.maxPrice === undefined ? Infinity : toKobo(f.maxPrice);
      const priced = f.minPrice !== undefined || f.maxPrice !== undefined;
      const minOcc = f.minOccupancy ?? -Infinity;
      const maxOcc = f.maxOccupancy ?? Infinity;
      const sized = f.minOccupancy !== undefined || f.maxOccupancy !== undefined;
      const matches: Hotel[] = [];
      for (const row of rows) {
        if (row.country !== f.country) continue;
        if (f.businessId !== undefined && row.businessId !== f.businessId) continue;
        if (f.city !== undefined && row.city !== f.city) continue;
        if (f.state !== undefined && row.state !== f.state) continue;
        if (f.propertyType !== undefined && row.hotel.property_type !== f.propertyType) continue;
        if (f.search !== undefined && !row.name.includes(f.search) && !row.description.includes(f.search)) continue;
        if (!f.amenities.every((a) => row.amenities.has(a))) continue;
        // Each range is met by one room on its own: "at least one of its rooms is in the range".
        if (priced && !row.rooms.some((r) => r.priceKobo >= minKobo && r.priceKobo <= maxKobo)) continue;
        if (sized && !row.rooms.some((r) => r.maxOccupancy >= minOcc && r.maxOccupancy <= maxOcc)) continue;
        if (f.availableRoomsOnly && !row.rooms.some((r) => roomBookable(state, r.room))) continue;
        matches.push(row.hotel);
      }
      return matches;
    },
  };
}
