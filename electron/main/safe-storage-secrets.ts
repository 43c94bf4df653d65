import fs from 'node:fs';
import path from 'node:path';
import type { SafeStorage } from 'electron';
import { apiKeyEnv, type SecretStore } from '../core/secrets';

export const encryptedKeyFileName = 'partner-api-key.enc';

/**
 * Under Electron the key is kept encrypted with the OS keychain (safeStorage); the file alone is
 * useless on another machine or to another user. `POS_API_KEY` still wins, for provisioning.
 */
export function createSafeStorageSecretStore(options: { safeStorage: SafeStorage; dataDir: string; env?: NodeJS.ProcessEnv }): SecretStore {
  const env = options.env ?? process.env;
  const file = path.join(options.dataDir, encryptedKeyFileName);
  const read = (): string | null => {
    const fromEnv = env[apiKeyEnv]?.trim();
    if (fromEnv) return fromEnv;
    if (!fs.existsSync(file)) return null;
    return options.safeStorage.decryptString(fs.readFileSync(file)).trim() || null;
  };
  return {
    getApiKey: read,
    hasApiKey: () => read() !== null,
    setApiKey(key) {
      if (!options.safeStorage.isEncryptionAvailable()) {
        throw new Error('This computer offers no secure storage for the API key; set POS_API_KEY instead.');
      }
      fs.mkdirSync(options.dataDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, options.safeStorage.encryptString(key.trim()), { mode: 0o600 });
      fs.renameSync(temp, file);
    },
    describe: () => (env[apiKeyEnv]?.trim() ? `environment variable ${apiKeyEnv}` : 'the encrypted key store'),
  };
}
