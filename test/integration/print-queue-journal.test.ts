import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { tempFolder } from '../helpers/temp-folder';

/**
 * What the print queue added to the journal's print_jobs API, on a real SQLite file: a job the
 * printer refused for want of paper goes back untried, waiting for staff does not eat into the
 * deadline, and a job that may have printed is failed for staff at once instead of retried.
 */

let journal: Journal;
let now = Date.parse('2025-03-14T10:00:00.000Z');
const policy = { deadlineMs: 60_000, firstDelayMs: 2_000, maxDelayMs: 10_000 };

// Each case has a journal of its own: its queue holds only the jobs the case put there.
beforeEach(() => {
  const opened = openJournal({ file: journalFile(tempFolder('lobby-print-queue-journal-')), terminalId: 'K1', clock: () => new Date(now), printRetryPolicy: policy });
  if (!opened.ok) throw new Error(opened.error.message);
  journal = opened.value;
});
afterEach(() => journal.close());

const value = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('print jobs waiting for staff', () => {
  it('go back to the queue untried: due now, the try not counted, the reason kept', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'test', payload: { page: 1 } }));
    expect(value(journal.printJobs.claimNext())).toMatchObject({ id: job.id, state: 'printing', attempts: 1 });
    const back = value(journal.printJobs.returnUntried(job.id, 'The printer is out of paper.'));
    expect(back).toMatchObject({ state: 'queued', attempts: 0, lastError: 'The printer is out of paper.', nextAttemptAt: new Date(now).toISOString() });
    expect(journal.printJobs.returnUntried(job.id, 'again')).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(journal.printJobs.returnUntried(9_999, 'no such job')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(value(journal.printJobs.claimNext())).toMatchObject({ id: job.id, attempts: 1 });
    value(journal.printJobs.markPrinted(job.id));
  });

  it('keep their deadline clear of the time spent waiting', () => {
    const printed = value(journal.printJobs.enqueue({ kind: 'test', payload: { page: 2 } }));
    value(journal.printJobs.markPrinted(value(journal.printJobs.claimNext())!.id));
    const job = value(journal.printJobs.enqueue({ kind: 'test', payload: { page: 3 } }));
    // Paper ran out for longer than the whole deadline.
    now += policy.deadlineMs + 5_000;
    expect(value(journal.printJobs.extendDeadlines(policy.deadlineMs + 5_000))).toBe(1);
    const extended = value(journal.printJobs.get(job.id))!;
    expect(Date.parse(extended.deadlineAt) - Date.parse(job.deadlineAt)).toBe(policy.deadlineMs + 5_000);
    // Only queued jobs move: a printed one keeps its record as it was.
    expect(value(journal.printJobs.get(printed.id))!.deadlineAt).toBe(printed.deadlineAt);
    expect(value(journal.printJobs.claimNext())).toMatchObject({ id: job.id, state: 'printing' });
    value(journal.printJobs.markPrinted(job.id));
    expect(journal.printJobs.extendDeadlines(-5)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(journal.printJobs.extendDeadlines(0)).toEqual({ ok: true, value: 0 });
  });

  it('without the extension, the same wait fails the job at its deadline', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'test', payload: { page: 4 } }));
    now += policy.deadlineMs + 1;
    expect(value(journal.printJobs.claimNext())).toBeNull();
    expect(value(journal.printJobs.get(job.id))).toMatchObject({ state: 'failed' });
  });
});

describe('a job that may have printed', () => {
  it('is failed for staff at once, long before its deadline, and only staff can send it again', () => {
    const job = value(journal.printJobs.enqueue({ kind: 'test', payload: { page: 5 } }));
    value(journal.printJobs.claimNext());
    const failed = value(journal.printJobs.markFailed(job.id, 'The printer stopped taking the receipt. Part of it may have printed.', { retry: false }));
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: 'The printer stopped taking the receipt. Part of it may have printed.' });
    expect(value(journal.printJobs.claimNext())).toBeNull();
    expect(value(journal.printJobs.retry(job.id))).toMatchObject({ state: 'queued' });
    expect(value(journal.printJobs.claimNext())).toMatchObject({ id: job.id, attempts: 2 });
    // The default still retries with a pause.
    expect(value(journal.printJobs.markFailed(job.id, 'Connection refused.'))).toMatchObject({ state: 'queued', lastError: 'Connection refused.' });
  });
});
