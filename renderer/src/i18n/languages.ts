/**
 * The languages the screens speak. `intl` is the BCP 47 tag for the page's lang attribute and for
 * plural rules (Chromium knows the plural rules of all six, but not their month or day names:
 * those come from the catalogues, see format.ts).
 */
export const languages = [
  { code: 'en', intl: 'en-NG', name: 'English' },
  { code: 'fr', intl: 'fr', name: 'Français' },
  { code: 'yo', intl: 'yo', name: 'Yorùbá' },
  { code: 'ha', intl: 'ha', name: 'Hausa' },
  { code: 'ig', intl: 'ig', name: 'Igbo' },
  { code: 'pcm', intl: 'pcm', name: 'Naijá' },
] as const;

export type Language = (typeof languages)[number]['code'];
export const defaultLanguage: Language = 'en';

export const isLanguage = (code: unknown): code is Language => languages.some((l) => l.code === code);
export const intlLocaleOf = (code: Language): string => languages.find((l) => l.code === code)!.intl;
