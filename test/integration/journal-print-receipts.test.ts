import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, migrations, openJournal, type Journal } from '../../electron/journal';
import { applyMigrations } from '../../electron/journal/migrate';
import { receipts } from '../../electron/journal/migrations/0004-receipts';

/** Migration 0004 and the print-job rules it gives the journal: FIFO, gapless numbers, one original. */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-receipts-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const now = Date.parse('2025-03-14T10:00:00.000Z');
const value = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

// The queue's rules step by step on one journal, each step taking the queue as the last left it
// (vitest keeps them in order under --sequence.shuffle).
describe('print jobs after migration 0004', { shuffle: false }, () => {
  let journal: Journal;
  beforeAll(async () => {
    const opened = openJournal({ file: journalFile(path.join(root, 'rules')), terminalId: 'K1', clock: () => new Date(now), printRetryPolicy: { deadlineMs: 600_000, firstDelayMs: 2_000, maxDelayMs: 60_000 } });
    if (!opened.ok) throw new Error(opened.error.message);
    journal = opened.value;
    const staff = value(await journal.staff.create({ name: 'Funke Ade', role: 'supervisor', pin: '5555' }));
    journal.shifts.open({ staffId: staff.id, floatKobo: 0 });
    for (const id of ['S1', 'S2', 'S3', 'S4']) {
      journal.sales.create({ id, staffId: null, kind: 'cinema', quoteKobo: 200_000, request: {}, details: {}, tenders: [{ kind: 'card', amountKobo: 200_000 }] });
    }
  });
  afterAll(() => journal.close());

  it('numbers originals without gaps per terminal; copies keep their original number; a copy needs an original', () => {
    expect(journal.printJobs.enqueue({ kind: 'reprint', saleId: 'S1', payload: {} })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const first = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'S1', payload: {} }));
    const second = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'S2', payload: {} }));
    expect([first.receiptNumber, second.receiptNumber]).toEqual([1, 2]);
    // Asking again for an original gives the same job, not a new number.
    expect(value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'S1', payload: {} })).id).toBe(first.id);
    const copy = value(journal.printJobs.enqueue({ kind: 'reprint', saleId: 'S1', payload: {} }));
    expect(copy).toMatchObject({ receiptNumber: 1, copyNumber: 2 });
    expect(value(journal.printJobs.enqueue({ kind: 'test', payload: {} })).receiptNumber).toBeNull();
  });

  it('refuses, by trigger, a receipt number out of sequence or a copy under another number', () => {
    const db = new Database(journalFile(path.join(root, 'rules')));
    const insert = (kind: string, saleId: string, receiptNumber: number, copy = 1) =>
      db
        .prepare(
          `INSERT INTO print_jobs (terminal_id, sale_id, kind, copy_number, receipt_number, state, next_attempt_at, deadline_at, payload_json, created_at, updated_at)
           VALUES ('K1', ?, ?, ?, ?, 'queued', 'x', 'x', '{}', 'x', 'x')`,
        )
        .run(saleId, kind, copy, receiptNumber);
    expect(() => insert('receipt', 'S3', 7)).toThrow(/without gaps/);
    expect(() => insert('reprint', 'S2', 1, 5)).toThrow(/receipt number of its original/);
    expect(() => db.prepare("UPDATE print_jobs SET receipt_number = 9 WHERE sale_id = 'S1' AND kind = 'receipt'").run()).toThrow(/cannot be changed/);
    db.close();
  });

  it('takes jobs strictly first in, first out: a waiting oldest job is not overtaken, and resume makes all due', () => {
    // Clear the queue left by the test above.
    for (let job = value(journal.printJobs.claimNext()); job; job = value(journal.printJobs.claimNext())) value(journal.printJobs.markPrinted(job.id));
    const older = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'S3', payload: {} }));
    const newer = value(journal.printJobs.enqueue({ kind: 'test', payload: {} }));
    expect(value(journal.printJobs.claimNext())!.id).toBe(older.id);
    const paused = value(journal.printJobs.markFailed(older.id, 'Printer offline'));
    expect(paused.state).toBe('queued');
    // The newer job is due, the older one pauses: nothing is handed out.
    expect(value(journal.printJobs.claimNext())).toBeNull();
    expect(value(journal.printJobs.head())!.id).toBe(older.id);
    expect(value(journal.printJobs.resume())).toBe(1);
    expect(value(journal.printJobs.claimNext())!.id).toBe(older.id);
    value(journal.printJobs.markPrinted(older.id));
    expect(value(journal.printJobs.get(older.id))!.printedAt).toBe(new Date(now).toISOString());
    expect(value(journal.printJobs.claimNext())!.id).toBe(newer.id);
    value(journal.printJobs.markPrinted(newer.id));
  });

  it('never sends again a receipt that may be on paper; a copy supersedes it; Print now hurries a waiting job', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'S4', payload: {} }));
    value(journal.printJobs.claimNext());
    const failed = value(journal.printJobs.markFailed(job.id, 'Cut off while sending', { mayHavePrinted: true }));
    expect(failed).toMatchObject({ state: 'failed', mayHavePrinted: true });
    expect(journal.printJobs.retry(job.id)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const db = new Database(journalFile(path.join(root, 'rules')));
    expect(() => db.prepare("UPDATE print_jobs SET state = 'queued' WHERE id = ?").run(job.id)).toThrow(/print a copy/);
    expect(() => db.prepare('UPDATE print_jobs SET may_have_printed = 0 WHERE id = ?').run(job.id)).toThrow(/stays recorded/);
    db.close();

    const copy = value(journal.printJobs.enqueue({ kind: 'reprint', saleId: 'S4', payload: {} }));
    expect(value(journal.printJobs.supersede(job.id, copy.id))).toMatchObject({ supersededBy: copy.id });
    expect(journal.printJobs.supersede(job.id, copy.id)).toMatchObject({ ok: false });

    // The copy waits behind a pause; Print now makes it due at once.
    value(journal.printJobs.claimNext());
    value(journal.printJobs.markFailed(copy.id, 'Printer offline'));
    const hurried = value(journal.printJobs.retry(copy.id));
    expect(hurried).toMatchObject({ state: 'queued', nextAttemptAt: new Date(now).toISOString() });
  });

  it('keeps slips, with their own copy numbers, for a sale or none', () => {
    const slip = value(journal.printJobs.enqueue({ kind: 'slip', saleId: 'S1', payload: { slip: true } }));
    const again = value(journal.printJobs.enqueue({ kind: 'slip', saleId: 'S1', copyNumber: 2, payload: { slip: true } }));
    const loose = value(journal.printJobs.enqueue({ kind: 'slip', saleId: null, payload: { slip: true } }));
    expect([slip.copyNumber, again.copyNumber, loose.saleId]).toEqual([1, 2, null]);
    expect(slip.receiptNumber).toBeNull();
  });
});

describe('upgrading a journal to 0004', () => {
  it('numbers the receipts already there in the order they were queued, copies with their original, and marks interrupted ones', () => {
    const file = path.join(root, 'old.sqlite');
    const db = new Database(file);
    db.pragma('foreign_keys = ON');
    const before = migrations.indexOf(receipts);
    applyMigrations(db, migrations.slice(0, before));
    db.prepare("INSERT INTO staff (terminal_id, name, role, pin_hash, created_at) VALUES ('K1', 'Ada', 'supervisor', 'x', 'x')").run();
    db.prepare("INSERT INTO shifts (terminal_id, number, opened_by, opened_at, float_kobo) VALUES ('K1', 1, 1, 'x', 0)").run();
    for (const id of ['A', 'B', 'C']) {
      db.prepare("INSERT INTO sales (id, terminal_id, shift_id, kind, state, quote_kobo, request_json, details_json, created_at, updated_at) VALUES (?, 'K1', 1, 'cinema', 'pending', 1, '{}', '{}', 'x', 'x')").run(id);
    }
    const job = (saleId: string | null, kind: string, copy: number, state: string, error: string | null = null) =>
      db
        .prepare(
          `INSERT INTO print_jobs (terminal_id, sale_id, kind, copy_number, state, next_attempt_at, deadline_at, last_error, payload_json, created_at, updated_at)
           VALUES ('K1', ?, ?, ?, ?, 'x', 'x', ?, '{}', 'c', 'u')`,
        )
        .run(saleId, kind, copy, state, error);
    job('B', 'receipt', 1, 'printed');
    job(null, 'test', 1, 'printed');
    job('A', 'receipt', 1, 'printing');
    job('B', 'reprint', 2, 'failed', 'Part of it may have printed: check the printer.');
    job('C', 'receipt', 1, 'queued');
    // Up to 0004 itself: later steps (the hash chain) need functions openJournal registers.
    applyMigrations(db, migrations.slice(0, before + 1));
    const rows = db.prepare('SELECT sale_id, kind, receipt_number, may_have_printed, printed_at FROM print_jobs ORDER BY id').all();
    expect(rows).toEqual([
      { sale_id: 'B', kind: 'receipt', receipt_number: 1, may_have_printed: 0, printed_at: 'u' },
      { sale_id: null, kind: 'test', receipt_number: null, may_have_printed: 0, printed_at: 'u' },
      { sale_id: 'A', kind: 'receipt', receipt_number: 2, may_have_printed: 1, printed_at: null },
      { sale_id: 'B', kind: 'reprint', receipt_number: 1, may_have_printed: 1, printed_at: null },
      { sale_id: 'C', kind: 'receipt', receipt_number: 3, may_have_printed: 0, printed_at: null },
    ]);
    expect(() => db.prepare('DELETE FROM print_jobs').run()).toThrow(/never deleted/);
    db.close();
  });
});
