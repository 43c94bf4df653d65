import path from 'node:path';
import type { DestinationStream } from 'pino';
import pinoRoll from 'pino-roll';
import { ensurePrivateDir } from './private-files';

export const logFileLimits = { maxBytes: 10 * 1024 * 1024, files: 5 };

/**
 * The log file for support: `<dataDir>/logs/pos.N.log`, 0600 in a 0700 folder, rolled over by
 * size (10 MB, 5 files kept, the oldest removed) by pino-roll. Writes are synchronous, so the
 * lines before a crash are on disk; the roll-over itself happens between events, so one long burst
 * can run a little past the size before the next file starts.
 */
export async function createLogFile(dataDir: string, limits: { maxBytes: number; files: number } = logFileLimits): Promise<DestinationStream & { flushSync?(): void; end?(): void }> {
  const dir = path.join(dataDir, 'logs');
  ensurePrivateDir(dir);
  return pinoRoll({
    file: path.join(dir, 'pos'),
    extension: '.log',
    size: `${limits.maxBytes}b`,
    // pino-roll counts the files kept besides the one being written.
    limit: { count: limits.files - 1 },
    mkdir: true,
    sync: true,
    mode: 0o600,
  });
}
