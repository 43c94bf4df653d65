import type { PosError, Said } from '@shared/errors';
import type { Translate } from './format';

/** A sentence main named, in the reader's language (its `then` too: an answer not recorded, and why). */
export const saidIn =
  (t: Translate) =>
  (said: Said): string =>
    said.then ? `${t(said.key, said.values)} ${t(said.then.key, said.then.values)}` : t(said.key, said.values);

/**
 * What a PosError says, in the reader's language: the shared sentence main named (`said`), or
 * main's own words when it named none (a printer's or the partner's detail, shown as they came).
 * Screens use it through `useErrorText()` (I18nProvider.tsx).
 */
export const errorTextIn =
  (t: Translate) =>
  (error: PosError): string =>
    error.said ? saidIn(t)(error.said) : error.message;

/** Why a print job did not print: its sentence in the reader's language, or main's words when it named none. */
export const printWhyIn =
  (t: Translate) =>
  (job: { lastError: string | null; lastErrorSaid: Said | null }): string | null =>
    job.lastErrorSaid ? saidIn(t)(job.lastErrorSaid) : job.lastError;
