import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { journalFile, migrations, openJournal, openSalvage, type Journal } from '../../electron/journal';
import { filledJournal, garblePageOf, open } from '../helpers/journal-damage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-open-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let dirCount = 0;
const freshFile = () => journalFile(path.join(root, `till-${++dirCount}`));

describe('opening the journal', () => {
  it('creates the schema from an empty folder with the right pragmas and version', () => {
    const file = freshFile();
    const journal = open(file);
    expect(journal.schema).toEqual({ from: 0, to: migrations.length });
    journal.close();

    const raw = new Database(file);
    expect(raw.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = raw.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();
    expect(tables).toEqual([
      'cancellation_moves', 'cancellations', 'card_payment_events', 'card_payments', 'cash_movement_approvals', 'cash_movements', 'chain', 'chain_shipped', 'correction_outcomes',
      'corrections', 'drawer_left_open', 'drawer_opening_approvals', 'drawer_openings', 'journal_identity', 'pin_lockouts', 'print_jobs', 'sale_events', 'sales', 'shifts', 'staff', 'staff_audit', 'tenders',
    ]);
    raw.close();
  });

  it("runs a new journal's schema steps without waiting for the disk, and waits for it at every commit after them", () => {
    // What the journal's own connection is set to, read from it (SQLite's synchronous: 1 NORMAL,
    // 2 FULL) as each schema step runs and once it is open: the calls are only watched.
    const seen: { sql: string; synchronous: unknown }[] = [];
    const connections = new Set<Database.Database>();
    const exec = Database.prototype.exec;
    Database.prototype.exec = function (this: Database.Database, sql: string) {
      connections.add(this);
      seen.push({ sql, synchronous: this.pragma('synchronous', { simple: true }) });
      return exec.call(this, sql);
    };
    let journal: Journal;
    try {
      journal = open(freshFile());
    } finally {
      Database.prototype.exec = exec;
    }
    expect(seen.length).toBeGreaterThanOrEqual(migrations.length);
    expect(new Set(seen.filter((step) => migrations.includes(step.sql)).map((step) => step.synchronous))).toEqual(new Set([1]));
    expect(connections.size).toBe(1);
    const [connection] = connections;
    expect(connection!.pragma('synchronous', { simple: true })).toBe(2);
    journal.close();
  });

  it('re-opens an up-to-date journal without migrating again', () => {
    const file = freshFile();
    open(file).close();
    const again = open(file);
    expect(again.schema).toEqual({ from: migrations.length, to: migrations.length });
    again.close();
  });

  it('continues a journal left at an older version', () => {
    const file = freshFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const raw = new Database(file);
    raw.exec('CREATE TABLE unrelated (x INTEGER)');
    raw.close();
    const journal = open(file);
    expect(journal.schema).toEqual({ from: 0, to: migrations.length });
    journal.close();
  });

  it('refuses a journal from a newer version and leaves the file byte for byte as it was', () => {
    const file = freshFile();
    open(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${migrations.length + 1}`);
    raw.close();
    const before = fs.readFileSync(file);

    const opened = openJournal({ file, terminalId: 'T01' });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error.code).toBe('JOURNAL_UNAVAILABLE');
    expect(opened.error.message).toMatch(/newer version of Lobby POS/);
    expect(opened.error.message).toMatch(/has not been changed/);
    expect(opened.movedTo).toBeUndefined();
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
  });

  it('keeps what was written across close and reopen', async () => {
    const file = freshFile();
    await filledJournal(file, 3);
    const journal = open(file);
    const sale = journal.sales.get('S0002');
    expect(sale.ok && sale.value?.state).toBe('confirmed');
    expect(sale.ok && sale.value?.partnerReference).toBe('PR2');
    expect(journal.sales.events('S0002')).toMatchObject({ ok: true, value: [{ toState: 'pending' }, { toState: 'sent' }, { toState: 'confirmed' }] });
    const shift = journal.shifts.current();
    expect(shift.ok && shift.value?.number).toBe(1);
    journal.close();
  });

  it('loads the engine from the nativeBinding it is given, and says so when it cannot', () => {
    const binding = path.resolve('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
    const opened = openJournal({ file: freshFile(), terminalId: 'T01', nativeBinding: binding });
    expect(opened.ok).toBe(true);
    if (opened.ok) opened.value.close();

    const missing = openJournal({ file: freshFile(), terminalId: 'T01', nativeBinding: path.join(root, 'no-such-binding.node') });
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.error.code).toBe('JOURNAL_UNAVAILABLE');
      expect(missing.error.message).toMatch(/database engine could not be loaded/);
    }
  });

  it('refuses settings that are not valid', () => {
    const opened = openJournal({ file: freshFile(), terminalId: 'till 1' });
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.error.fields).toHaveProperty('terminalId');
  });
});

describe('a damaged journal', () => {
  it('is moved aside whole, and everything readable can still be exported from it', async () => {
    const file = freshFile();
    await filledJournal(file, 30);
    garblePageOf(file, 'cash_movements_by_shift');

    const opened = openJournal({ file, terminalId: 'T01' });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error.code).toBe('JOURNAL_UNAVAILABLE');
    expect(opened.error.message).toMatch(/damaged/);
    expect(opened.movedTo).toMatch(/journal\.sqlite\.corrupt-\d{8}T\d{6}Z$/);
    expect(opened.error.message).toContain(path.basename(opened.movedTo!));
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(opened.movedTo!)).toBe(true);

    const salvage = openSalvage({ file: opened.movedTo! });
    expect(salvage.ok).toBe(true);
    if (!salvage.ok) return;
    const exported = salvage.value.exportCsv();
    salvage.value.close();
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.value).toMatchObject({ rows: 30, complete: true });
    expect(exported.value.csv.split('\r\n').filter(Boolean)).toHaveLength(31);
    expect(exported.value.csv).toContain('PR17');

    // The next start begins a fresh journal and keeps reminding staff of the one set aside.
    const fresh = open(file);
    expect(fresh.setAside).toEqual([opened.movedTo]);
    fresh.close();
  });

  it('yields what comes before the damage when the sales themselves are hit', async () => {
    const file = freshFile();
    await filledJournal(file, 40);
    garblePageOf(file, 'sales');

    const opened = openJournal({ file, terminalId: 'T01' });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.movedTo).toBeDefined();
    const salvage = openSalvage({ file: opened.movedTo! });
    if (!salvage.ok) throw new Error(salvage.error.message);
    const exported = salvage.value.exportCsv();
    salvage.value.close();
    if (!exported.ok) throw new Error(exported.error.message);
    expect(exported.value.complete).toBe(false);
    expect(exported.value.rows).toBeLessThan(40);
    expect(exported.value.problem).toMatch(/could be read/);
    expect(exported.value.csv.startsWith('\uFEFFsale_id,')).toBe(true);
  });

  it('with a garbled header (not a database at all) is also set aside', () => {
    const file = freshFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(8192));
    const opened = openJournal({ file, terminalId: 'T01' });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error.message).toMatch(/damaged/);
    expect(fs.existsSync(opened.movedTo!)).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  });
});
