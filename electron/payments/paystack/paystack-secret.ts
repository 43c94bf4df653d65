import { createKeptSecret, type KeptSecret, type SecretCodec } from '../../core/secrets';

export const paystackKeyEnv = 'POS_PAYSTACK_SECRET_KEY';
export const paystackKeyFileName = 'paystack-secret-key';

/**
 * The Paystack secret key, kept like the partner key: `POS_PAYSTACK_SECRET_KEY` wins, else
 * `<dataDir>/paystack-secret-key` (0600; a key file others could read is refused, not used), or
 * `paystack-secret-key.enc` sealed with the OS keychain under Electron (the secret store's codec).
 * A supervisor enters it on the settings screen; no channel returns it, and nothing logs or prints it.
 */
export function paystackKeyStore(options: { dataDir: string; env?: NodeJS.ProcessEnv; codec?: SecretCodec | null }): KeptSecret {
  return createKeptSecret({ ...options, envName: paystackKeyEnv, fileName: paystackKeyFileName });
}
