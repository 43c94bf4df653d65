import { z } from 'zod';
import { parseIsoDate, type EpochDay } from '../../shared/dates';

/** Buyer details as the partner accepts them. */

export const nameSchema = z.string().trim().min(1, 'is required').max(200);
export const emailSchema = z.email('must be a valid e-mail address').max(254);
// The spec asks only for "telephone number": Nigerian forms, and a foreign number with its + code (E.164).
export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(/^(?:(\+234|234|0)\d{10}|\+[1-9]\d{7,14})$/, 'must be a phone number like +2348031234567, 2348031234567, 08031234567 or +447700900123');
export const dateOfBirthSchema = z.string().refine((v) => parseIsoDate(v) !== null, 'must be a date in the format YYYY-MM-DD');
export const merchantReferenceSchema = z.string().trim().min(1).max(128).nullable().optional();

export function isInThePast(isoDate: string, today: EpochDay): boolean {
  const day = parseIsoDate(isoDate);
  return day !== null && day < today;
}
