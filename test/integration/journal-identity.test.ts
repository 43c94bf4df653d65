import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../electron/journal/migrate';
import { journalIdentity } from '../../electron/journal/migrations/0013-journal-identity';
import { journalFile, migrations, openChainOutbox, openJournal, registerChainFunctions, verifyJournalFile } from '../../electron/journal';
import { openSellingJournal } from '../helpers/chain-fixture';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-identity-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let dirCount = 0;
const freshFile = () => journalFile(path.join(root, `till-${++dirCount}`));
const openClosed = (file: string) => {
  const opened = openJournal({ file, terminalId: 'T01' });
  if (!opened.ok) throw new Error(opened.error.message);
  opened.value.close();
};
const identityOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare<[], { id: string; created_at: string }>('SELECT id, created_at FROM journal_identity').all();
  db.close();
  return rows;
};
/** The user_version the identity arrives with (13). */
const stepOfIdentity = migrations.indexOf(journalIdentity) + 1;

describe('the journal identity', () => {
  it('is made once with the file, kept by the file and by a copy of it, and new for a new file', async () => {
    const file = freshFile();
    const till = await openSellingJournal({ dir: path.dirname(file), terminalId: 'T01' });
    till.sell('ID-1');
    till.journal.close();
    const [made] = identityOf(file);
    expect(made!.id).toMatch(/^[0-9a-f]{32}$/);
    expect(identityOf(file)).toHaveLength(1);

    openClosed(file);
    expect(identityOf(file)).toEqual([made]);
    // A backup put back is the same journal.
    const copy = journalFile(path.join(root, 'restored'));
    fs.mkdirSync(path.dirname(copy));
    fs.copyFileSync(file, copy);
    openClosed(copy);
    expect(identityOf(copy)).toEqual([made]);

    const other = freshFile();
    openClosed(other);
    expect(identityOf(other)[0]!.id).not.toBe(made!.id);

    // The shipper reads it through the outbox, on its own connection.
    const outbox = openChainOutbox({ file, terminalId: 'T01' });
    expect(outbox.journalId()).toBe(made!.id);
    outbox.close();
    expect(verifyJournalFile(file).ok).toBe(true);
  });

  it('is refused by the journal itself any change, removal or second row', () => {
    const file = freshFile();
    openClosed(file);
    const [made] = identityOf(file);
    const db = registerChainFunctions(new Database(file));
    try {
      expect(() => db.prepare("UPDATE journal_identity SET id = '0123456789abcdef0123456789abcdef'").run()).toThrow(/keeps the identity it was made with/);
      expect(() => db.prepare("UPDATE journal_identity SET created_at = 'x'").run()).toThrow(/keeps the identity it was made with/);
      expect(() => db.prepare('DELETE FROM journal_identity').run()).toThrow(/never deleted/);
      expect(() => db.prepare("INSERT INTO journal_identity (id, created_at) VALUES ('0123456789abcdef0123456789abcdef', 'x')").run()).toThrow(/one identity/);
      expect(() => db.prepare("INSERT OR REPLACE INTO journal_identity (id, created_at) VALUES (?, 'x')").run(made!.id)).toThrow(/one identity/);
    } finally {
      db.close();
    }
    expect(identityOf(file)).toEqual([made]);
  });

  it('is given to a journal of the previous version as it upgrades, with its records untouched, and kept if the step runs again', async () => {
    const file = freshFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const old = registerChainFunctions(new Database(file));
    old.pragma('journal_mode = WAL');
    applyMigrations(old, migrations.slice(0, stepOfIdentity - 1));
    old.close();
    // Records written at version 12 (the file's own triggers chain them).
    const db12 = registerChainFunctions(new Database(file));
    expect(db12.pragma('user_version', { simple: true })).toBe(stepOfIdentity - 1);
    expect(db12.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'journal_identity'").pluck().get()).toBe(0);
    db12.exec(`
      INSERT INTO staff (id, terminal_id, name, role, pin_hash, created_at) VALUES (1, 'T01', 'Bola', 'supervisor', 'x', '2026-01-01T08:00:00.000Z');
      INSERT INTO shifts (id, terminal_id, number, opened_by, opened_at, float_kobo) VALUES (1, 'T01', 1, 1, '2026-01-01T08:00:00.000Z', 0);
      INSERT INTO cash_movements (terminal_id, shift_id, kind, amount_kobo, reason, staff_id, at) VALUES ('T01', 1, 'in', 1000, 'float top-up', 1, '2026-01-01T08:30:00.000Z');`);
    const linksBefore = db12.prepare('SELECT * FROM chain ORDER BY terminal_id, seq').all();
    db12.close();

    const opened = openJournal({ file, terminalId: 'T01' });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.schema).toEqual({ from: stepOfIdentity - 1, to: migrations.length });
    opened.value.close();
    const [made] = identityOf(file);
    expect(made!.id).toMatch(/^[0-9a-f]{32}$/);
    const after = new Database(file, { readonly: true });
    expect(after.prepare('SELECT * FROM chain ORDER BY terminal_id, seq').all()).toEqual(linksBefore);
    after.close();

    // A file set back a version (as some tests do) runs the step again: the identity stays.
    const rewind = new Database(file);
    rewind.pragma(`user_version = ${stepOfIdentity - 1}`);
    rewind.close();
    openClosed(file);
    expect(identityOf(file)).toEqual([made]);
    expect(verifyJournalFile(file).ok).toBe(true);
  });
});
