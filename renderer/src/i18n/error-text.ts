import type { PosError } from '@shared/errors';
import type { Translate } from './format';

/**
 * What a PosError says, in the reader's language: the shared sentence main named (`said`), or
 * main's own words when it named none (a printer's or the partner's detail, shown as they came).
 * Screens use it through `useErrorText()` (I18nProvider.tsx).
 */
export const errorTextIn =
  (t: Translate) =>
  (error: PosError): string =>
    error.said ? t(error.said.key, error.said.values) : error.message;
