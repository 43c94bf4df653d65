import { nightsBetween } from '../../shared/dates';
import { saidError, saidInEnglish, type Said } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { HotelSelection } from '../../shared/sales/checkout';
import type { Customer } from '../../shared/sales/customer';
import type { WireHotelBookingRequest } from '../../shared/partner/hotel-booking';
import type { WireRoom } from '../../shared/partner/rooms';
import { stayProblems, stayTotalKobo } from '../../shared/stay';
import type { PartnerClient } from '../partner/client';
import { pairTitle, stayLabel } from './labels';
import { readFailure } from './partner-read';
import type { HotelDetails } from '../../shared/sales/sale-details';

export interface HotelQuote {
  hotel: { id: number; name: string };
  room: WireRoom;
  nights: number;
  totalKobo: number;
}

/** stayProblems' keys -> the request's field paths. */
const fieldOf: Record<string, string> = { checkIn: 'hotel.checkIn', checkOut: 'hotel.checkOut', rooms: 'hotel.rooms', guests: 'hotel.guests', room: 'hotel.roomId' };
/** Problems that are about what is left, not about what was asked. */
const availability = new Set(['room', 'rooms']);

const pageSize = 100;
const maxPages = 20;

/**
 * Prices and checks a stay against the room as the partner has it right now (rooms left and
 * availability change with every booking, so this is never cached): price x nights x rooms, kobo.
 */
export async function quoteHotel(partner: PartnerClient, selection: HotelSelection, today: string): Promise<Result<HotelQuote>> {
  const stay = { checkIn: selection.checkIn, checkOut: selection.checkOut, guests: selection.guests, rooms: selection.rooms };
  const early = stayProblems(stay, today);
  if (Object.keys(early).length > 0) return fail(problemsError(early));

  let found: { room: WireRoom; hotel: { id: number; name: string } } | null = null;
  for (let page = 1; page <= maxPages && !found; ) {
    const listed = await partner.listRooms(selection.hotelId, { page, perPage: pageSize });
    if (!listed.ok) return fail(readFailure(listed.error, 'hotels'));
    const room = listed.value.rooms.find((candidate) => candidate.id === selection.roomId);
    if (room) found = { room, hotel: listed.value.hotel };
    else if (listed.value.next_page === null || listed.value.next_page <= page) break;
    else page = listed.value.next_page;
  }
  if (!found) return fail(saidError('VALIDATION', 'said.roomGone', undefined, { 'hotel.roomId': ['is not a room of this hotel'] }));

  const { room, hotel } = found;
  const problems = stayProblems(stay, today, { maxOccupancy: room.max_occupancy, roomsLeft: room.number_of_rooms, isAvailable: room.is_available });
  if (Object.keys(problems).length > 0) return fail(problemsError(problems));
  return ok({ hotel, room, nights: nightsBetween(stay.checkIn, stay.checkOut), totalKobo: stayTotalKobo(room.price, stay) });
}

/** The stay's problems as one refusal: the first one said (in the reader's language), each beside its field. */
function problemsError(problems: Record<string, Said>) {
  const fields = Object.fromEntries(Object.entries(problems).map(([key, said]) => [fieldOf[key] ?? `hotel.${key}`, [saidInEnglish(said)]]));
  const soldOut = Object.keys(problems).every((key) => availability.has(key));
  const [first] = Object.values(problems) as [Said];
  return saidError(soldOut ? 'SOLD_OUT' : 'VALIDATION', first.key, first.values, fields);
}

/** The partner's booking body, exactly as it will be sent and journaled. The caller has checked `dob`. */
export function hotelBookingBody(saleId: string, selection: HotelSelection, customer: Customer & { dob: string }): WireHotelBookingRequest {
  return {
    room_id: selection.roomId,
    number_of_guests: selection.guests,
    number_of_rooms: selection.rooms,
    checkin_date: selection.checkIn,
    checkout_date: selection.checkOut,
    customer_info: { name: customer.name, email: customer.email, phone_number: customer.phone, dob: customer.dob },
    merchant_reference: saleId,
  };
}

/** `times`: the hotel's standard check-in/out times when its listing gave them (hotel-times.ts). */
export function hotelDetails(
  selection: HotelSelection,
  quote: HotelQuote,
  customer: Customer,
  locale: string,
  times: { checkInTime: string | null; checkOutTime: string | null } = { checkInTime: null, checkOutTime: null },
): HotelDetails {
  const { room, nights } = quote;
  const stay = { checkIn: selection.checkIn, checkOut: selection.checkOut, nights, rooms: selection.rooms, guests: selection.guests };
  return {
    kind: 'hotel',
    title: pairTitle(quote.hotel.name, room.room_name),
    subtitle: stayLabel(stay, locale),
    // One line per room-night, so quantity x unit is the total as the receipt shows it.
    lines: [{ label: `${room.room_name}, per room per night`, quantity: nights * selection.rooms, unitKobo: room.price, totalKobo: quote.totalKobo }],
    customer: { name: customer.name, email: customer.email, phone: customer.phone, dob: customer.dob ?? null },
    hotel: { id: quote.hotel.id, name: quote.hotel.name, ...times },
    room: { id: room.id, name: room.room_name, maxOccupancy: room.max_occupancy },
    ...stay,
    pricePerNightKobo: room.price,
    breakdown: { roomKobo: room.price_breakdown?.room_price ?? null, convenienceFeeKobo: room.price_breakdown?.convenience_fee ?? null },
  };
}
