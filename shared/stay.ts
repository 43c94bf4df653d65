import { nightsBetween } from './dates';
import type { Said } from './errors';

export interface Stay {
  checkIn: string;
  checkOut: string;
  guests: number;
  rooms: number;
}

/**
 * The booking rules of a stay, as field -> the sentence that says what is wrong (from
 * shared/error-sentences.ts, so the desk, the kiosk and the sale's refusal say it in the reader's
 * language). The same function guards the screen and the sale, so what the screen allows the sale
 * accepts. Guests are checked against max_occupancy x rooms, as the partner's own client does.
 */
export function stayProblems(stay: Stay, today: string, room?: { maxOccupancy: number; roomsLeft: number; isAvailable: boolean }): Record<string, Said> {
  const problems: Record<string, Said> = {};
  if (stay.checkIn < today) problems.checkIn = { key: 'said.stay.checkInPast' };
  if (nightsBetween(stay.checkIn, stay.checkOut) < 1) problems.checkOut = { key: 'said.stay.checkOutAfter' };
  if (stay.rooms < 1) problems.rooms = { key: 'said.stay.roomsMin' };
  if (stay.guests < 1) problems.guests = { key: 'said.stay.guestsMin' };
  if (room) {
    if (!room.isAvailable || room.roomsLeft < 1) problems.room = { key: 'said.stay.roomUnavailable' };
    else if (stay.rooms > room.roomsLeft) problems.rooms = { key: 'said.stay.roomsLeft', values: { count: room.roomsLeft } };
    if (stay.guests > room.maxOccupancy * stay.rooms) {
      problems.guests = { key: 'said.stay.tooMany', values: { guests: stay.guests, perRoom: room.maxOccupancy, rooms: Math.ceil(stay.guests / room.maxOccupancy) } };
    }
  }
  return problems;
}

/** The youngest a person booking a hotel room may be, on the check-in date. */
export const minimumHotelBookingAge = 18;

/**
 * The date-of-birth rule of a sale, as the sentence that says what is wrong (null when it is
 * right): a date in the past; for a hotel (`checkIn` given) it is needed, and the person booking
 * is at least 18 on the check-in date. The checkout screen, the kiosk and main's sale check this
 * one rule. Dates are YYYY-MM-DD (Lagos days); born on 29 February, one is 18 on 1 March.
 */
export function dobProblem(dob: string | undefined, today: string, checkIn?: string): Said | null {
  if (!dob) return checkIn ? { key: 'said.dobNeeded' } : null;
  if (dob >= today) return { key: 'said.dobPast' };
  if (checkIn) {
    const eighteenth = `${String(Number(dob.slice(0, 4)) + minimumHotelBookingAge).padStart(4, '0')}${dob.slice(4)}`;
    if (eighteenth > checkIn) return { key: 'said.dobUnder18' };
  }
  return null;
}

/** price x nights x rooms, the partner's booking cost rule, in kobo. */
export const stayTotalKobo = (pricePerNightKobo: number, stay: Stay): number =>
  pricePerNightKobo * Math.max(0, nightsBetween(stay.checkIn, stay.checkOut)) * stay.rooms;
