import type { PrinterStatus } from './printer';
import { statusSaying } from './printer-said';
import type { PrinterType } from '../layout/render-escpos';

/**
 * Real-time status queries. Printers answer these as soon as the bytes arrive, even mid-job, so an
 * answer also proves every byte sent before the query was received.
 *
 * EPSON: DLE EOT 1 (printer), DLE EOT 2 (offline cause), DLE EOT 4 (roll paper sensor); one byte
 * each, bits 1 and 4 always set, bits 0 and 7 always clear. The printer byte's bit 2 is the level
 * of the drawer port's pin 3 (the drawer's switch).
 * STAR line mode: ESC ACK SOH answers with the automatic status (ASB): header byte 1 gives the
 * length, byte 3 holds cover open (bit 5), offline (bit 3) and the drawer's switch (the
 * "compulsion switch", bit 2), byte 6 paper end (bit 3) and near end (bit 2).
 */
const epsonQuery = Buffer.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);
const starQuery = Buffer.from([0x1b, 0x06, 0x01]);

export const statusQuery = (type: PrinterType): Buffer => (type === 'star' ? starQuery : epsonQuery);

/** Bytes in the whole answer once enough has arrived to know, else null. */
export function statusReplyLength(type: PrinterType, received: Uint8Array): number | null {
  if (type === 'epson') return epsonReply(received)?.length ?? null;
  const header = received[0];
  if (header === undefined) return null;
  return starAsbLength(header);
}

export const starAsbLength = (header: number): number => ((header >> 1) & 0x07) | ((header >> 2) & 0x08);

const isEpsonStatusByte = (byte: number) => (byte & 0x93) === 0x12;
/**
 * An Epson with Automatic Status Back switched on (GS a) sends 4 bytes of its own when a
 * connection opens and whenever its state changes: a first byte with bits 0, 1 and 7 clear and
 * bit 4 set, then three with bits 4 and 7 clear. They are not answers to our query, so they are
 * passed over; read as the answer, they made the printer look garbled and nothing ever printed.
 */
const isEpsonAsbHeader = (byte: number) => (byte & 0x93) === 0x10;
const asbLength = 4;

/** The three answer bytes to our three queries, passing over unasked status frames; null until all are in. */
function epsonReply(received: Uint8Array): { length: number; answer: number[] } | null {
  const answer: number[] = [];
  let at = 0;
  while (answer.length < 3) {
    const byte = received[at];
    if (byte === undefined) return null;
    if (isEpsonAsbHeader(byte) && answer.length === 0) {
      if (received.length < at + asbLength) return null;
      at += asbLength;
      continue;
    }
    // Anything else counts as an answer byte: a garbled one is reported as such, never waited on.
    answer.push(byte);
    at += 1;
  }
  return { length: at, answer };
}

export function parseStatusReply(type: PrinterType, reply: Uint8Array): PrinterStatus {
  return type === 'star' ? parseStarAsb(reply) : parseEpsonStatus(reply);
}

function parseEpsonStatus(reply: Uint8Array): PrinterStatus {
  const [printer, offlineCause, paper] = epsonReply(reply)?.answer ?? [];
  if (printer === undefined || offlineCause === undefined || paper === undefined || ![printer, offlineCause, paper].every(isEpsonStatusByte)) {
    return garbled(reply);
  }
  return withDrawer(epsonState(printer, offlineCause, paper), printer & 0x04);
}

function epsonState(printer: number, offlineCause: number, paper: number): PrinterStatus {
  if (offlineCause & 0x04) return coverOpen;
  if (paper & 0x60 || offlineCause & 0x20) return paperOut;
  if (offlineCause & 0x40) return printerError;
  if (printer & 0x08) return offlineUnknownCause;
  return paper & 0x0c ? readyPaperLow : ready;
}

function parseStarAsb(reply: Uint8Array): PrinterStatus {
  const header = reply[0];
  if (header === undefined || (header & 0x91) !== 0x01 || reply.length < 3) return garbled(reply);
  const status = reply[2]!;
  return withDrawer(starState(status, reply[3] ?? 0, reply[5] ?? 0), status & 0x04);
}

function starState(status: number, errors: number, sensors: number): PrinterStatus {
  if (status & 0x20) return coverOpen;
  if (sensors & 0x08) return paperOut;
  if (errors & 0x6c) return printerError;
  if (status & 0x08) return offlineUnknownCause;
  return sensors & 0x06 ? readyPaperLow : ready;
}

/** A readable answer carries the drawer switch's pin whatever the printer's state (paper out does not close a drawer). */
const withDrawer = (status: PrinterStatus, pinBit: number): PrinterStatus => ({ ...status, drawerPin: pinBit ? 'high' : 'low' });

// A status the printer itself reports: its sentence names a shared one, for the strip to say in the reader's language.

const ready = statusSaying('ready', 'said.printer.ready');
const readyPaperLow = statusSaying('ready', 'said.printer.paperLow');
const coverOpen = statusSaying('cover-open', 'said.printer.coverOpen');
const paperOut = statusSaying('paper-out', 'said.printer.paperOut');
const printerError = statusSaying('offline', 'said.printer.error');
const offlineUnknownCause = statusSaying('offline', 'said.printer.offline');
const garbled = (reply: Uint8Array): PrinterStatus => statusSaying('unknown', 'said.printer.garbled', { bytes: Buffer.from(reply).toString('hex') });
