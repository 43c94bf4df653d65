import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { journalFile, openJournal, type Journal, type PrintJob } from '../../electron/journal';
import { migrations } from '../../electron/journal/migrations';
import { applyMigrations } from '../../electron/journal/migrate';
import { registerChainFunctions } from '../../electron/journal/chain-functions';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-print-'));
let journal: Journal;
let now = Date.parse('2025-03-14T10:00:00.000Z');
const advance = (ms: number) => (now += ms);
const policy = { deadlineMs: 60_000, firstDelayMs: 2_000, maxDelayMs: 10_000 };

// Each test a journal of its own (three sales, nothing printed yet), so each passes alone and in
// any order (--sequence.shuffle).
let tests = 0;
beforeEach(async () => {
  const opened = openJournal({ file: journalFile(path.join(root, `t${++tests}`)), terminalId: 'K1', clock: () => new Date(now), printRetryPolicy: policy });
  if (!opened.ok) throw new Error(opened.error.message);
  journal = opened.value;
  const staff = await journal.staff.create({ name: 'Funke Ade', role: 'supervisor', pin: '5555' });
  if (!staff.ok) throw new Error(staff.error.message);
  journal.shifts.open({ staffId: staff.value.id, floatKobo: 0 });
  for (const id of ['K1-1', 'K1-2', 'K1-3']) {
    journal.sales.create({ id, staffId: null, kind: 'cinema', quoteKobo: 200_000, request: {}, details: {}, tenders: [{ kind: 'card', amountKobo: 200_000 }] });
  }
});
afterEach(() => journal.close());
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const value = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('the print queue', () => {
  it('keeps one original receipt per sale and counts reprints as copies', () => {
    const receipt = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'K1-1', payload: { lines: ['Receipt'] } }));
    expect(receipt).toMatchObject({ kind: 'receipt', copyNumber: 1, state: 'queued', saleId: 'K1-1', terminalId: 'K1', attempts: 0 });
    expect(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'K1-1', payload: { other: true } })).toEqual({ ok: true, value: receipt });
    expect(value(journal.printJobs.enqueue({ kind: 'reprint', saleId: 'K1-1', payload: {} })).copyNumber).toBe(2);
    expect(value(journal.printJobs.enqueue({ kind: 'reprint', saleId: 'K1-1', payload: {} })).copyNumber).toBe(3);
    expect(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'NOPE', payload: {} })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(journal.printJobs.enqueue({ kind: 'report', saleId: 'K1-1', payload: {} } as never)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });

  it('hands out due jobs oldest first, one at a time', () => {
    value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'K1-1', payload: { lines: ['Receipt'] } }));
    for (let copy = 2; copy <= 3; copy++) value(journal.printJobs.enqueue({ kind: 'reprint', saleId: 'K1-1', payload: {} }));
    const claimed: PrintJob[] = [];
    for (let job = value(journal.printJobs.claimNext()); job; job = value(journal.printJobs.claimNext())) claimed.push(job);
    expect(claimed.map((j) => [j.kind, j.copyNumber, j.state, j.attempts])).toEqual([
      ['receipt', 1, 'printing', 1],
      ['reprint', 2, 'printing', 1],
      ['reprint', 3, 'printing', 1],
    ]);
    for (const job of claimed) expect(value(journal.printJobs.markPrinted(job.id)).state).toBe('printed');
    expect(journal.printJobs.markPrinted(claimed[0]!.id)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('retries a failing job with a doubling pause, then gives up at its deadline', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'K1-2', payload: {} }));
    const start = now;
    const pauses: number[] = [];
    for (;;) {
      const claimed = value(journal.printJobs.claimNext());
      if (!claimed) {
        const waiting = value(journal.printJobs.get(job.id))!;
        if (waiting.state !== 'queued') break;
        now = Date.parse(waiting.nextAttemptAt);
        continue;
      }
      const failed = value(journal.printJobs.markFailed(claimed.id, 'Printer offline (connection refused)'));
      expect(failed.lastError).toBe('Printer offline (connection refused)');
      if (failed.state === 'failed') break;
      pauses.push(Date.parse(failed.nextAttemptAt) - now);
    }
    expect(pauses.slice(0, 4)).toEqual([2_000, 4_000, 8_000, 10_000]);
    const final = value(journal.printJobs.get(job.id))!;
    expect(final.state).toBe('failed');
    expect(now - start).toBeLessThanOrEqual(policy.deadlineMs);
    expect(final.attempts).toBe(pauses.length + 1);

    // Staff fixed the paper: a retry makes it due at once with a fresh deadline.
    const retried = value(journal.printJobs.retry(job.id));
    expect(retried).toMatchObject({ state: 'queued', nextAttemptAt: new Date(now).toISOString() });
    expect(value(journal.printJobs.claimNext())?.id).toBe(job.id);
    // Printed at last: the reasons of the tries before are not shown beside it.
    expect(value(journal.printJobs.markPrinted(job.id))).toMatchObject({ state: 'printed', lastError: null, lastErrorSaid: null });
  });

  it('fails a queued job that waited past its deadline instead of printing it late', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'test', payload: { lines: ['Test page'] } }));
    advance(policy.deadlineMs + 1);
    expect(journal.printJobs.claimNext()).toEqual({ ok: true, value: null });
    expect(value(journal.printJobs.get(job.id))).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/deadline/) });
  });

  it('keeps why a try failed as a shared sentence beside its English, and only a sentence the catalogues have', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'test', payload: { lines: ['Test page'] } }));
    const said = { key: 'said.print.noAnswer', values: { where: '10.0.0.9:9100', wait: 2.5 } } as const;
    expect(value(journal.printJobs.claimNext())?.id).toBe(job.id);
    const failed = value(journal.printJobs.markFailed(job.id, 'The printer at 10.0.0.9:9100 did not answer within 2.5 s.', { said }));
    expect(failed).toMatchObject({ state: 'queued', lastError: 'The printer at 10.0.0.9:9100 did not answer within 2.5 s.', lastErrorSaid: said });
    // Staff asking to print it now keeps the last reason.
    expect(value(journal.printJobs.retry(job.id)).lastErrorSaid).toEqual(said);
    // A later reason with no sentence replaces both: the screen never says an older reason.
    expect(value(journal.printJobs.claimNext())?.id).toBe(job.id);
    expect(value(journal.printJobs.markFailed(job.id, 'lp: printer on fire', { retry: false }))).toMatchObject({ lastError: 'lp: printer on fire', lastErrorSaid: null });
    const other = value(journal.printJobs.enqueue({ kind: 'test', payload: { lines: ['Test page'] } }));
    expect(value(journal.printJobs.claimNext())?.id).toBe(other.id);
    const unknown = { key: 'said.noSuchSentence' } as never;
    expect(value(journal.printJobs.returnUntried(other.id, 'The printer is out of paper.', unknown))).toMatchObject({ lastError: 'The printer is out of paper.', lastErrorSaid: null });
    expect(value(journal.printJobs.claimNext())?.id).toBe(other.id);
    expect(value(journal.printJobs.markPrinted(other.id)).state).toBe('printed');
  });

  it('after a crash, fails jobs left printing so staff decide about reprinting', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'K1-3', payload: {} }));
    expect(value(journal.printJobs.claimNext())?.id).toBe(job.id);
    expect(journal.printJobs.failInterrupted()).toEqual({ ok: true, value: 1 });
    expect(value(journal.printJobs.get(job.id))).toMatchObject({
      state: 'failed',
      lastError: expect.stringMatching(/stopped while this was printing/),
      lastErrorSaid: { key: 'said.print.interrupted' },
    });
    expect(value(journal.printJobs.list({ states: ['failed'] })).map((j) => j.id)).toEqual([job.id]);
  });
});

describe('a journal from before step 9 (why a print failed, as a sentence)', () => {
  it('upgrades with its print jobs and their English reasons; the sentence is simply not known for them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-print-v8-'));
    try {
      const file = journalFile(dir);
      const first = value(openJournal({ file, terminalId: 'K2' }));
      const job = value(first.printJobs.enqueue({ kind: 'test', payload: { lines: ['Test page'] } }));
      value(first.printJobs.claimNext());
      value(first.printJobs.markFailed(job.id, 'Printer offline', { retry: false }));
      first.close();
      // Back to version 8, as a till that never ran step 9 left its file.
      const eight = new Database(file);
      eight.exec('ALTER TABLE print_jobs DROP COLUMN last_error_said');
      eight.exec('DROP TRIGGER sales_partner_reference_once; DROP TRIGGER sales_partner_reference_once_insert; DROP INDEX sales_by_partner_reference');
      eight.pragma('user_version = 8');
      eight.close();

      const upgraded = value(openJournal({ file, terminalId: 'K2' }));
      try {
        expect(upgraded.schema).toEqual({ from: 8, to: migrations.length });
        expect(value(upgraded.printJobs.get(job.id))).toMatchObject({ state: 'failed', lastError: 'Printer offline', lastErrorSaid: null });
      } finally {
        upgraded.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('held kiosk receipts (step 12)', () => {
  it('holds a queued original once, never claims it, lets staff queue it again, and the triggers refuse every other move', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'K1-1', payload: {} }));
    const other = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'K1-2', payload: {} }));
    expect(value(journal.printJobs.hold({ saleId: 'K1-1' })).map((j) => [j.id, j.state, j.heldAt])).toEqual([[job.id, 'held', new Date(now).toISOString()]]);
    // Not the queue's head: the other sale's receipt is claimed, the held one never is.
    expect(value(journal.printJobs.claimNext())?.id).toBe(other.id);
    expect(value(journal.printJobs.claimNext())).toBeNull();
    const db = new Database(journalFile(path.join(root, `t${tests}`)));
    try {
      for (const state of ['printing', 'printed', 'failed']) {
        expect(() => db.prepare('UPDATE print_jobs SET state = ? WHERE id = ?').run(state, job.id)).toThrow(/not allowed/);
      }
      // A printed job is never held, nor one that is not a sale's original receipt.
      expect(() => db.prepare("UPDATE print_jobs SET state = 'held', held_at = 'x' WHERE id = ?").run(other.id)).toThrow(/not allowed/);
    } finally {
      db.close();
    }
    expect(value(journal.printJobs.retry(job.id))).toMatchObject({ state: 'queued', heldAt: new Date(now).toISOString() });
    // Let go by staff: it prints, and is never held again.
    expect(value(journal.printJobs.hold({ all: true }))).toEqual([]);
    expect(value(journal.printJobs.claimNext({ holdReceiptsCreatedBefore: new Date(now + 1).toISOString() }))?.id).toBe(job.id);
  });

  it('upgrades a journal from step 11 with its jobs as they were', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-print-v11-'));
    try {
      const file = journalFile(dir);
      // A file as a till that never ran step 12 left it, with a receipt test page waiting.
      fs.mkdirSync(dir, { recursive: true });
      const eleven = registerChainFunctions(new Database(file));
      applyMigrations(eleven, migrations.slice(0, 11));
      eleven
        .prepare(
          `INSERT INTO print_jobs (terminal_id, kind, copy_number, state, next_attempt_at, deadline_at, payload_json, created_at, updated_at, last_error_said)
           VALUES ('K3', 'test', 1, 'queued', '2025-03-14T10:00:00.000Z', '2025-03-14T10:15:00.000Z', '{}', '2025-03-14T10:00:00.000Z', '2025-03-14T10:00:00.000Z', NULL)`,
        )
        .run();
      eleven.close();
      const job = { id: 1 };
      const upgraded = value(openJournal({ file, terminalId: 'K3' }));
      try {
        expect(upgraded.schema).toEqual({ from: 11, to: migrations.length });
        expect(value(upgraded.printJobs.get(job.id))).toMatchObject({ kind: 'test', state: 'queued', heldAt: null });
      } finally {
        upgraded.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
