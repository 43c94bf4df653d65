import { stayProblems, type Stay } from '@shared/stay';
import type { Translate } from '@renderer/i18n/format';

type Room = { maxOccupancy: number; roomsLeft: number; isAvailable: boolean };

/**
 * The stay rules of shared/stay.ts (the same ones the sale checks), said in the screen's language:
 * field -> message, empty when the stay can be booked.
 */
export function stayProblemTexts(t: Translate, stay: Stay, today: string, room?: Room): Record<string, string> {
  const problems = stayProblems(stay, today, room);
  const texts: Record<string, string> = {};
  if (problems.checkIn) texts.checkIn = t('stay.checkInPast');
  if (problems.checkOut) texts.checkOut = t('stay.checkOutAfter');
  if (problems.guests) texts.guests = room && stay.guests > room.maxOccupancy * stay.rooms ? t('stay.tooMany', { guests: stay.guests, perRoom: room.maxOccupancy, rooms: Math.ceil(stay.guests / room.maxOccupancy) }) : t('stay.guestsMin');
  if (problems.rooms) texts.rooms = room && stay.rooms > room.roomsLeft ? t('stay.roomsLeft', { count: room.roomsLeft }) : t('stay.roomsMin');
  if (problems.room) texts.room = t('stay.roomUnavailable');
  return texts;
}
