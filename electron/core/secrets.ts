import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the partner API key lives. Only the main process (or the Node host) holds one; no contract
 * channel returns the key, and `hasApiKey` is all the renderer can learn about it.
 */
export interface SecretStore {
  getApiKey(): string | null;
  setApiKey(key: string): void;
  hasApiKey(): boolean;
  /** Human description of where the key comes from, for the status screen ("environment", "file"). */
  describe(): string;
}

export const apiKeyEnv = 'POS_API_KEY';
export const apiKeyFileName = 'partner-api-key';

/**
 * Plain-Node store: `POS_API_KEY` wins, else `<dataDir>/partner-api-key`, which must be readable
 * by its owner only. A key file anyone on the machine could read is refused rather than used.
 */
export function createFileSecretStore(options: { dataDir: string; env?: NodeJS.ProcessEnv }): SecretStore {
  const env = options.env ?? process.env;
  const file = path.join(options.dataDir, apiKeyFileName);
  const read = (): string | null => {
    const fromEnv = env[apiKeyEnv]?.trim();
    if (fromEnv) return fromEnv;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      throw new Error(`${file} is readable by other users; run: chmod 600 "${file}"`);
    }
    return fs.readFileSync(file, 'utf8').trim() || null;
  };
  return {
    getApiKey: read,
    hasApiKey: () => read() !== null,
    setApiKey(key) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, key.trim(), { mode: 0o600 });
      fs.renameSync(temp, file);
    },
    describe: () => (env[apiKeyEnv]?.trim() ? `environment variable ${apiKeyEnv}` : `file ${file}`),
  };
}
