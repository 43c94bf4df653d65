import { apiKeyFileName, apiKeyOriginFileName, type SecretCodec } from '../core/secrets';
import { createFleetPasswordStore, fleetPasswordFileName } from '../fleet/fleet-password';
import { paystackKeyFileName, paystackKeyStore } from '../payments/paystack/paystack-secret';

/** Every file in the data folder that holds a secret, or says where one may go, plain or sealed (.enc): 0600 or the till does not start. */
export const secretFileNames = [
  apiKeyFileName,
  apiKeyOriginFileName,
  paystackKeyFileName,
  `${paystackKeyFileName}.enc`,
  fleetPasswordFileName,
  `${fleetPasswordFileName}.enc`,
] as const;

/**
 * The other secrets the till holds (Paystack's key, head office's database password), read once at
 * start so the logger can mask them in every line without reading a file per line. `codec`: the
 * secret store's (Electron: safeStorage), so sealed ones are read the way they were written.
 */
export function readSecretsOnce(dataDir: string, codec: SecretCodec | null = null): string[] {
  const read = (secret: () => string | null) => {
    try {
      return secret();
    } catch {
      return null;
    }
  };
  return [read(() => paystackKeyStore({ dataDir, codec }).get()), read(() => createFleetPasswordStore({ dataDir, codec }).get())].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
}
