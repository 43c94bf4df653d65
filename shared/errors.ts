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

const sentenceSchema = z.object({
  key: z.enum(sentenceKeys),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/**
 * One sentence of shared/error-sentences.ts and what fills it: what a screen translates. `then` is
 * a second sentence said after it (why the journal could not record an answer, say).
 */
export const saidSchema = sentenceSchema.extend({ then: sentenceSchema.optional() });
export type Said = z.infer<typeof saidSchema>;

/** What a `Said` says in English (its `then` too): the one way main writes a named sentence out. */
export const saidInEnglish = (said: Said): string =>
  said.then ? `${sentenceInEnglish(said.key, said.values)} ${sentenceInEnglish(said.then.key, said.then.values)}` : sentenceInEnglish(said.key, said.values);

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

/**
 * `error` followed by the reason it happened (`cause`'s words): both in English in `message`, and
 * both named for the screen when both are shared sentences. When the cause is not one, the whole
 * is left to its English so that no reader gets the first half without the reason.
 */
export function saidBecause(error: PosError, cause: PosError): PosError {
  const both: PosError = { ...error, message: `${error.message} ${cause.message}` };
  // One sentence after another: a `then` already said on either side would be lost, so that stays English.
  if (error.said && cause.said && !error.said.then && !cause.said.then) both.said = { ...error.said, then: { key: cause.said.key, ...(cause.said.values && { values: cause.said.values }) } };
  else delete both.said;
  return both;
}

/** An error that says one of the shared sentences: English in `message`, and the sentence named for the screen. */
export function saidError(code: ErrorCode, key: SentenceKey, values?: SentenceValues, fields?: Record<string, string[]>): PosError {
  const said: Said = values ? { key, values } : { key };
  return { ...posError(code, saidInEnglish(said), fields), said };
}
