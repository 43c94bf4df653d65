import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, openJournal, type Journal, type PrintJob } from '../../electron/journal';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-print-'));
let journal: Journal;
let now = Date.parse('2025-03-14T10:00:00.000Z');
const advance = (ms: number) => (now += ms);
const policy = { deadlineMs: 60_000, firstDelayMs: 2_000, maxDelayMs: 10_000 };

beforeAll(async () => {
  const opened = openJournal({ file: journalFile(root), terminalId: 'K1', clock: () => new Date(now), printRetryPolicy: policy });
  if (!opened.ok) throw new Error(opened.error.message);
  journal = opened.value;
  const staff = await journal.staff.create({ name: 'Funke Ade', role: 'supervisor', pin: '5555' });
  if (!staff.ok) throw new Error(staff.error.message);
  journal.shifts.open({ staffId: staff.value.id, floatKobo: 0 });
  for (const id of ['K1-1', 'K1-2', 'K1-3']) {
    journal.sales.create({ id, staffId: null, kind: 'cinema', quoteKobo: 200_000, request: {}, details: {}, tenders: [{ kind: 'card', amountKobo: 200_000 }] });
  }
});
afterAll(() => {
  journal.close();
  fs.rmSync(root, { recursive: true, force: true });
});

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
    expect(value(journal.printJobs.markPrinted(job.id)).state).toBe('printed');
  });

  it('fails a queued job that waited past its deadline instead of printing it late', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'test', payload: { lines: ['Test page'] } }));
    advance(policy.deadlineMs + 1);
    expect(journal.printJobs.claimNext()).toEqual({ ok: true, value: null });
    expect(value(journal.printJobs.get(job.id))).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/deadline/) });
  });

  it('after a crash, fails jobs left printing so staff decide about reprinting', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'receipt', saleId: 'K1-3', payload: {} }));
    expect(value(journal.printJobs.claimNext())?.id).toBe(job.id);
    expect(journal.printJobs.failInterrupted()).toEqual({ ok: true, value: 1 });
    expect(value(journal.printJobs.get(job.id))).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/stopped while this was printing/) });
    expect(value(journal.printJobs.list({ states: ['failed'] })).map((j) => j.id)).toContain(job.id);
    expect(value(journal.printJobs.list({ saleId: 'K1-1' })).map((j) => j.copyNumber)).toEqual([3, 2, 1]);
  });
});
