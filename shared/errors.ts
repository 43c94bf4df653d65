import { z } from 'zod';
import { sentenceInEnglish, sentenceKeys, type SentenceKey, type SentenceValues } from './error-sentences';

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

/** One sentence of shared/error-sentences.ts and what fills it: what a screen translates. */
export const saidSchema = z.object({
  key: z.enum(sentenceKeys),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Said = z.infer<typeof saidSchema>;

export const posErrorSchema = z.object({
  code: errorCodeSchema,
  /** Written for the person at the screen: what happened and what to do next. */
  message: z.string(),
  /** Field path (dot-joined) -> messages, for forms to show beside the field. */
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /**
   * The sentence of shared/error-sentences.ts that `message` says, so a screen can say it in the
   * reader's language. Absent for a message main composed otherwise (a printer's or the partner's
   * own detail), which is shown as it is.
   */
  said: saidSchema.optional(),
});
export type PosError = z.infer<typeof posErrorSchema>;

export function posError(code: ErrorCode, message: string, fields?: Record<string, string[]>): PosError {
  return fields ? { code, message, fields } : { code, message };
}

/** An error that says one of the shared sentences: English in `message`, and the sentence named for the screen. */
export function saidError(code: ErrorCode, key: SentenceKey, values?: SentenceValues, fields?: Record<string, string[]>): PosError {
  const error = posError(code, sentenceInEnglish(key, values), fields);
  error.said = values ? { key, values } : { key };
  return error;
}
