import type { HealthItem } from '../../../shared/app';
import { saidError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import type { PrintJobView, ReceiptPreview, ReportPreview } from '../../../shared/printing/print-jobs';
import type { PrinterStatusView } from '../../../shared/printing/printer-status';
import type { ShiftReport, ZReport } from '../../../shared/sales/reports';
import type { Journal, PrintJob, PrintJobState } from '../../journal';
import { isTrainingMode, type PosConfig } from '../../core/config/schema';
import type { EventHub } from '../../core/event-hub';
import type { Logger } from '../../core/logger';
import { buildReceipt } from '../receipts/build-receipt';
import { copyMarkOf, documentForJob, jobSale, jobTitle, reportDocument, reprintNumber, type ReceiptPayload, type ReportPayload, type RequestedBy, type SlipPayload, type TestPayload } from './print-job-payload';
import { receiptNumberText } from '../layout/receipt-format';
import { receiptSettingsFrom } from '../receipts/receipt-settings';
import type { SlipInputDraft } from '../receipts/slip-input';
import { createPrintWorker } from './print-worker';
import type { Printer } from '../printers/printer';
import { healthOf } from './printer-health';
import { createPrinterWatch } from './printer-watch';
import { renderText } from '../layout/render-text';
import { reportInputFromShift } from '../receipts/report-from-shift';
import { reportReceiptInputSchema, type ReportReceiptInput } from '../receipts/report-input';
import { saleReceiptFromJournal } from '../receipts/sale-receipt';
import { cashVoucher } from '../receipts/cash-voucher';
import { noSaleSlip } from '../receipts/no-sale-slip';

/** Timings with safe defaults; tests shorten them. */
export interface PrintQueueTuning {
  /** One try at an ordinary receipt, whatever the printer does; a longer paper gets the time it takes to print (printers/deadline.ts). */
  attemptDeadlineMs: number;
  /** One status question. */
  statusDeadlineMs: number;
  /**
   * Status checks while the printer is fine (how soon paper running out is noticed), while it is away
   * (how soon a printer that answers again gets the waiting receipts), and while it waits for staff
   * to load paper or close the cover.
   */
  idlePollMs: number;
  outagePollMs: number;
  waitPollMs: number;
  /** The longest the worker sleeps before looking at the queue on its own. */
  maxSleepMs: number;
  /** How long a print request (reprint, report, test page, retry) waits for its first try before answering. */
  answerWaitMs: number;
  /** At start, confirmed sales this recent without a receipt job (the till stopped in between) get one. */
  catchUpWindowMs: number;
  /**
   * A kiosk: a sale's receipt not printed this long after it was queued is held for staff, even if
   * the screen never said its customer left. The done screen goes back to Welcome by itself after
   * 30 s (Finish sooner, the idle reset at the latest); two minutes is well past that, yet long
   * enough for a customer still there to get a receipt the printer was slow to take.
   */
  kioskHoldAfterMs: number;
}

export const defaultPrintQueueTuning: PrintQueueTuning = {
  attemptDeadlineMs: 10_000,
  statusDeadlineMs: 3_000,
  idlePollMs: 2_000,
  outagePollMs: 1_000,
  waitPollMs: 1_000,
  maxSleepMs: 60_000,
  answerWaitMs: 12_000,
  catchUpWindowMs: 15 * 60_000,
  kioskHoldAfterMs: 2 * 60_000,
};

export interface PrintQueueDeps {
  journal: Journal;
  printer: Printer;
  clock: () => Date;
  /** Printer changes are announced to the screens here (`printer:status-changed`). */
  events: Pick<EventHub, 'emit'>;
  /**
   * The port through which printing hears that a sale was confirmed (app fills it from the sales
   * domain's `sale.moved` events), to print its receipt now: the job itself was queued in the
   * journal transaction that confirmed the sale. Returns the way to stop listening.
   */
  onSaleConfirmed(listener: (saleId: string) => void): () => void;
  logger: Logger;
  /** merchant, terminal, printer (type, columns, interface, ticket stubs), receipt footers, training mode. */
  config: PosConfig;
  tuning?: Partial<PrintQueueTuning>;
}

export interface PrintQueue {
  /** The printer as last seen (asked now with `refresh`, or when never asked yet). */
  status(options?: { refresh?: boolean }): Promise<PrinterStatusView>;
  /** For the status strip (HealthProbes.printer). */
  health(): Promise<HealthItem>;
  /**
   * "Print again" for a sale. Exactly one original exists: while it has not reached the paper it is
   * printed now (queued first if there is none yet); once it may have, a new job marked COPY n, with
   * when and by whom, is journaled and printed.
   */
  reprint(saleId: string, requestedBy: RequestedBy): Promise<Result<PrintJobView>>;
  /** A slip (refund, reversal, ...), printed like any job; see receipts/slip-input.ts. */
  /**
   * Queues a slip. With `once`, a slip of the same sale with the same title, copy line and QR that
   * is queued already is answered instead of a second one (a slip's event and the start-up check
   * for slips a crash left unqueued may both ask for it).
   */
  printSlip(slip: SlipInputDraft, options: { saleId: string | null; requestedBy: RequestedBy; once?: boolean }): Promise<Result<PrintJobView>>;
  /** The text of the sale's latest receipt (its last reprint, else the original), for the screen. */
  /** The sale's latest receipt as text; or, with `jobId`, that print job of the sale (a slip, a copy). */
  preview(saleId: string, jobId?: number): Result<ReceiptPreview>;
  jobs(query: { state?: PrintJobState; saleId?: string; limit: number }): Result<{ jobs: PrintJobView[] }>;
  /**
   * Staff's "Print now" / "Print again" on a job: a waiting job stops waiting (the printer is asked
   * at once), a failed one is queued again; one that may be on paper is never resent: its copy is
   * printed instead, and answered.
   */
  retry(jobId: number, requestedBy?: RequestedBy): Promise<Result<PrintJobView>>;
  printReport(report: ShiftReport | ZReport, requestedBy: RequestedBy): Promise<Result<PrintJobView>>;
  /** The paper `printReport` would print for this report now (a Z report's COPY mark included), as text, without printing it. */
  previewReport(report: ShiftReport | ZReport, requestedBy?: RequestedBy): Result<ReportPreview>;
  printTestPage(requestedBy: RequestedBy): Promise<Result<PrintJobView>>;
  /**
   * A kiosk customer's session is over (Start over, Finish, the idle reset, another customer's
   * sale): their receipt, if it has not printed, is held for staff and never prints by itself
   * with nobody there to take it. A counter's receipts are left to print (the cashier is there).
   */
  customerLeft(saleId: string): Promise<void>;
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
  const layout = { type: config.printer.type, columns: config.printer.columns, cashDrawer: config.printer.cashDrawer };
  const settings = receiptSettingsFrom(config);
  const receiptContext = { settings, trainingMode };
  // At a kiosk nobody waits at the printer once the customer has gone: their receipt is held.
  const kiosk = config.terminal.profile === 'kiosk';
  const claimOptions = () => (kiosk ? { holdReceiptsCreatedBefore: new Date(clock().getTime() - tuning.kioskHoldAfterMs).toISOString() } : {});
  /**
   * What an X or Z report's paper shows, for the printer (a job's payload) and the screen alike.
   * A Z report is the shift's one closing paper: printed again once a paper of it exists it says
   * COPY n (`copyNumber`), so two papers of one close are never taken for two closes.
   */
  const reportPaper = (report: ShiftReport | ZReport): Result<{ input: ReportReceiptInput; copyNumber: number | null }> => {
    const input = reportReceiptInputSchema.safeParse(reportInputFromShift(report, { merchant: settings.merchant, terminal: settings.terminal, trainingMode }));
    if (!input.success) return fail(saidError('INTERNAL', 'said.printJob.reportNotLaidOut'));
    if (input.data.kind !== 'Z' || input.data.zNumber === null) return ok({ input: input.data, copyNumber: null });
    const papers = journal.printJobs.zReportPapers(input.data.zNumber);
    return papers.ok ? ok({ input: input.data, copyNumber: papers.value > 0 ? papers.value : null }) : papers;
  };

  /**
   * Kiosk sales whose customer has gone, newest last (a bounded few): a sale the till confirms only
   * afterwards (its outcome was checked with the partner) has its receipt held as it is queued.
   * A restart forgets them, and holds every kiosk receipt waiting then anyway.
   */
  const customersGone: string[] = [];
  /** Confirmed sales whose receipt could not be queued yet (journal briefly unavailable). */
  const missed = new Set<string>();
  let waitingSince: number | null = null;

  const watch = createPrinterWatch({
    printer,
    clock,
    logger,
    setting: config.printer.interface,
    drawerSensor: config.printer.drawerSensor,
    statusDeadlineMs: tuning.statusDeadlineMs,
    idlePollMs: tuning.idlePollMs,
    outagePollMs: tuning.outagePollMs,
    waitPollMs: tuning.waitPollMs,
    busy: () => worker.busy(),
    waiting: () => {
      const head = journal.printJobs.head();
      return head.ok && head.value !== null;
    },
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
      if (view.state === 'ready' && previous.state !== 'ready') {
        // The printer answers again: the pauses were for a printer that was away, so nothing waits any longer.
        const resumed = journal.printJobs.resume();
        if (!resumed.ok) logger.error('print queue: could not resume the queue', { code: resumed.error.code });
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
    claimOptions,
  });

  function enqueueReceipt(saleId: string): Result<PrintJob> {
    const receipt = saleReceiptFromJournal(journal, saleId, receiptContext);
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
      // Perhaps the paper was just loaded: ask before saying so.
      await watch.refresh();
      if (watch.needsStaff()) {
        kick();
        return ok(toView(job.value));
      }
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
  // A kiosk that starts again has nobody at it whose receipt is waiting: the screen started over too.
  if (kiosk) held(journal.printJobs.hold({ all: true }), 'kiosk receipts held at start: their customers have left');
  // A confirmed sale's receipt job is written in the transaction that confirms the sale: one
  // fsync for both, and never a moment where a confirmed sale has no receipt waiting (catchUp
  // covers journals written before). The announcement that follows only wakes the worker.
  const stopQueueing = journal.sales.whileConfirming((saleId) => {
    try {
      const queued = enqueueReceipt(saleId);
      if (!queued.ok) {
        logger.error('receipt not queued for a confirmed sale', { saleId, code: queued.error.code });
        if (queued.error.code === 'JOURNAL_UNAVAILABLE') missed.add(saleId);
      } else if (kiosk && customersGone.includes(saleId)) {
        held(journal.printJobs.hold({ saleId }), 'kiosk receipt held: its sale was confirmed after its customer left');
      }
    } catch (error) {
      logger.error('receipt not queued for a confirmed sale', { saleId, error });
    }
  });
  // Cash in or out, and a no sale: each one's slip for the drawer (which pulses it) is queued in the
  // journal's own transaction for it, like a receipt with its sale; the worker is woken once that
  // transaction has committed. `work` for the journal must not throw.
  const queueDrawerSlip = (what: string, fields: Record<string, unknown>, slip: () => SlipInputDraft) => {
    try {
      const payload: SlipPayload = { slip: slip(), requestedBy: null };
      const queued = journal.printJobs.enqueue({ kind: 'slip', saleId: null, payload });
      if (!queued.ok) logger.error(`${what} not queued`, { ...fields, code: queued.error.code });
      else queueMicrotask(() => worker.wake());
    } catch (error) {
      logger.error(`${what} not queued`, { ...fields, error });
    }
  };
  const stopVouchers = journal.shifts.whileMovingCash((movement) => queueDrawerSlip('cash voucher', { movementId: movement.id }, () => cashVoucher(movement, receiptContext)));
  const stopNoSaleSlips = journal.shifts.whileOpeningDrawer((opening) => queueDrawerSlip('no sale slip', { openingId: opening.id }, () => noSaleSlip(opening, receiptContext)));
  const unsubscribe = deps.onSaleConfirmed(() => kick());
  watch.start();
  kick();

  async function retry(jobId: number, requestedBy: RequestedBy = null): Promise<Result<PrintJobView>> {
    const found = journal.printJobs.get(jobId);
    if (!found.ok) return found;
    const job = found.value;
    if (!job) return fail(saidError('NOT_FOUND', 'said.printJob.none', { job: String(jobId) }));
    if (job.state === 'printing') {
      // Already on its way: the answer is how this try ends.
      await worker.tried(job.id, tuning.answerWaitMs);
      const now = journal.printJobs.get(job.id);
      return now.ok ? ok(toView(now.value ?? job)) : now;
    }
    if (job.state === 'failed' && job.mayHavePrinted && job.saleId !== null && (job.kind === 'receipt' || job.kind === 'reprint')) {
      const earlier = journal.printJobs.list({ saleId: job.saleId, limit: 500 });
      return earlier.ok ? printCopy(job.saleId, requestedBy, earlier.value) : earlier;
    }
    if (job.state === 'failed' && job.mayHavePrinted && job.kind === 'slip') {
      if (!isSlipPayload(job.payload)) return fail(saidError('INTERNAL', 'said.printJob.notReprintable', { job: String(jobId) }));
      const copy = journal.printJobs.enqueue({ kind: 'slip', saleId: job.saleId, copyNumber: job.copyNumber + 1, payload: { ...job.payload, requestedBy } });
      if (copy.ok) supersede(job, copy.value);
      return firstTry(copy);
    }
    const retried = journal.printJobs.retry(jobId);
    if (!retried.ok) return retried;
    logger.info('print job: staff asked to print it now', { jobId, kind: retried.value.kind, saleId: retried.value.saleId });
    // Everything queued before it stops waiting too: it cannot overtake them (first in, first out).
    journal.printJobs.resume();
    return firstTry(retried);
  }

  /** A new COPY of a sale's receipt, journaled with who asked; failed jobs it replaces stop waiting for staff. */
  async function printCopy(saleId: string, requestedBy: RequestedBy, earlier: readonly PrintJob[]): Promise<Result<PrintJobView>> {
    const receipt = saleReceiptFromJournal(journal, saleId, receiptContext);
    if (!receipt.ok) return receipt;
    const payload: ReceiptPayload = { receipt: receipt.value, requestedBy };
    const job = journal.printJobs.enqueue({ kind: 'reprint', saleId, payload });
    if (!job.ok) return job;
    logger.info('receipt copy requested', { saleId, jobId: job.value.id, copy: reprintNumber(job.value), by: requestedBy?.staffId ?? null });
    for (const old of earlier) if (old.state === 'failed' && old.supersededBy === null && (old.kind === 'receipt' || old.kind === 'reprint')) supersede(old, job.value);
    return firstTry(job);
  }

  function held(result: Result<PrintJob[]>, message: string) {
    if (!result.ok) return logger.error('print queue: could not hold kiosk receipts', { code: result.error.code });
    for (const job of result.value) logger.warn(message, { jobId: job.id, saleId: job.saleId, receiptNumber: job.receiptNumber });
  }

  function supersede(old: PrintJob, by: PrintJob) {
    const done = journal.printJobs.supersede(old.id, by.id);
    if (!done.ok) logger.warn('print queue: could not mark a failed job as replaced', { jobId: old.id, by: by.id, code: done.error.code });
  }

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
      const original = earlier.value.find((job) => job.kind === 'receipt');
      // No original yet, or one that never reached the paper: that one prints; there is no copy of nothing.
      if (!original) return firstTry(enqueueReceipt(saleId));
      if (!original.mayHavePrinted && (original.state === 'queued' || original.state === 'failed' || original.state === 'held')) return retry(original.id, requestedBy);
      return printCopy(saleId, requestedBy, earlier.value);
    },

    async printSlip(slip, { saleId, requestedBy, once = false }) {
      if (once && saleId !== null) {
        // Looked up and queued in one synchronous turn: nothing else can queue it in between.
        const queued = journal.printJobs.list({ saleId, limit: 200 });
        if (!queued.ok) return queued;
        const same = queued.value.find((job) => job.kind === 'slip' && sameSlip(job.payload, slip));
        if (same) return ok(toView(same));
      }
      const payload: SlipPayload = { slip, requestedBy };
      return firstTry(journal.printJobs.enqueue({ kind: 'slip', saleId, payload }));
    },

    preview(saleId, jobId) {
      const latest = journal.printJobs.list({ saleId, limit: 50 });
      if (!latest.ok) return latest;
      if (jobId !== undefined) {
        // Only a paper of this sale: a job id alone would let a screen read any other sale's.
        const asked = latest.value.find((candidate) => candidate.id === jobId);
        if (!asked) return fail(saidError('NOT_FOUND', 'said.printJob.notOfSale', { sale: saleId, job: String(jobId) }));
        const document = documentForJob(asked, layout);
        return document.ok ? ok({ text: document.value.text, copyNumber: reprintNumber(asked), columns: layout.columns }) : document;
      }
      const job = latest.value.find((candidate) => candidate.kind === 'receipt' || candidate.kind === 'reprint');
      if (job) {
        const document = documentForJob(job, layout);
        if (document.ok) return ok({ text: document.value.text, copyNumber: reprintNumber(job), columns: layout.columns });
      }
      // No job (printing was not set up when it sold), or one that cannot be read: from the sale itself.
      const receipt = saleReceiptFromJournal(journal, saleId, receiptContext);
      if (!receipt.ok) return receipt;
      return ok({ text: renderText(buildReceipt(receipt.value, { columns: layout.columns }), { columns: layout.columns }), copyNumber: 0, columns: layout.columns });
    },

    jobs({ state, saleId, limit }) {
      const found = journal.printJobs.list({ ...(state ? { states: [state] } : {}), ...(saleId ? { saleId } : {}), limit });
      return found.ok ? ok({ jobs: found.value.map(toView) }) : found;
    },

    retry,

    async printReport(report, requestedBy) {
      const paper = reportPaper(report);
      if (!paper.ok) return paper;
      const { input, copyNumber } = paper.value;
      const payload: ReportPayload = { report: input, requestedBy, ...(copyNumber && { copyNumber }) };
      return firstTry(journal.printJobs.enqueue({ kind: 'report', payload }));
    },

    previewReport(report, requestedBy) {
      const paper = reportPaper(report);
      if (!paper.ok) return paper;
      const { input, copyNumber } = paper.value;
      // What the paper would say if printed now, COPY mark included.
      const now = clock().toISOString();
      const document = reportDocument(input, layout, 'preview', now, copyMarkOf(copyNumber ?? 0, now, requestedBy ?? null));
      return ok({ text: document.text, columns: layout.columns });
    },

    async printTestPage(requestedBy) {
      const payload: TestPayload = {
        page: { terminal: { id: config.terminal.id, name: config.terminal.name }, printer: { interface: config.printer.interface, type: config.printer.type }, printedAt: clock().toISOString(), training: trainingMode },
        requestedBy,
      };
      return firstTry(journal.printJobs.enqueue({ kind: 'test', payload }));
    },

    async customerLeft(saleId) {
      if (!kiosk) return;
      customersGone.push(saleId);
      if (customersGone.length > 200) customersGone.shift();
      held(journal.printJobs.hold({ saleId }), 'kiosk receipt held: its customer left before it printed');
      // On its way to the printer now: if it comes back unprinted (out of paper), it is held then.
      const jobs = journal.printJobs.list({ saleId, limit: 50 });
      const printing = jobs.ok ? jobs.value.find((candidate) => candidate.kind === 'receipt' && candidate.state === 'printing') : undefined;
      if (!printing) return;
      await worker.tried(printing.id, tuning.attemptDeadlineMs + tuning.answerWaitMs);
      held(journal.printJobs.hold({ saleId }), 'kiosk receipt held: its customer left before it printed');
    },

    async close() {
      stopQueueing();
      stopVouchers();
      stopNoSaleSlips();
      unsubscribe();
      watch.stop();
      await worker.close();
      await watch.quiet();
    },
  };
}

const isSlipPayload = (payload: unknown): payload is SlipPayload => typeof payload === 'object' && payload !== null && 'slip' in payload;

function toView(job: PrintJob): PrintJobView {
  return {
    id: job.id,
    saleId: job.saleId,
    kind: job.kind,
    title: jobTitle(job),
    copyNumber: reprintNumber(job),
    receiptNumber: job.receiptNumber === null ? null : receiptNumberText(job.terminalId, job.receiptNumber),
    mayHavePrinted: job.mayHavePrinted,
    supersededBy: job.supersededBy,
    printedAt: job.printedAt,
    state: job.state,
    attempts: job.attempts,
    lastError: job.lastError,
    lastErrorSaid: job.lastErrorSaid,
    heldAt: job.heldAt,
    sale: jobSale(job),
    nextAttemptAt: job.nextAttemptAt,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/** The same slip: title, copy line and QR (what a refund's or reversal's slips are told apart by). */
function sameSlip(payload: unknown, slip: SlipInputDraft): boolean {
  const queued = (payload as { slip?: { title?: unknown; subtitle?: unknown; qr?: unknown } } | null)?.slip;
  return queued?.title === slip.title && queued?.subtitle === slip.subtitle && (queued?.qr ?? null) === (slip.qr ?? null);
}
