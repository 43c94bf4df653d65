import fs from 'node:fs';
import path from 'node:path';
import { saidInEnglish, type Said } from '../../shared/errors';
import { readPrivateBytes, readPrivateFile, writePrivateFile } from './private-files';

export { SecretFileError } from './private-files';

/**
 * Where the partner API key lives. Only the main process (or the Node host) holds one; no contract
 * channel returns the key, and `hasApiKey` is all the renderer can learn about it. A key entered on
 * the settings screen is bound to the partner origin it was entered for (`apiKeyOrigin`): pointing
 * the till at another partner asks for the key again (see `partnerKeyAccess`).
 */
export interface SecretStore {
  /** The key, read once and kept in memory; throws `SecretFileError` when its file is not private. */
  getApiKey(): string | null;
  /** Stores a key for the partner at `origin` ("https://partner.example"), in a 0600 file. */
  setApiKey(key: string, origin: string): void;
  hasApiKey(): boolean;
  /** The partner origin a stored key was entered for; null for `POS_API_KEY` or when none is stored. */
  apiKeyOrigin(): string | null;
  /** Whether the key comes from `POS_API_KEY`: given when the till was started, not on its screens. */
  fromEnvironment(): boolean;
  /** Human description of where the key comes from, for the status screen ("environment", "file"). */
  describe(): string;
  /**
   * How the till's other secrets (the Paystack key, head office's password) are sealed beside
   * this key: Electron's safeStorage store gives its codec so they are encrypted the same way;
   * null: plain files readable by their owner only (the Node host, tests).
   */
  readonly codec: SecretCodec | null;
}

/** Seals a secret's file with the OS keychain (Electron safeStorage); the file alone is useless elsewhere. */
export interface SecretCodec {
  /** Whether this computer can seal secrets at all (no keychain: none can be entered on screen). */
  available(): boolean;
  encrypt(text: string): Buffer;
  decrypt(data: Buffer): string;
}

export const apiKeyEnv = 'POS_API_KEY';
export const apiKeyFileName = 'partner-api-key';
export const apiKeyOriginFileName = 'partner-api-key.origin';

/**
 * Plain-Node store: `POS_API_KEY` wins, else `<dataDir>/partner-api-key`, which must be readable
 * by its owner only. A key file anyone on the machine could read is refused rather than used. The
 * key is read once, on first use, not on every partner call or log line.
 */
export function createFileSecretStore(options: { dataDir: string; env?: NodeJS.ProcessEnv }): SecretStore {
  const env = options.env ?? process.env;
  const file = path.join(options.dataDir, apiKeyFileName);
  const originFile = path.join(options.dataDir, apiKeyOriginFileName);
  const fromEnv = env[apiKeyEnv]?.trim() || null;
  let cached: { key: string | null; origin: string | null } | null = null;
  const read = (): string | null => {
    if (fromEnv) return fromEnv;
    cached ??= { key: readPrivateFile(file)?.trim() || null, origin: readPrivateFile(originFile)?.trim() || null };
    return cached.key;
  };
  return {
    getApiKey: read,
    hasApiKey: () => read() !== null,
    setApiKey(key, origin) {
      writePrivateFile(file, key.trim());
      writePrivateFile(originFile, origin);
      cached = { key: key.trim(), origin };
    },
    apiKeyOrigin: () => (fromEnv || !read() ? null : (cached?.origin ?? null)),
    fromEnvironment: () => fromEnv !== null,
    describe: () => (fromEnv ? `environment variable ${apiKeyEnv}` : `file ${file}`),
    codec: null,
  };
}

/** One of the till's other secrets (the Paystack key, head office's password): set on screen, never read back. */
export interface KeptSecret {
  /** The secret, read when asked (a file others can read throws `SecretFileError`); null when none is kept. */
  get(): string | null;
  /** Stores it sealed with the codec (`<name>.enc`), else in a 0600 file; throws when no keychain can seal it. */
  set(value: string): void;
  has(): boolean;
  /** Whether it comes from its environment variable (which wins over anything entered on screen). */
  fromEnvironment(): boolean;
  /** Where it comes from, for screens and messages: never the secret itself. */
  describe(): string;
}

/** The file a kept secret lives in: `<name>.enc` when sealed with a codec, else `<name>`. */
const keptSecretFileName = (fileName: string, codec: SecretCodec | null | undefined) => (codec ? `${fileName}.enc` : fileName);

/**
 * Reads a kept secret's file: the sealed `<name>.enc` when there is a codec, else the plain 0600
 * `<name>`; with a codec and nothing sealed yet, the plain file still counts (a till upgraded from
 * keeping it there) until a secret entered on screen replaces it. Null: neither file exists. A file
 * others can read throws `SecretFileError`.
 */
function readKeptSecretFile(dataDir: string, fileName: string, codec: SecretCodec | null | undefined): { text: string; file: string; sealed: boolean } | null {
  const candidates = codec ? [{ file: path.join(dataDir, keptSecretFileName(fileName, codec)), sealed: true }, { file: path.join(dataDir, fileName), sealed: false }] : [{ file: path.join(dataDir, fileName), sealed: false }];
  for (const { file, sealed } of candidates) {
    const data = readPrivateBytes(file);
    if (data) return { text: sealed ? codec!.decrypt(data) : data.toString('utf8'), file, sealed };
  }
  return null;
}

/** Stores a kept secret sealed with the codec (and drops a plain copy it replaces), else in a plain 0600 file. */
function writeKeptSecretFile(dataDir: string, fileName: string, codec: SecretCodec | null | undefined, value: string, envName: string) {
  if (!codec) return writePrivateFile(path.join(dataDir, fileName), value);
  if (!codec.available()) throw new Error(`This computer offers no secure storage for secrets; set ${envName} instead.`);
  writePrivateFile(path.join(dataDir, keptSecretFileName(fileName, codec)), codec.encrypt(value));
  fs.rmSync(path.join(dataDir, fileName), { force: true });
}

/**
 * A secret kept like the partner key: its environment variable wins, else `<dataDir>/<fileName>`
 * (0600; a file others could read is refused, not used), sealed with the codec when there is one.
 * Read on each `get`, so a key entered on screen is used by the next call without a restart.
 */
export function createKeptSecret(options: {
  dataDir: string;
  envName: string;
  fileName: string;
  codec?: SecretCodec | null;
  env?: NodeJS.ProcessEnv;
  /** How a value is cleaned when read or stored; keys drop surrounding spaces (the default). */
  normalize?: (value: string) => string;
}): KeptSecret {
  const env = options.env ?? process.env;
  const codec = options.codec ?? null;
  const normalize = options.normalize ?? ((value: string) => value.trim());
  const fromEnv = () => normalize(env[options.envName] ?? '') || null;
  const get = (): string | null => fromEnv() ?? (normalize(readKeptSecretFile(options.dataDir, options.fileName, codec)?.text ?? '') || null);
  return {
    get,
    has: () => get() !== null,
    set: (value) => writeKeptSecretFile(options.dataDir, options.fileName, codec, normalize(value), options.envName),
    fromEnvironment: () => fromEnv() !== null,
    describe: () => {
      if (fromEnv()) return `environment variable ${options.envName}`;
      const plain = path.join(options.dataDir, options.fileName);
      // Sealed unless the only copy is a plain file kept from before the keychain was used.
      const sealed = codec !== null && (fs.existsSync(path.join(options.dataDir, keptSecretFileName(options.fileName, codec))) || !fs.existsSync(plain));
      return sealed ? 'the encrypted key store' : `file ${plain}`;
    },
  };
}

/** Why the key may not go: in English (logs) and as a shared sentence (the screen says it in the reader's language). */
export type PartnerKeyAccess = { usable: true } | { usable: false; reason: string; said: Said };

const refused = (said: Said): PartnerKeyAccess => ({ usable: false, reason: saidInEnglish(said), said });

/**
 * May the key go to this partner? A key entered on the settings screen goes only to the origin it
 * was entered for; `POS_API_KEY` only to a partner URL given the same way, when the till was
 * started (POS_PARTNER_URL or --partner-url), not one changed later on the settings screen.
 */
export function partnerKeyAccess(secrets: SecretStore, partner: { origin: string; urlGivenAtStart: boolean }): PartnerKeyAccess {
  if (!secrets.hasApiKey()) return refused({ key: 'said.settings.keyNone' });
  if (secrets.fromEnvironment()) {
    return partner.urlGivenAtStart ? { usable: true } : refused({ key: 'said.settings.keyEnvAtStartOnly', values: { env: apiKeyEnv, origin: partner.origin } });
  }
  const bound = secrets.apiKeyOrigin();
  if (bound === partner.origin) return { usable: true };
  return refused(bound ? { key: 'said.settings.keyOtherPartner', values: { bound, origin: partner.origin } } : { key: 'said.settings.keyUnbound', values: { origin: partner.origin } });
}
