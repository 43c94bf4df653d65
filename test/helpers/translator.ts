import { IntlMessageFormat } from 'intl-messageformat';
import { catalogues } from '../../renderer/src/i18n/catalogues';
import type { MessageKey } from '../../renderer/src/i18n/catalogues/en';
import { intlLocaleOf, type Language } from '../../renderer/src/i18n/languages';

/** The screen's `t` (renderer/src/i18n/format.ts `Translate`) for one language, outside React. */
export const translator =
  (language: Language) =>
  (key: MessageKey, values?: Record<string, string | number>): string =>
    String(new IntlMessageFormat(catalogues[language][key], intlLocaleOf(language)).format(values));
