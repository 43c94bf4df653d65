import type { WireCinemaLocation, WireExperience, WireHotel, WireImage, WireRoom, WireTicketCategory } from '../partner';
import type { CinemaLocation, Film, TicketCategory } from './cinema';
import type { Hotel, Image, Room } from './hotels';

/** Parsed partner objects (money already in kobo) to what the renderer is promised. */

export function toFilm(experience: WireExperience): Film {
  return {
    id: experience.id,
    title: experience.title,
    description: experience.description,
    posterUrl: experience.image[0]?.image ?? null,
    genre: experience.genre,
    rating: experience.rating,
    durationMinutes: experience.duration_minutes,
    featured: experience.featured,
    businessName: experience.business?.name ?? null,
    showing: experience.cinema_info?.showing ?? '',
    locations: (experience.cinema_info?.locations ?? []).map(toCinemaLocation),
  };
}

export function toCinemaLocation(location: WireCinemaLocation): CinemaLocation {
  return {
    id: location.id,
    name: location.name,
    address: location.address,
    city: location.city,
    state: location.state,
    isHeadquarters: location.is_headquarters,
  };
}

export function toTicketCategory(ticket: WireTicketCategory): TicketCategory {
  return {
    id: ticket.id,
    title: ticket.title,
    priceKobo: ticket.price,
    breakdown: {
      ticketKobo: ticket.price_breakdown.ticket_price,
      convenienceFeeKobo: ticket.price_breakdown.convenience_fee,
      merchantCommissionKobo: ticket.price_breakdown.merchant_commission,
    },
    slotsRemaining: ticket.slots_remaining,
    soldOut: ticket.slots_remaining === 0,
  };
}

export function toHotel(hotel: WireHotel, priceFromKobo: number | null): Hotel {
  return {
    id: hotel.id,
    name: hotel.name,
    address: hotel.location,
    description: hotel.description,
    city: hotel.city,
    state: hotel.state,
    country: hotel.country,
    latitude: hotel.coordinates.latitude,
    longitude: hotel.coordinates.longitude,
    website: hotel.contact.website,
    phone: hotel.contact.phone,
    email: hotel.contact.email,
    businessName: hotel.business?.name ?? null,
    checkInTime: hotel.check_in_time,
    checkOutTime: hotel.check_out_time,
    amenities: hotel.amenities,
    images: hotel.images.map(toImage),
    propertyType: hotel.property_type,
    priceFromKobo,
  };
}

/** `hotelId` comes from the answer's hotel summary when the room itself does not say. */
export function toRoom(room: WireRoom, hotelId: number): Room {
  return {
    id: room.id,
    hotelId: room.hotel_id ?? hotelId,
    name: room.room_name,
    type: room.type,
    description: room.description,
    maxOccupancy: room.max_occupancy,
    priceKobo: room.price,
    breakdown: {
      roomKobo: room.price_breakdown?.room_price ?? null,
      convenienceFeeKobo: room.price_breakdown?.convenience_fee ?? null,
    },
    roomsLeft: room.number_of_rooms,
    // A room type with none left cannot be booked whatever the flag says.
    isAvailable: room.is_available && room.number_of_rooms > 0,
    images: room.images.map(toImage),
  };
}

const toImage = (image: WireImage): Image => ({ url: image.image_url, alt: image.alt_text });
