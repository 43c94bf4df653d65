import { stayProblems, type Stay } from '@shared/stay';
import { saidIn } from '@renderer/i18n/error-text';
import type { Translate } from '@renderer/i18n/format';

type Room = { maxOccupancy: number; roomsLeft: number; isAvailable: boolean };

/**
 * The stay rules of shared/stay.ts (the same ones the sale checks), said in the screen's language:
 * field -> message, empty when the stay can be booked.
 */
export function stayProblemTexts(t: Translate, stay: Stay, today: string, room?: Room): Record<string, string> {
  return Object.fromEntries(Object.entries(stayProblems(stay, today, room)).map(([field, said]) => [field, saidIn(t)(said)]));
}
