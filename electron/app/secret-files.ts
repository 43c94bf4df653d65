import { apiKeyFileName, apiKeyOriginFileName } from '../core/secrets';
import { createFleetPasswordStore, fleetPasswordFileName } from '../fleet/fleet-password';
import { paystackKeyFileName, paystackSecretKey } from '../payments/paystack/paystack-secret';

/** Every file in the data folder that holds a secret, or says where one may go: 0600 or the till does not start. */
export const secretFileNames = [apiKeyFileName, apiKeyOriginFileName, paystackKeyFileName, fleetPasswordFileName] as const;

/**
 * The other secrets the till holds (Paystack's key, head office's database password), read once at
 * start so the logger can mask them in every line without reading a file per line.
 */
export function readSecretsOnce(dataDir: string): string[] {
  const read = (secret: () => string | null) => {
    try {
      return secret();
    } catch {
      return null;
    }
  };
  return [read(paystackSecretKey({ dataDir })), read(() => createFleetPasswordStore({ dataDir }).get())].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
}
