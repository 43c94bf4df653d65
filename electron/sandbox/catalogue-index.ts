import type { Catalogue, CinemaExperience, CinemaSite, Experience, Hotel, HotelBusiness, Room, TicketCategory } from './catalogue';

/** Lookups built once per sandbox; the catalogue itself never changes after start. */
export interface CatalogueIndex {
  catalogue: Catalogue;
  experiences: Map<string, Experience>;
  tickets: Map<string, { ticket: TicketCategory; experience: Experience }>;
  sites: Map<number, CinemaSite>;
  hotels: Map<number, Hotel>;
  /** Active hotels in id order: the listing's universe. */
  listedHotels: Hotel[];
  rooms: Map<number, { room: Room; hotel: Hotel }>;
  businesses: Map<string, HotelBusiness>;
}

export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const experiences = new Map(catalogue.experiences.map((e) => [e.id.toLowerCase(), e]));
  const tickets = new Map(
    catalogue.experiences.flatMap((experience) => experience.tickets.map((ticket) => [ticket.id.toLowerCase(), { ticket, experience }] as const)),
  );
  const hotels = new Map(catalogue.hotels.map((h) => [h.id, h]));
  const rooms = new Map(catalogue.hotels.flatMap((hotel) => hotel.rooms.map((room) => [room.id, { room, hotel }] as const)));
  return {
    catalogue,
    experiences,
    tickets,
    sites: new Map(catalogue.cinema_sites.map((s) => [s.id, s])),
    hotels,
    listedHotels: catalogue.hotels.filter((h) => h.status === 'active').sort((a, b) => a.id - b.id),
    rooms,
    businesses: new Map(catalogue.hotel_businesses.map((b) => [b.id, b])),
  };
}

export function headquarters(experience: CinemaExperience) {
  const hq = experience.locations.find((l) => l.is_headquarters) ?? experience.locations[0];
  if (!hq) throw new Error(`${experience.title} has no locations`); // the catalogue schema rules this out
  return hq;
}
