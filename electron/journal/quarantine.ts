import fs from 'node:fs';
import path from 'node:path';

/** SQLite keeps a WAL database in up to three files; they only make sense together. */
const companions = ['', '-wal', '-shm'] as const;

const marker = '.corrupt-';

/**
 * Moves a damaged journal (and its -wal/-shm, renamed alike so SQLite still pairs them) out of the
 * way as `<name>.corrupt-<timestamp>`. Nothing is deleted: staff can still export what is readable
 * from the moved file, and support can inspect it.
 */
export function quarantineFile(file: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let target = `${file}${marker}${stamp}`;
  for (let n = 2; companions.some((suffix) => fs.existsSync(target + suffix)); n++) target = `${file}${marker}${stamp}-${n}`;
  for (const suffix of companions) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, target + suffix);
  }
  return target;
}

/** Journals set aside earlier beside `file`, oldest first, so the app can keep reminding staff. */
export function listQuarantined(file: string): string[] {
  const dir = path.dirname(file);
  const prefix = path.basename(file) + marker;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(prefix) && !name.endsWith('-wal') && !name.endsWith('-shm'))
    .sort()
    .map((name) => path.join(dir, name));
}
