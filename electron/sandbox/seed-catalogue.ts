import seed from '../../resources/sandbox/catalogue.json' with { type: 'json' };
import { catalogueSchema, type Catalogue } from './catalogue';

/**
 * The seed ships inside the bundle (a JSON import rather than a file read) so the sandbox works
 * the same under tsx, vitest and the packaged app. It is still validated: it is data, not code.
 */
export function loadSeedCatalogue(): Catalogue {
  return catalogueSchema.parse(seed);
}
