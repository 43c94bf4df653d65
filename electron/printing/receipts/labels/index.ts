import type { LanguageCode } from '../../../../shared/languages';
import { en, type ReceiptLabels } from './en';
import { fr } from './fr';
import { ha } from './ha';
import { ig } from './ig';
import { pcm } from './pcm';
import { yo } from './yo';

export type { ReceiptLabels } from './en';

/** One catalogue per language of the screens (shared/languages.ts); a new language fails the typecheck until it has one. */
const catalogues: Record<LanguageCode, ReceiptLabels> = { en, fr, yo, ha, ig, pcm };

/** The receipt's fixed words in a sale's language; English when the sale named none. */
export const receiptLabels = (language: LanguageCode | null | undefined): ReceiptLabels => (language ? catalogues[language] : undefined) ?? en;
