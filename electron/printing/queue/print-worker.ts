import { saidBecause, saidError, type PosError } from '../../../shared/errors';
import type { PrintJob, PrintJobsRepository } from '../../journal';
import type { Logger } from '../../core/logger';
import { printDeadlineMs, waitOf, withinDeadline } from '../printers/deadline';
import { documentForJob, type PaperLayout } from './print-job-payload';
import type { Printer, PrintResult } from '../printers/printer';
import type { PrinterWatch } from './printer-watch';

export interface PrintWorkerOptions {
  jobs: PrintJobsRepository;
  printer: Printer;
  watch: PrinterWatch;
  layout: PaperLayout;
  clock: () => Date;
  logger: Logger;
  /** One try of an ordinary receipt, start to finish (longer papers get more: printDeadlineMs); the printer's own deadline, with a little grace on top as a backstop. */
  attemptDeadlineMs: number;
  /** The longest the worker sleeps before looking at the queue again on its own. */
  maxSleepMs: number;
  /** What each claim holds back first (a kiosk's receipts whose customer is long gone). */
  claimOptions?: () => Parameters<PrintJobsRepository['claimNext']>[0];
}

export interface PrintWorker {
  /** Something may be due: look at the queue now. */
  wake(): void;
  /** True while a job is on its way to the printer. */
  busy(): boolean;
  /** Resolves after the next try of this job ends, or after `ms`, whichever is first. */
  tried(jobId: number, ms: number): Promise<void>;
  close(): Promise<void>;
}

const backstopMs = 2_000;
/**
 * At a stop (quit, Restart now) a try under way gets this long to finish: a printer that answers
 * prints a receipt well inside it. Then the try is ended where it got to, as at its deadline: a
 * receipt not yet sent waits for the next start, one cut off while sending is on paper perhaps,
 * and is listed for staff. Without it a silent or hung printer held the stop for the whole try
 * (10 s and more).
 */
const stopGraceMs = 2_000;
/** The journal keeps at most this much of a reason. */
const reasonLimit = 500;
/** Said after any failure whose bytes may be on paper: it is never sent again by itself. */
const notSentAgain = (error: PosError) => saidBecause(error, saidError(error.code, 'said.print.notSentAgain'));

/**
 * Takes due jobs from the journal one at a time and prints them. Each try renders the job afresh
 * and ends printed, back in the queue with a pause (nothing reached the paper), returned untried
 * (the printer needs paper or its cover closed: waiting does not count), or failed for staff (the
 * bytes may have reached the printer, so a blind retry could print it twice).
 */
export function createPrintWorker(options: PrintWorkerOptions): PrintWorker {
  const { jobs, printer, watch, logger } = options;
  let running = false;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> | null = null;
  /** Ends the try under way (the till is stopping). */
  let stopTry: AbortController | null = null;
  const waiters = new Map<number, Set<() => void>>();

  function wake() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    if (timer) clearTimeout(timer);
    timer = null;
    void drain().finally(() => {
      running = false;
      if (again) wake();
    });
  }

  async function drain() {
    while (!closed) {
      // Out of paper or cover open: jobs wait in the queue; the watch wakes us when it is fixed.
      if (watch.needsStaff()) return;
      const claimed = jobs.claimNext(options.claimOptions?.());
      if (!claimed.ok) {
        logger.error('print queue: could not take the next job', { code: claimed.error.code });
        return sleep(options.maxSleepMs);
      }
      if (!claimed.value) return sleepUntilDue();
      attempt = print(claimed.value);
      await attempt;
      attempt = null;
    }
  }

  async function print(job: PrintJob) {
    // Made before the wait for a status question under way, so a stop during that wait ends the try too.
    stopTry = new AbortController();
    const { signal } = stopTry;
    try {
      const document = documentForJob(job, options.layout);
      if (!document.ok) {
        settle(job, jobs.markFailed(job.id, clip(document.error.message), { retry: false }));
        return;
      }
      await watch.quiet();
      // Longer papers (many tickets, tear-off stubs) get the time a slow printer needs to print them.
      const deadlineMs = printDeadlineMs(options.attemptDeadlineMs, document.value);
      const outcome = await withinDeadline(printer.print(document.value, { deadlineMs, signal }), deadlineMs + backstopMs);
      const result: PrintResult = outcome.done
        ? outcome.value
        : {
            ok: false,
            error: saidError('PRINTER_OFFLINE', 'said.print.notFinished', { wait: waitOf(deadlineMs) }),
            printerState: 'unknown',
            mayHavePrinted: true,
          };
      if (result.ok) {
        settle(job, jobs.markPrinted(job.id));
        if (result.value.statusAfter) watch.record(result.value.statusAfter);
        else if (watch.current().state !== 'ready' && !closed) await watch.refresh();
        return;
      }
      const { error } = result;
      if (!result.mayHavePrinted && (result.printerState === 'paper-out' || result.printerState === 'cover-open')) {
        settle(job, jobs.returnUntried(job.id, clip(error.message), error.said));
      } else if (result.mayHavePrinted) {
        const told = notSentAgain(error);
        settle(job, jobs.markFailed(job.id, clip(told.message), { retry: false, mayHavePrinted: true, ...(told.said && { said: told.said }) }));
      } else {
        settle(job, jobs.markFailed(job.id, clip(error.message), error.said ? { said: error.said } : {}));
      }
      // The failure says what went wrong with this job; the printer's own answer is what the strip
      // shows (not asked for at a stop: nobody is left to read it).
      if (!closed) await watch.refresh();
    } catch (error) {
      logger.error('print queue: a try ended unexpectedly', { jobId: job.id, error });
      // Whether bytes left is not known here: treat it as on paper, so only a COPY can follow.
      const told = notSentAgain(saidError('INTERNAL', 'said.print.tryUnfinished'));
      settle(job, jobs.markFailed(job.id, told.message, { retry: false, mayHavePrinted: true, ...(told.said && { said: told.said }) }));
    } finally {
      stopTry = null;
    }
  }

  function settle(job: PrintJob, result: ReturnType<PrintJobsRepository['markPrinted']>) {
    // Those waiting for this try hear of it as the journal records its end, not after the status
    // question that may follow: anyone asking from now on (Print now) waits for the next try.
    for (const wakeWaiter of waiters.get(job.id) ?? []) wakeWaiter();
    waiters.delete(job.id);
    if (result.ok) {
      const done = result.value;
      const fields = { jobId: done.id, kind: done.kind, saleId: done.saleId, state: done.state, attempts: done.attempts };
      if (done.state === 'printed') logger.info('print job printed', fields);
      else logger.warn('print job not printed', { ...fields, reason: done.lastError });
      return;
    }
    // The job stays `printing` in the journal; at the next start it is listed for staff, never reprinted silently.
    logger.error('print queue: the journal could not record a try', { jobId: job.id, code: result.error.code });
  }

  /** First in, first out: only the oldest queued job's pause matters; nothing overtakes it. */
  function sleepUntilDue() {
    const head = jobs.head();
    if (!head.ok || head.value === null) {
      // Nothing waits; new jobs wake the worker. A journal that could not answer is asked again later.
      if (!head.ok) sleep(options.maxSleepMs);
      return;
    }
    sleep(Math.max(25, Date.parse(head.value.nextAttemptAt) - options.clock().getTime()));
  }

  function sleep(ms: number) {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      wake();
    }, Math.min(ms, options.maxSleepMs));
    timer.unref();
  }

  return {
    wake,
    busy: () => attempt !== null,
    tried: (jobId, ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(limit);
          waiters.get(jobId)?.delete(done);
          resolve();
        };
        const limit = setTimeout(done, ms);
        limit.unref();
        if (!waiters.has(jobId)) waiters.set(jobId, new Set());
        waiters.get(jobId)!.add(done);
      }),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (!attempt) return;
      if (!(await withinDeadline(attempt, stopGraceMs)).done) stopTry?.abort();
      await attempt;
    },
  };
}

const clip = (text: string) => (text.length <= reasonLimit ? text : `${text.slice(0, reasonLimit - 1)}…`);
