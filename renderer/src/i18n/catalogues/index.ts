import type { Language } from '../languages';
import { en, type Catalogue } from './en';

/** Every language's catalogue, bundled: switching language at the kiosk must be instant. */
export const catalogues: Record<Language, Catalogue> = { en };
