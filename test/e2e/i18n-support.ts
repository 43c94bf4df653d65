import { IntlMessageFormat } from 'intl-messageformat';
import { catalogues } from '../../renderer/src/i18n/catalogues';
import type { MessageKey } from '../../renderer/src/i18n/catalogues/en';
import { intlLocaleOf, type Language } from '../../renderer/src/i18n/languages';

/** What the screen says for `key` in `language`: tests find buttons by their words, as a customer does. */
export function say(language: Language, key: MessageKey, values?: Record<string, string | number>): string {
  return String(new IntlMessageFormat(catalogues[language][key], intlLocaleOf(language)).format(values));
}

export const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
