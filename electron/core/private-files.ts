import fs from 'node:fs';
import path from 'node:path';

/**
 * Everything the till writes (journal, receipts, logs, settings, the key) is its user's alone:
 * files 0600 in a 0700 data folder. `restrictNewFiles` makes that the default for every file the
 * process creates, SQLite's and libraries' included; the helpers below also say it explicitly.
 */
export function restrictNewFiles() {
  process.umask(0o077);
}

/** Creates the data folder 0700, or narrows an existing one to 0700. */
export function ensurePrivateDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32' && (fs.statSync(dir).mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
}

/** A secret file others can read: the till refuses it and says, in one line, how to fix it. */
export class SecretFileError extends Error {
  constructor(readonly file: string) {
    super(`${file} can be read by other users of this computer; make it private with: chmod 600 "${file}"`);
    this.name = 'SecretFileError';
  }
}

/** Reads a file that must be its owner's alone; null when there is none. */
export function readPrivateFile(file: string): string | null {
  return readPrivateBytes(file)?.toString('utf8') ?? null;
}

/** The same for a file that is not text (a secret sealed by the OS keychain). */
export function readPrivateBytes(file: string): Buffer | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) throw new SecretFileError(file);
  return fs.readFileSync(file);
}

/**
 * Replaces a file in one rename, created 0600 from the start (never readable by others, not even
 * briefly) and flushed to disk before the rename, so a power cut leaves the old file or the new one.
 */
export function writePrivateFile(file: string, content: string | Uint8Array) {
  ensurePrivateDir(path.dirname(file));
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w', 0o600);
  try {
    fs.fchmodSync(fd, 0o600);
    fs.writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

/**
 * The first secret file in `dataDir` that other users could read, as the one line to show (and
 * then stop): checked once at start, so a bad file never surfaces later as a stack trace.
 */
export function looseSecretFile(dataDir: string, names: readonly string[]): string | null {
  if (process.platform === 'win32') return null;
  for (const name of names) {
    const file = path.join(dataDir, name);
    try {
      if ((fs.statSync(file).mode & 0o077) !== 0) return new SecretFileError(file).message;
    } catch {
      // No such file: nothing to protect.
    }
  }
  return null;
}
