import type Database from 'better-sqlite3';

/**
 * Which journal this file is (migration 13): a random id made once with the file and kept by
 * every copy of it. Head office uses it to tell two tills given the same number apart.
 * Throws when the file has not been migrated that far (a file only openJournal has upgraded has it).
 */
export function readJournalId(db: Database.Database): string {
  const id = db.prepare<[], string>('SELECT id FROM journal_identity').pluck().get();
  if (id === undefined) throw new Error('This journal has no identity yet: open it with openJournal first, which upgrades it.');
  return id;
}
