import { saidBecause, saidError, type PosError } from '../../../shared/errors';
import type { PrintDocument, Printer, PrinterStatus, PrintResult } from './printer';
import { waitOf } from './deadline';
import { statusSaying } from './printer-said';
import { parseStatusReply, statusQuery, statusReplyLength } from './printer-status';
import type { PrinterType } from '../layout/render-escpos';
import { createSerialQueue } from '../../../shared/serial';
import { exchange, type ExchangeOutcome } from './tcp-exchange';

export interface TcpPrinterOptions {
  host: string;
  port: number;
  type: PrinterType;
  /** Connecting is quick on a shop LAN; a printer that is off should fail fast, not at the job deadline. */
  connectTimeoutMs?: number;
  /**
   * `printer.askStatus`; default true. False for a printer that never answers status questions (a
   * plain print server in front of a USB printer): a print is then one connection that sends the
   * receipt and nothing else, and the status is whether it takes a connection.
   */
  askStatus?: boolean;
}

/**
 * A network receipt printer (raw port, usually 9100), spoken to over node:net rather than
 * through node-thermal-printer's interface, to own the deadline, the errors and the status.
 *
 * A print is one connection: ask the status (not ready: stop, nothing sent), send the receipt,
 * ask the status again. The second answer can only come once the printer has received every
 * byte before it, so it is the delivery receipt; a printer that never answers is not "ready".
 * Unless `askStatus` is false (a printer known never to answer): then the receipt is only sent.
 */
export function createTcpPrinter(options: TcpPrinterOptions): Printer {
  const { host, port, type } = options;
  const connectMs = options.connectTimeoutMs ?? 2_500;
  const where = `${host}:${port}`;
  // Receipt printers serve one connection at a time: a status check during a print would queue
  // behind it in the printer and time out.
  const lane = createSerialQueue();
  const query = statusQuery(type);
  const replyLength = (received: Uint8Array) => statusReplyLength(type, received);
  // A try cut off while sending may have left part of a receipt under the print head, uncut: the
  // next job first feeds and cuts it off, so the COPY that follows is not printed onto the same strip.
  let cutOwed = false;

  const withCutOwed = (document: PrintDocument) => (cutOwed ? Buffer.concat([cutOffWhatWasLeft(type), document.bytes]) : document.bytes);

  /**
   * For a printer that is not asked (`askStatus: false`): the receipt alone, on a connection of its
   * own. Sent whole counts as printed, since nothing more can be known; a connection that breaks
   * while sending may have left part of it on paper, so it is never sent again by itself.
   */
  const printUnasked = (document: PrintDocument, deadlineMs: number, signal?: AbortSignal): Promise<PrintResult> =>
    lane(async () => {
      const outcome = await exchange({ host, port }, { deadlineMs, connectMs, signal }, async (link) => {
        link.stage('send');
        await link.send(withCutOwed(document));
      });
      if (!outcome.ok) {
        if (outcome.stage === 'send') cutOwed = true;
        return printFailure(outcome, deadlineMs);
      }
      cutOwed = false;
      return { ok: true, value: { bytes: document.bytes.length, location: `tcp://${where}`, statusAfter: null } };
    });

  /** Not asked: whether it takes a connection is all the till can know of it. */
  const statusUnasked = (deadlineMs: number): Promise<PrinterStatus> =>
    lane(async () => {
      const outcome = await exchange({ host, port }, { deadlineMs, connectMs }, async () => undefined);
      if (!outcome.ok) return { state: 'offline', ...unreachable(outcome, deadlineMs) };
      return statusSaying('ready', 'said.printer.notAsked', { where });
    });

  const print = (document: PrintDocument, deadlineMs: number, signal?: AbortSignal): Promise<PrintResult> =>
    lane(async () => {
      const outcome = await exchange({ host, port }, { deadlineMs, connectMs, signal }, async (link) => {
        link.stage('status');
        await link.send(query);
        const before = parseStatusReply(type, await link.receive(replyLength));
        if (before.state !== 'ready') return { printed: false as const, status: before };
        link.stage('send');
        await link.send(withCutOwed(document));
        link.stage('confirm');
        await link.send(query);
        const after = parseStatusReply(type, await link.receive(replyLength));
        return { printed: true as const, status: after };
      });
      if (!outcome.ok) {
        if (outcome.stage === 'send' || outcome.stage === 'confirm') cutOwed = true;
        return printFailure(outcome, deadlineMs);
      }
      if (outcome.value.printed) cutOwed = false;
      if (!outcome.value.printed) {
        const status = outcome.value.status;
        const refused: PosError = { code: 'PRINTER_OFFLINE', message: status.detail, ...(status.said && { said: status.said }) };
        return { ok: false, error: saidBecause(refused, notSent()), printerState: status.state, mayHavePrinted: false };
      }
      const after = outcome.value.status;
      if (after.state === 'paper-out' || after.state === 'cover-open' || after.state === 'offline') {
        // The printer took every byte, then says it stopped: the receipt may be cut short. Not
        // "printed": staff check it, and print a COPY if it is missing or incomplete.
        const stopped = after.state === 'paper-out' ? 'paperOut' : after.state === 'cover-open' ? 'coverOpen' : 'offline';
        return { ok: false, error: saidError('PRINTER_OFFLINE', 'said.print.stoppedDuring', { where, stopped }), printerState: after.state, mayHavePrinted: true };
      }
      return { ok: true, value: { bytes: document.bytes.length, location: `tcp://${where}`, statusAfter: after } };
    });

  const status = (deadlineMs: number): Promise<PrinterStatus> =>
    lane(async () => {
      const outcome = await exchange({ host, port }, { deadlineMs, connectMs }, async (link) => {
        link.stage('status');
        await link.send(query);
        return parseStatusReply(type, await link.receive(replyLength));
      });
      if (outcome.ok) return outcome.value;
      if (outcome.stage === 'connect') return { state: 'offline', ...unreachable(outcome, deadlineMs) };
      return statusSaying('unknown', 'said.printer.noStatusAnswer', { where, wait: waitOf(deadlineMs), type: type.toUpperCase() });
    });

  /** Why the printer cannot be reached, as its status says it (`detail` and `said`). */
  function unreachable(outcome: Extract<ExchangeOutcome<unknown>, { ok: false }>, deadlineMs: number) {
    const { detail, said } = statusSaying('offline', 'said.printer.unreachable', {
      where,
      why: outcome.reason === 'refused' || outcome.reason === 'deadline' ? outcome.reason : 'other',
      wait: waitOf(Math.min(connectMs, deadlineMs)),
      detail: outcome.detail,
    });
    return { detail, said: said! };
  }

  function printFailure(outcome: Extract<ExchangeOutcome<unknown>, { ok: false }>, deadlineMs: number): PrintResult {
    switch (outcome.stage) {
      case 'connect': {
        const { detail, said } = unreachable(outcome, deadlineMs);
        return { ok: false, error: saidBecause({ code: 'PRINTER_OFFLINE', message: detail, said }, notSent()), printerState: 'offline', mayHavePrinted: false };
      }
      case 'status':
        return {
          ok: false,
          error: saidError('PRINTER_OFFLINE', 'said.print.noAnswer', { where, wait: waitOf(deadlineMs) }),
          printerState: 'unknown',
          mayHavePrinted: false,
        };
      case 'send':
      case 'confirm':
        return {
          ok: false,
          error: saidError('PRINTER_OFFLINE', 'said.print.stoppedTaking', {
            where,
            why: outcome.reason === 'deadline' ? 'deadline' : 'other',
            wait: waitOf(deadlineMs),
            detail: outcome.detail,
          }),
          printerState: 'unknown',
          // The printer took the connection (and, when asked, said ready), so whatever left this
          // machine may be on paper by now.
          mayHavePrinted: true,
        };
    }
  }

  const asks = options.askStatus ?? true;
  return {
    description: `network printer ${where}`,
    print: (document, { deadlineMs, signal }) => (asks ? print(document, deadlineMs, signal) : printUnasked(document, deadlineMs, signal)),
    status: ({ deadlineMs }) => (asks ? status(deadlineMs) : statusUnasked(deadlineMs)),
  };
}

const notSent = () => saidError('PRINTER_OFFLINE', 'said.print.notSent');

/** Reset, feed past the cutter and cut: EPSON ESC @, ESC d 4 twice, GS V 0; STAR ESC @, ESC d 2 (feeds to the cutter itself). */
const cutOffWhatWasLeft = (type: PrinterType): Buffer =>
  type === 'star' ? Buffer.from([0x1b, 0x40, 0x1b, 0x64, 0x02]) : Buffer.from([0x1b, 0x40, 0x1b, 0x64, 0x04, 0x1b, 0x64, 0x04, 0x1d, 0x56, 0x00]);
