import fs from 'node:fs';
import path from 'node:path';
import { keptSecretFileName, type SecretCodec } from '../core/secrets';

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

export function createFleetPasswordStore(options: {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  codec?: SecretCodec | null;
}): FleetPasswordStore {
  const env = options.env ?? process.env;
  const file = path.join(options.dataDir, keptSecretFileName(fleetPasswordFileName, options.codec));
  const read = (): string | null => {
    const fromEnv = env[fleetPasswordEnv];
    if (fromEnv) return fromEnv;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) throw new Error(`${file} is readable by other users; run: chmod 600 "${file}"`);
    const data = fs.readFileSync(file);
    const text = options.codec ? options.codec.decrypt(data) : data.toString('utf8');
    return text.replace(/\r?\n$/, '') || null;
  };
  return {
    get: read,
    has: () => read() !== null,
    set(password) {
      if (options.codec && !options.codec.available()) throw new Error(`This computer offers no secure storage for the password; set ${fleetPasswordEnv} instead.`);
      fs.mkdirSync(options.dataDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, options.codec ? options.codec.encrypt(password) : password, { mode: 0o600 });
      fs.renameSync(temp, file);
    },
    describe: () => (env[fleetPasswordEnv] ? `environment variable ${fleetPasswordEnv}` : options.codec ? 'the encrypted key store' : `file ${file}`),
  };
}
