import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Folders made by tempFolder in the test file now running (a worker runs one file at a time). */
const made: string[] = [];

/**
 * A new folder in the temp dir (`prefix` + six random characters), removed when the test file that
 * made it ends (test/remove-temp-folders.ts), passed or failed. For the folders a till,
 * journal or config lives in: a test may close a till and open it again on the same folder, so the
 * folder outlives the test that made it, but never its file.
 */
export function tempFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder tempFolder made since the last call. */
export function removeTempFolders(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
