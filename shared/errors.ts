import { z } from 'zod';

/**
 * The closed set of failure kinds that may cross the contract. The renderer decides what to show
 * (retry button, "call a supervisor", "being settled") from the code alone, so adding a code is a
 * contract change: add it here and handle it in the renderer's error copy.
 */
export const errorCodes = [
  'VALIDATION',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CONFLICT',
  'PARTNER_UNAVAILABLE',
  'PARTNER_REJECTED',
  'PARTNER_MALFORMED',
  'SOLD_OUT',
  'HOLD_EXPIRED',
  'OUTCOME_UNKNOWN',
  'PRINTER_OFFLINE',
  'JOURNAL_UNAVAILABLE',
  'SHIFT_REQUIRED',
  'INTERNAL',
] as const;

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const posErrorSchema = z.object({
  code: errorCodeSchema,
  /** Written for the person at the screen: what happened and what to do next. */
  message: z.string(),
  /** Field path (dot-joined) -> messages, for forms to show beside the field. */
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type PosError = z.infer<typeof posErrorSchema>;

export function posError(code: ErrorCode, message: string, fields?: Record<string, string[]>): PosError {
  return fields ? { code, message, fields } : { code, message };
}
