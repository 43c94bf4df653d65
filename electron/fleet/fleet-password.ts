import { createKeptSecret, type SecretCodec } from '../core/secrets';

/**
 * Where the till's password for head office's database lives, kept like the partner key
 * (electron/core/secrets.ts): `POS_FLEET_PASSWORD` wins, else `<dataDir>/fleet-db-password`,
 * which must be readable by its owner only (a file others could read is refused, not used).
 * Under Electron the composition root may pass `codec` (safeStorage) so the file is encrypted
 * with the OS keychain. The password never crosses the contract and never reaches a log line.
 */
export interface FleetPasswordStore {
  get(): string | null;
  set(password: string): void;
  has(): boolean;
  describe(): string;
}

export const fleetPasswordEnv = 'POS_FLEET_PASSWORD';
export const fleetPasswordFileName = 'fleet-db-password';

export function createFleetPasswordStore(options: { dataDir: string; env?: NodeJS.ProcessEnv; codec?: SecretCodec | null }): FleetPasswordStore {
  // A password may have spaces at either end: only a trailing newline (an editor's) is dropped.
  return createKeptSecret({ ...options, envName: fleetPasswordEnv, fileName: fleetPasswordFileName, normalize: (value) => value.replace(/\r?\n$/, '') });
}
