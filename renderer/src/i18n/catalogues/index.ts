import type { Language } from '../languages';
import { en, type Catalogue } from './en';
import { fr } from './fr';
import { yo } from './yo';
import { ha } from './ha';
import { ig } from './ig';
import { pcm } from './pcm';

/** Every language's catalogue, bundled: switching language at the kiosk must be instant. */
export const catalogues: Record<Language, Catalogue> = { en, fr, yo, ha, ig, pcm };
