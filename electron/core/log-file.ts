import fs from 'node:fs';
import path from 'node:path';

/** Appends log lines to `<dataDir>/logs/pos.log`; the screen is for people, the file for support. */
export function createLogFileSink(dataDir: string): (line: string) => void {
  const dir = path.join(dataDir, 'logs');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'pos.log');
  return (line) => fs.appendFileSync(file, line + '\n', { mode: 0o600 });
}
