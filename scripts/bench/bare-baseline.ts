import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The journal benches' baseline: a one-table SQLite file beside the journal with the journal's
 * pragmas (WAL, synchronous=FULL, foreign keys, busy timeout; see electron/journal/open-journal.ts),
 * where each insert is one bare commit.
 */
export function openBareSales(dir: string) {
  const db = new Database(path.join(dir, 'bare.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE sales (id TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT');
  const insert = db.prepare<[string, string]>('INSERT INTO sales (id, body) VALUES (?, ?)');
  return { insert: (id: string, body: string) => void insert.run(id, body), close: () => void db.close() };
}
