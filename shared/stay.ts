import { nightsBetween } from './dates';

export interface Stay {
  checkIn: string;
  checkOut: string;
  guests: number;
  rooms: number;
}

/**
 * The booking rules of a stay, as field -> message, written for the guest at the desk. The same
 * function guards the screen and the sale, so what the screen allows the sale accepts.
 * Guests are checked against max_occupancy x rooms, as the partner's own client does.
 */
export function stayProblems(stay: Stay, today: string, room?: { maxOccupancy: number; roomsLeft: number; isAvailable: boolean }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (stay.checkIn < today) problems.checkIn = 'Check-in cannot be in the past.';
  if (nightsBetween(stay.checkIn, stay.checkOut) < 1) problems.checkOut = 'Check-out must be at least one night after check-in.';
  if (stay.rooms < 1) problems.rooms = 'Book at least one room.';
  if (stay.guests < 1) problems.guests = 'At least one guest is needed.';
  if (room) {
    if (!room.isAvailable || room.roomsLeft < 1) problems.room = 'This room type is not available.';
    else if (stay.rooms > room.roomsLeft) problems.rooms = `Only ${room.roomsLeft} ${room.roomsLeft === 1 ? 'room is' : 'rooms are'} left of this type.`;
    if (stay.guests > room.maxOccupancy * stay.rooms) {
      problems.guests = `${stay.guests} guests need more space: this room takes ${room.maxOccupancy} per room, so book ${Math.ceil(stay.guests / room.maxOccupancy)} rooms or choose a bigger room.`;
    }
  }
  return problems;
}

/** price x nights x rooms, the partner's booking cost rule, in kobo. */
export const stayTotalKobo = (pricePerNightKobo: number, stay: Stay): number =>
  pricePerNightKobo * Math.max(0, nightsBetween(stay.checkIn, stay.checkOut)) * stay.rooms;
