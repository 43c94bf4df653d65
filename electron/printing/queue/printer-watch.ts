import type { DrawerSensor } from '../../../shared/printing/cash-drawer';
import type { PrinterStatusView } from '../../../shared/printing/printer-status';
import type { Logger } from '../../core/logger';
import type { Printer, PrinterStatus } from '../printers/printer';
import { printerPlace, printerStatusView } from './printer-health';

export interface PrinterWatchOptions {
  printer: Printer;
  clock: () => Date;
  logger: Logger;
  /** The printer setting (for "at 192.168.1.50") and whether it is the on-screen preview printer. */
  setting: string;
  /** The drawer's switch and its wiring (`printer.drawerSensor`): the view says open or closed when set. */
  drawerSensor: DrawerSensor;
  /** Called with the new view whenever the state or its detail changes. */
  changed: (view: PrinterStatusView, previous: PrinterStatusView) => void;
  /** True while a job is being printed: polls then wait, the job's own status answers speak for it. */
  busy: () => boolean;
  /** True while jobs are queued: a printer that is away is then asked more often. */
  waiting: () => boolean;
  statusDeadlineMs: number;
  /**
   * Between checks: while the printer is fine (paper running out is noticed within this, unasked),
   * while it is away with receipts waiting (they print this soon after it answers again), and while
   * it waits for staff (paper, cover).
   */
  idlePollMs: number;
  outagePollMs: number;
  waitPollMs: number;
}

export interface PrinterWatch {
  current(): PrinterStatusView;
  /** Asks the printer now (one question at a time: callers share an answer in flight). */
  refresh(): Promise<PrinterStatusView>;
  /** What a print attempt learnt about the printer. */
  record(status: PrinterStatus): void;
  /** Out of paper or cover open: nothing is sent until someone fixes it. */
  needsStaff(): boolean;
  /** Resolves once no status question is in flight, so a print does not queue behind one. */
  quiet(): Promise<void>;
  start(): void;
  stop(): void;
}

/**
 * The printer's status, kept fresh by polling: nobody has to ask for paper-out to show on screen.
 * Polling rather than automatic status back (ASB): ASB needs a connection held open, and a receipt
 * printer serves one connection at a time, so it would lock the printer away from the jobs.
 */
export function createPrinterWatch(options: PrinterWatchOptions): PrinterWatch {
  const { printer, clock } = options;
  const preview = options.setting.trim() === 'preview' || options.setting.trim() === '';
  const place = printerPlace(options.setting);
  const description = printer.description;
  let view = printerStatusView({ state: 'unknown', detail: 'The printer has not been checked yet.' }, { place, description, preview, checkedAt: null });
  let drawerOpenSince: string | null = null;
  let asking: Promise<PrinterStatusView> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;

  const needsStaff = () => view.state === 'paper-out' || view.state === 'cover-open';

  function record(status: PrinterStatus) {
    const checkedAt = clock().toISOString();
    const next = printerStatusView(status, { place, description, preview, checkedAt, drawerSensor: options.drawerSensor });
    // Open since the first reading that said so; only a reading of closed ends it (a printer that
    // missed one answer has not seen the drawer shut).
    if (next.drawer === 'open') drawerOpenSince ??= checkedAt;
    else if (next.drawer === 'closed') drawerOpenSince = null;
    if (next.drawer === 'open' && drawerOpenSince) next.drawerOpenSince = drawerOpenSince;
    const previous = view;
    view = next;
    const drawerChanged = next.drawer !== previous.drawer || next.drawerPin !== previous.drawerPin;
    if (drawerChanged && next.drawer !== undefined) options.logger.info('cash drawer', { drawer: next.drawer });
    if (next.state !== previous.state || next.detail !== previous.detail || drawerChanged) {
      if (next.state !== previous.state) options.logger.info('printer status changed', { from: previous.state, to: next.state });
      options.changed(next, previous);
    }
    if (running) schedule();
  }

  function refresh(): Promise<PrinterStatusView> {
    asking ??= printer
      .status({ deadlineMs: options.statusDeadlineMs })
      .catch((error: unknown): PrinterStatus => ({ state: 'unknown', detail: `The printer check failed: ${error instanceof Error ? error.message : String(error)}` }))
      .then((status) => {
        record(status);
        return view;
      })
      .finally(() => {
        asking = null;
      });
    return asking;
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    const away = view.state !== 'ready' && options.waiting();
    timer = setTimeout(poll, needsStaff() ? options.waitPollMs : away ? options.outagePollMs : options.idlePollMs);
    timer.unref();
  }

  function poll() {
    timer = null;
    if (!running) return;
    if (options.busy()) return schedule();
    void refresh();
  }

  return {
    current: () => view,
    refresh,
    record,
    needsStaff,
    quiet: async () => {
      if (asking) await asking;
    },
    start() {
      running = true;
      void refresh();
    },
    stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
