import fs from 'node:fs';
import path from 'node:path';
import type { SafeStorage } from 'electron';
import { apiKeyEnv, apiKeyOriginFileName, type SecretCodec, type SecretStore } from '../core/secrets';
import { readPrivateFile, writePrivateFile } from '../core/private-files';

export const encryptedKeyFileName = 'partner-api-key.enc';

/**
 * Under Electron the key is kept encrypted with the OS keychain (safeStorage); the file alone is
 * useless on another machine or to another user. `POS_API_KEY` still wins, for provisioning. The
 * key is decrypted once, on first use; the partner origin it was entered for sits beside it.
 */
export function createSafeStorageSecretStore(options: { safeStorage: SafeStorage; dataDir: string; env?: NodeJS.ProcessEnv }): SecretStore {
  const env = options.env ?? process.env;
  const file = path.join(options.dataDir, encryptedKeyFileName);
  const originFile = path.join(options.dataDir, apiKeyOriginFileName);
  const fromEnv = env[apiKeyEnv]?.trim() || null;
  let cached: { key: string | null; origin: string | null } | null = null;
  // The same keychain seals the till's other secrets (Paystack key, head office's password).
  const codec: SecretCodec = {
    available: () => options.safeStorage.isEncryptionAvailable(),
    encrypt: (text) => options.safeStorage.encryptString(text),
    decrypt: (data) => options.safeStorage.decryptString(data),
  };
  const read = (): string | null => {
    if (fromEnv) return fromEnv;
    cached ??= { key: fs.existsSync(file) ? options.safeStorage.decryptString(fs.readFileSync(file)).trim() || null : null, origin: readPrivateFile(originFile)?.trim() || null };
    return cached.key;
  };
  return {
    getApiKey: read,
    hasApiKey: () => read() !== null,
    setApiKey(key, origin) {
      if (!options.safeStorage.isEncryptionAvailable()) {
        throw new Error('This computer offers no secure storage for the API key; set POS_API_KEY instead.');
      }
      writePrivateFile(file, options.safeStorage.encryptString(key.trim()));
      writePrivateFile(originFile, origin);
      cached = { key: key.trim(), origin };
    },
    apiKeyOrigin: () => (fromEnv || !read() ? null : (cached?.origin ?? null)),
    fromEnvironment: () => fromEnv !== null,
    describe: () => (fromEnv ? `environment variable ${apiKeyEnv}` : 'the encrypted key store'),
    codec,
  };
}
