import fs from 'node:fs';
import path from 'node:path';
import type { ConfigKey } from './keys';
import { configFileName, givenAtStart } from './load';

/** config.json as saved (an object, possibly empty); a missing or unreadable file reads as {}. */
export function readConfigFileObject(dataDir: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dataDir, configFileName), 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Replaces config.json in one rename, so a crash mid-write leaves the old file or the new, never half. */
export function writeConfigFileObject(dataDir: string, value: Record<string, unknown>) {
  const file = path.join(dataDir, configFileName);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(value, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(temp, file);
}

/**
 * A text setting as the next start will have it: what config.json (`file`, as read) saves for
 * `key`, unless a variable or flag fixed it when this till started (that value wins again).
 */
export function textAtNextStart(file: Record<string, unknown>, sources: Partial<Record<ConfigKey, string>> | undefined, key: ConfigKey, running: string): string {
  if (givenAtStart(sources, key)) return running;
  const [section, name] = key.split('.') as [string, string];
  const saved = (file[section] as Record<string, unknown> | undefined)?.[name];
  return typeof saved === 'string' ? saved.trim() : running;
}
