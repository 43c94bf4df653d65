import type { PosError, Said } from '../../../shared/errors';
import type { DrawerPin } from '../../../shared/printing/cash-drawer';

export type PrinterState = 'ready' | 'offline' | 'paper-out' | 'cover-open' | 'unknown';

/** `detail` is written for the person at the till: what is wrong and what to do. */
export interface PrinterStatus {
  state: PrinterState;
  detail: string;
  /** `detail` as a shared sentence, when it is one of the fixed ones (paper out, cover open...). */
  said?: Said;
  /** The level of the drawer port's pin 3 (the drawer's switch, where it has one), when the printer said. */
  drawerPin?: DrawerPin;
}

/** One thing to print: the printer's bytes, and the same page as text for the preview and the screen. */
export interface PrintDocument {
  /** Names the stored preview ("sale-S-42-copy-1"); letters, digits, - and _ survive. */
  id: string;
  bytes: Uint8Array;
  text: string;
  /** How much paper it makes: printed lines (a double-size line counts two, a QR code eight) and cuts. */
  paper?: { lines: number; cuts: number };
}

export interface PrintDelivery {
  bytes: number;
  /** Where it went: "tcp://10.0.0.5:9100", a CUPS job id, a file path. */
  location: string;
  /** What the printer said once it had the job, when it can say (paper ran out while printing). */
  statusAfter: PrinterStatus | null;
}

/**
 * A failed print is a `Result` failure (code PRINTER_OFFLINE, a message for the cashier) plus what
 * a print queue needs to decide: the printer's state (wait for paper, or retry later) and whether
 * the bytes may have reached the printer anyway (then a blind retry could print the receipt twice).
 */
export type PrintResult =
  | { ok: true; value: PrintDelivery }
  | { ok: false; error: PosError; printerState: PrinterState; mayHavePrinted: boolean };

export interface Printer {
  /** "network printer 10.0.0.5:9100", for logs and the status line. */
  readonly description: string;
  /**
   * One attempt, over within `deadlineMs` whatever the printer does. Never throws. `signal` ends it
   * sooner (the till is stopping): it fails as a deadline would at the step it had reached.
   */
  print(document: PrintDocument, options: { deadlineMs: number; signal?: AbortSignal }): Promise<PrintResult>;
  /** Asks the printer itself where it can (real-time status); never throws. */
  status(options: { deadlineMs: number }): Promise<PrinterStatus>;
}
