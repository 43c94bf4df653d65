import type { HealthItem } from '../../../shared/app';
import { posError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import type { PrintJobView, ReceiptPreview } from '../../../shared/printing/print-jobs';
import type { PrinterStatusView } from '../../../shared/printing/printer-status';
import type { ShiftReport, ZReport } from '../../../shared/sales/reports';
import type { Journal, PrintJob, PrintJobState } from '../../journal';
import { isTrainingMode, type PosConfig } from '../../core/config/schema';
import type { EventHub } from '../../core/event-hub';
import type { Logger } from '../../core/logger';
import { buildReceipt } from '../receipts/build-receipt';
import { documentForJob, jobTitle, reprintNumber, type ReceiptPayload, type ReportPayload, type RequestedBy, type TestPayload } from './print-job-payload';
import { createPrintWorker } from './print-worker';
import type { Printer } from '../printers/printer';
import { healthOf } from './printer-health';
import { createPrinterWatch } from './printer-watch';
import { renderText } from '../layout/render-text';
import { reportInputFromShift } from '../receipts/report-from-shift';
import { reportReceiptInputSchema } from '../receipts/report-input';
import { saleReceiptFromJournal } from '../receipts/sale-receipt';

/** Timings with safe defaults; tests shorten them. */
export interface PrintQueueTuning {
  /** One try at one job, whatever the printer does. */
  attemptDeadlineMs: number;
  /** One status question. */
  statusDeadlineMs: number;
  /** Status checks while idle, and while waiting for staff to load paper or close the cover. */
  idlePollMs: number;
  waitPollMs: number;
  /** The longest the worker sleeps before looking at the queue on its own. */
  maxSleepMs: number;
  /** How long a print request (reprint, report, test page, retry) waits for its first try before answering. */
  answerWaitMs: number;
  /** At start, confirmed sales this recent without a receipt job (the till stopped in between) get one. */
  catchUpWindowMs: number;
}

export const defaultPrintQueueTuning: PrintQueueTuning = {
  attemptDeadlineMs: 10_000,
  statusDeadlineMs: 3_000,
  idlePollMs: 10_000,
  waitPollMs: 2_000,
  maxSleepMs: 60_000,
  answerWaitMs: 12_000,
  catchUpWindowMs: 15 * 60_000,
};

export interface PrintQueueDeps {
  journal: Journal;
  printer: Printer;
  clock: () => Date;
  /** Printer changes are announced to the screens here (`printer:status-changed`). */
  events: Pick<EventHub, 'emit'>;
  /**
   * The port through which printing hears that a sale was confirmed (app fills it from the sales
   * domain's `sale.moved` events); returns the way to stop listening.
   */
  onSaleConfirmed(listener: (saleId: string) => void): () => void;
  logger: Logger;
  /** merchant.name, terminal, printer (type, columns, interface), training mode. */
  config: PosConfig;
  tuning?: Partial<PrintQueueTuning>;
}

export interface PrintQueue {
  /** The printer as last seen (asked now with `refresh`, or when never asked yet). */
  status(options?: { refresh?: boolean }): Promise<PrinterStatusView>;
  /** For the status strip (HealthProbes.printer). */
  health(): Promise<HealthItem>;
  /** A new job marked COPY with the next reprint number; who asked is kept in the journal. */
  reprint(saleId: string, requestedBy: RequestedBy): Promise<Result<PrintJobView>>;
  /** The text of the sale's latest receipt (its last reprint, else the original), for the screen. */
  preview(saleId: string): Result<ReceiptPreview>;
  jobs(query: { state?: PrintJobState; saleId?: string; limit: number }): Result<{ jobs: PrintJobView[] }>;
  /** Staff try a failed job again, with a fresh deadline. */
  retry(jobId: number): Promise<Result<PrintJobView>>;
  printReport(report: ShiftReport | ZReport, requestedBy: RequestedBy): Promise<Result<PrintJobView>>;
  printTestPage(requestedBy: RequestedBy): Promise<Result<PrintJobView>>;
  /** Stops listening and polling; waits for a try in progress (bounded by its deadline). */
  close(): Promise<void>;
}

/**
 * The durable print queue. A confirmed sale's receipt is written to the journal as a job the
 * moment the sale is confirmed, so a printer that is off, out of paper or stuck loses nothing; a
 * worker prints due jobs one at a time (print-worker.ts) and the printer's status is watched and
 * announced (printer-watch.ts). Printing never changes a sale. On start, jobs a crash left
 * `printing` are failed for staff to check and reprint: a receipt is never printed twice silently.
 */
export function createPrintQueue(deps: PrintQueueDeps): PrintQueue {
  const { journal, printer, clock, events, logger, config } = deps;
  const tuning = { ...defaultPrintQueueTuning, ...deps.tuning };
  const trainingMode = isTrainingMode(config);
  const layout = { type: config.printer.type, columns: config.printer.columns };
  const receiptContext = (copyNumber: number) => ({ config, trainingMode, copyNumber });
  /** Confirmed sales whose receipt could not be queued yet (journal briefly unavailable). */
  const missed = new Set<string>();
  let waitingSince: number | null = null;

  const watch = createPrinterWatch({
    printer,
    clock,
    logger,
    setting: config.printer.interface,
    statusDeadlineMs: tuning.statusDeadlineMs,
    idlePollMs: tuning.idlePollMs,
    waitPollMs: tuning.waitPollMs,
    busy: () => worker.busy(),
    changed(view, previous) {
      events.emit('printer:status-changed', view);
      const waits = (state: string) => state === 'paper-out' || state === 'cover-open';
      if (waits(view.state) && !waits(previous.state)) waitingSince = clock().getTime();
      if (!waits(view.state) && waits(previous.state) && waitingSince !== null) {
        // The time spent waiting for paper is not the jobs' fault: their deadlines move on by as much.
        const extended = journal.printJobs.extendDeadlines(Math.max(0, clock().getTime() - waitingSince));
        if (!extended.ok) logger.error('print queue: could not move deadlines after a wait', { code: extended.error.code });
        waitingSince = null;
      }
      kick();
    },
  });
  const worker = createPrintWorker({
    jobs: journal.printJobs,
    printer,
    watch,
    layout,
    clock,
    logger,
    attemptDeadlineMs: tuning.attemptDeadlineMs,
    maxSleepMs: tuning.maxSleepMs,
  });

  function enqueueReceipt(saleId: string): Result<PrintJob> {
    const receipt = saleReceiptFromJournal(journal, saleId, receiptContext(0));
    if (!receipt.ok) return receipt;
    const payload: ReceiptPayload = { receipt: receipt.value, requestedBy: null };
    return journal.printJobs.enqueue({ kind: 'receipt', saleId, payload });
  }

  function kick() {
    for (const saleId of missed) {
      const queued = enqueueReceipt(saleId);
      if (queued.ok || queued.error.code !== 'JOURNAL_UNAVAILABLE') missed.delete(saleId);
    }
    worker.wake();
  }

  /**
   * Wakes the worker for a new job and answers once its first try is over (or after answerWaitMs);
   * at once while the printer waits for paper or its cover: the job is queued and the strip says why.
   */
  async function firstTry(job: Result<PrintJob>): Promise<Result<PrintJobView>> {
    if (!job.ok) return job;
    if (watch.needsStaff()) {
      kick();
      return ok(toView(job.value));
    }
    const tried = worker.tried(job.value.id, tuning.answerWaitMs);
    kick();
    await tried;
    const now = journal.printJobs.get(job.value.id);
    if (!now.ok) return now;
    return ok(toView(now.value ?? job.value));
  }

  const failed = journal.printJobs.failInterrupted();
  if (!failed.ok) logger.error('print queue: could not check for interrupted jobs', { code: failed.error.code });
  else if (failed.value > 0) logger.warn('print jobs interrupted by a stop were failed for staff to check', { count: failed.value });

  catchUp();
  const unsubscribe = deps.onSaleConfirmed((saleId) => {
    // This runs inside the sale's own announcement: nothing here may reach back into the sale.
    try {
      const queued = enqueueReceipt(saleId);
      if (!queued.ok) {
        logger.error('receipt not queued for a confirmed sale', { saleId, code: queued.error.code });
        if (queued.error.code === 'JOURNAL_UNAVAILABLE') missed.add(saleId);
      }
      kick();
    } catch (error) {
      logger.error('receipt not queued for a confirmed sale', { saleId, error });
    }
  });
  watch.start();
  kick();

  /** Confirmed sales from just before a stop that never got a receipt job get one now. */
  function catchUp() {
    const since = new Date(clock().getTime() - tuning.catchUpWindowMs).toISOString();
    const recent = journal.sales.search({ from: since, limit: 500 });
    if (!recent.ok) return logger.error('print queue: could not look for receipts missed at the last stop', { code: recent.error.code });
    for (const sale of recent.value) {
      if (sale.state !== 'confirmed') continue;
      const existing = journal.printJobs.list({ saleId: sale.id, limit: 1 });
      if (!existing.ok || existing.value.length > 0) continue;
      const queued = enqueueReceipt(sale.id);
      if (queued.ok) logger.warn('receipt queued for a sale confirmed just before the last stop', { saleId: sale.id });
    }
  }

  return {
    async status({ refresh = false } = {}) {
      return refresh || watch.current().checkedAt === null ? watch.refresh() : watch.current();
    },

    async health() {
      return healthOf(watch.current().checkedAt === null ? await watch.refresh() : watch.current());
    },

    async reprint(saleId, requestedBy) {
      const earlier = journal.printJobs.list({ saleId, limit: 500 });
      if (!earlier.ok) return earlier;
      // What the journal will number it (it counts; the job's number is what prints).
      const expected = Math.max(1, ...earlier.value.map((job) => job.copyNumber));
      const receipt = saleReceiptFromJournal(journal, saleId, receiptContext(expected));
      if (!receipt.ok) return receipt;
      const payload: ReceiptPayload = { receipt: receipt.value, requestedBy };
      const job = journal.printJobs.enqueue({ kind: 'reprint', saleId, payload });
      if (job.ok) logger.info('receipt reprint requested', { saleId, jobId: job.value.id, copyNumber: job.value.copyNumber, by: requestedBy?.staffId ?? null });
      return firstTry(job);
    },

    preview(saleId) {
      const latest = journal.printJobs.list({ saleId, limit: 1 });
      if (!latest.ok) return latest;
      const job = latest.value[0];
      if (job) {
        const document = documentForJob(job, layout);
        if (document.ok) return ok({ text: document.value.text, copyNumber: reprintNumber(job), columns: layout.columns });
      }
      // No job (printing was not set up when it sold), or one that cannot be read: from the sale itself.
      const receipt = saleReceiptFromJournal(journal, saleId, receiptContext(0));
      if (!receipt.ok) return receipt;
      return ok({ text: renderText(buildReceipt(receipt.value, { columns: layout.columns }), { columns: layout.columns }), copyNumber: 0, columns: layout.columns });
    },

    jobs({ state, saleId, limit }) {
      const found = journal.printJobs.list({ ...(state ? { states: [state] } : {}), ...(saleId ? { saleId } : {}), limit });
      return found.ok ? ok({ jobs: found.value.map(toView) }) : found;
    },

    async retry(jobId) {
      const job = journal.printJobs.retry(jobId);
      if (job.ok) logger.info('print job retried by staff', { jobId, kind: job.value.kind, saleId: job.value.saleId });
      return firstTry(job);
    },

    async printReport(report, requestedBy) {
      const input = reportReceiptInputSchema.safeParse(reportInputFromShift(report, { merchantName: config.merchant.name, terminal: config.terminal, trainingMode }));
      if (!input.success) return fail(posError('INTERNAL', 'This shift report cannot be laid out for printing. Call support; the figures on screen are not affected.'));
      const payload: ReportPayload = { report: input.data, requestedBy };
      return firstTry(journal.printJobs.enqueue({ kind: 'report', payload }));
    },

    async printTestPage(requestedBy) {
      const payload: TestPayload = {
        page: { terminal: { id: config.terminal.id, name: config.terminal.name }, printer: { interface: config.printer.interface, type: config.printer.type }, printedAt: clock().toISOString(), training: trainingMode },
        requestedBy,
      };
      return firstTry(journal.printJobs.enqueue({ kind: 'test', payload }));
    },

    async close() {
      unsubscribe();
      watch.stop();
      await worker.close();
      await watch.quiet();
    },
  };
}

function toView(job: PrintJob): PrintJobView {
  return {
    id: job.id,
    saleId: job.saleId,
    kind: job.kind,
    title: jobTitle(job),
    copyNumber: reprintNumber(job),
    state: job.state,
    attempts: job.attempts,
    lastError: job.lastError,
    nextAttemptAt: job.nextAttemptAt,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}
