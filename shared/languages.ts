import { z } from 'zod';

/**
 * The languages of the screens, and so of a sale: a kiosk customer's receipt follows the language
 * they chose. English (Nigeria) first. Codes are BCP 47 primary tags (`pcm` is Nigerian Pidgin).
 */
export const languageCodes = ['en', 'fr', 'yo', 'ha', 'ig', 'pcm'] as const;
export const languageSchema = z.enum(languageCodes);
export type LanguageCode = z.infer<typeof languageSchema>;
