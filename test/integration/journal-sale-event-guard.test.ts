import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { initial } from '../../electron/journal/migrations/0001-initial';
import { saleEventGuard } from '../../electron/journal/migrations/0003-sale-event-guard';

/**
 * Migration 3 on a real SQLite file: a sale_events row must be a move its sale made, and a
 * confirmed sale keeps no failure reason. The raw SQL below is what a bug or a hand edit could
 * write; the journal's own repository must still get every legal move through.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-sale-event-guard-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the trigger, on the schema of steps 1 and 3 alone', () => {
  let db: Database.Database;
  let n = 0;
  beforeEach(() => {
    db?.close();
    db = new Database(path.join(root, `guard-${++n}.sqlite`));
    db.exec(initial);
    db.exec(saleEventGuard);
    db.exec(`
      INSERT INTO staff (id, terminal_id, name, role, pin_hash, created_at) VALUES (1, 'T1', 'Bola', 'supervisor', 'x', '2031-01-01T08:00:00Z');
      INSERT INTO shifts (id, terminal_id, number, opened_by, opened_at, float_kobo) VALUES (1, 'T1', 1, 1, '2031-01-01T08:00:00Z', 0);
      INSERT INTO shifts (id, terminal_id, number, opened_by, opened_at, float_kobo) VALUES (2, 'T2', 1, 1, '2031-01-01T08:00:00Z', 0);
      INSERT INTO sales (id, terminal_id, shift_id, staff_id, kind, state, quote_kobo, request_json, details_json, created_at, updated_at)
        VALUES ('S1', 'T1', 1, 1, 'hotel', 'pending', 2500000, '{}', '{}', '2031-01-01T09:00:00Z', '2031-01-01T09:00:00Z');
    `);
  });
  afterAll(() => db?.close());

  const event = (from: string | null, to: string, where: { terminal?: string; shift?: number } = {}) =>
    db
      .prepare('INSERT INTO sale_events (sale_id, terminal_id, shift_id, from_state, to_state, at, detail_json) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run('S1', where.terminal ?? 'T1', where.shift ?? 1, from, to, '2031-01-01T09:00:00Z', '{}');
  const moveSale = (to: string) => db.prepare('UPDATE sales SET state = ? WHERE id = ?').run(to, 'S1');
  const refused = /does not match a move the sale made/;

  it('takes the moves a sale makes, in order: nothing -> pending -> sent -> unknown -> confirmed', () => {
    event(null, 'pending');
    for (const [from, to] of [['pending', 'sent'], ['sent', 'unknown'], ['unknown', 'confirmed']] as const) {
      moveSale(to);
      event(from, to);
    }
    expect(db.prepare("SELECT coalesce(from_state, '') || '>' || to_state FROM sale_events ORDER BY id").pluck().all()).toEqual(['>pending', 'pending>sent', 'sent>unknown', 'unknown>confirmed']);
  });

  it.each<[string, () => void]>([
    ['a first event that is not nothing -> pending', () => event('pending', 'sent')],
    ['a first event to another state', () => event(null, 'confirmed')],
    ['an event for a sale that does not exist', () => db.prepare("INSERT INTO sale_events (sale_id, terminal_id, shift_id, from_state, to_state, at, detail_json) VALUES ('NOPE', 'T1', 1, NULL, 'pending', 'x', '{}')").run()],
    ['an event of another terminal', () => event(null, 'pending', { terminal: 'T2' })],
    ['an event of another shift', () => event(null, 'pending', { shift: 2 })],
  ])('refuses %s', (_, write) => {
    expect(write).toThrow(refused);
    expect(db.prepare('SELECT count(*) FROM sale_events').pluck().get()).toBe(0);
  });

  it('refuses an event for a move the sale did not make, a repeat, and a state the sale skipped', () => {
    event(null, 'pending');
    expect(() => event(null, 'pending'), 'a second first event').toThrow(refused);
    expect(() => event('pending', 'sent'), 'the sale is still pending').toThrow(refused);
    moveSale('sent');
    expect(() => event('pending', 'rejected'), 'the sale went to sent, not rejected').toThrow(refused);
    expect(() => event('unknown', 'sent'), 'from a state it was never in').toThrow(refused);
    expect(() => event('sent', 'sent'), 'a move to where it already is').toThrow(refused);
    event('pending', 'sent');
    expect(() => event('pending', 'sent'), 'the same move again').toThrow(refused);
    moveSale('confirmed');
    expect(() => event('pending', 'confirmed'), 'skipping the sent event').toThrow(refused);
    event('sent', 'confirmed');
    expect(() => event('confirmed', 'confirmed')).toThrow(refused);
    expect(db.prepare('SELECT count(*) FROM sale_events').pluck().get()).toBe(3);
  });

  it('refuses a confirmed sale that keeps a failure reason', () => {
    moveSale('sent');
    db.prepare("UPDATE sales SET state = 'unknown', failure_reason = 'not known yet' WHERE id = 'S1'").run();
    expect(() => moveSale('confirmed')).toThrow(/confirmed sale cannot keep a reason/);
    db.prepare("UPDATE sales SET state = 'confirmed', failure_reason = NULL WHERE id = 'S1'").run();
    expect(db.prepare("SELECT state || ':' || coalesce(failure_reason, '-') FROM sales WHERE id = 'S1'").pluck().get()).toBe('confirmed:-');
  });
});

describe('the journal itself, with every migration', () => {
  let journal: Journal;
  const dir = path.join(root, 'journal');
  beforeAll(async () => {
    fs.mkdirSync(dir);
    const opened = openJournal({ file: journalFile(dir), terminalId: 'T1' });
    if (!opened.ok) throw new Error(opened.error.message);
    journal = opened.value;
    const boss = await journal.staff.create({ name: 'Bola Adeyemi', role: 'supervisor', pin: '2468' });
    if (!boss.ok) throw new Error(boss.error.message);
    expect(journal.shifts.open({ staffId: boss.value.id, floatKobo: 0 }).ok).toBe(true);
  });
  afterAll(() => journal.close());

  const sale = (id: string) => {
    const created = journal.sales.create({ id, staffId: 1, kind: 'hotel', quoteKobo: 100_000, request: {}, details: {}, tenders: [{ kind: 'card', amountKobo: 100_000 }] });
    if (!created.ok) throw new Error(created.error.message);
  };

  it('writes every legal path through the guard', () => {
    const paths = [
      ['rejected'],
      ['sent', 'confirmed'],
      ['sent', 'rejected'],
      ['sent', 'unknown', 'confirmed'],
      ['sent', 'unknown', 'rejected'],
    ] as const;
    paths.forEach((steps, i) => {
      const id = `PATH-${i}`;
      sale(id);
      for (const to of steps) expect(journal.sales.transition(id, to, to === 'rejected' || to === 'unknown' ? { failureReason: `why ${to}` } : {}).ok).toBe(true);
      const events = journal.sales.events(id);
      expect(events.ok && events.value.map((e) => e.toState)).toEqual(['pending', ...steps]);
    });
  });

  it('a sale confirmed after unknown drops the reason it was unknown for, in sale:get and the CSV', () => {
    sale('STALE-1');
    expect(journal.sales.transition('STALE-1', 'sent').ok).toBe(true);
    const unknown = journal.sales.transition('STALE-1', 'unknown', { failureReason: 'The ticket service did not answer in time, so it is not known whether the sale went through.' });
    expect(unknown.ok && unknown.value.failureReason).toMatch(/not known/);
    const confirmed = journal.sales.transition('STALE-1', 'confirmed', { partnerReference: 'EX1234567890' });
    expect(confirmed.ok && confirmed.value).toMatchObject({ state: 'confirmed', failureReason: null, partnerReference: 'EX1234567890' });
    const read = journal.sales.get('STALE-1');
    expect(read.ok && read.value?.failureReason).toBeNull();
    const csv = journal.exportCsv({});
    if (!csv.ok) throw new Error(csv.error.message);
    const line = csv.value.csv.split('\n').find((row) => row.startsWith('STALE-1,'));
    expect(line).toBeDefined();
    expect(line).not.toMatch(/not known/);
  });
});
