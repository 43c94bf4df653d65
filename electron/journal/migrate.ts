import type Database from 'better-sqlite3';

/** `newer`: written by a later app than this one, which must not touch it. */
export type SchemaCheck = { kind: 'current' | 'behind' | 'newer'; version: number };

/** Reads the file's schema version without writing anything, so a refused file stays untouched. */
export function checkSchema(db: Database.Database, migrations: readonly string[]): SchemaCheck {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > migrations.length) return { kind: 'newer', version };
  return { kind: version === migrations.length ? 'current' : 'behind', version };
}

/**
 * Brings the file up to the newest schema, one step per transaction: a step and its
 * `user_version` land together or not at all, so a crash mid-upgrade leaves a file at a known
 * version that the next start simply continues from. Throws what SQLite throws; the caller turns it
 * into a value.
 */
export function applyMigrations(db: Database.Database, migrations: readonly string[]): { from: number; to: number } {
  const readVersion = () => db.pragma('user_version', { simple: true }) as number;
  const from = readVersion();
  // The version is re-read inside each write transaction: a second process opening the same file
  // at the same moment waits for the first and then finds the step already done.
  const step = db
    .transaction((): boolean => {
      const version = readVersion();
      if (version >= migrations.length) return false;
      db.exec(migrations[version]!);
      // PRAGMA takes no bound parameters; the number comes from the file, never from input.
      db.pragma(`user_version = ${version + 1}`);
      return true;
    })
    .immediate;
  while (step());
  return { from, to: migrations.length };
}
