import type { PosError } from '@shared/errors';
import type { Translate } from './format';

/**
 * What a PosError says, in the reader's language: the shared sentence main named (`said`), or
 * main's own words when it named none (a printer's or the partner's detail, shown as they came).
 * A sentence with a `then` (an answer the journal could not record, and why) is said in full.
 * Screens use it through `useErrorText()` (I18nProvider.tsx).
 */
export const errorTextIn =
  (t: Translate) =>
  (error: PosError): string => {
    const { said } = error;
    if (!said) return error.message;
    const first = t(said.key, said.values);
    return said.then ? `${first} ${t(said.then.key, said.then.values)}` : first;
  };
