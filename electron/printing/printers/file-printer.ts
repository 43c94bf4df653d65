import fs from 'node:fs/promises';
import path from 'node:path';
import { saidError } from '../../../shared/errors';
import { waitOf, withinDeadline } from './deadline';
import { statusSaying } from './printer-said';
import type { Printer, PrinterStatus } from './printer';
import { createSerialQueue } from '../../../shared/serial';

/**
 * Raw printer bytes appended to a file or a device node (`file:/dev/usb/lp0`). Devices can block
 * on a printer that is off; past the deadline the write is reported failed, though the operating
 * system may still deliver it later, hence `mayHavePrinted`.
 */
export function createFilePrinter(options: { path: string }): Printer {
  const target = options.path;
  // Receipt printers serve one connection at a time: a status check during a print would queue
  // behind it in the printer and time out.
  const lane = createSerialQueue();

  async function append(bytes: Uint8Array) {
    const handle = await fs.open(target, 'a');
    try {
      await handle.write(bytes);
    } finally {
      await handle.close();
    }
  }

  return {
    description: `file ${target}`,
    print: (document, { deadlineMs }) =>
      lane(async () => {
        try {
          const outcome = await withinDeadline(append(document.bytes), deadlineMs);
          if (outcome.done) return { ok: true, value: { bytes: document.bytes.length, location: target, statusAfter: null } };
          return {
            ok: false,
            error: saidError('PRINTER_OFFLINE', 'said.print.fileSlow', { target, wait: waitOf(deadlineMs) }),
            printerState: 'unknown',
            mayHavePrinted: true,
          };
        } catch (error) {
          return {
            ok: false,
            error: saidError('PRINTER_OFFLINE', 'said.print.fileNotWritten', { target, detail: describe(error) }),
            printerState: 'offline',
            mayHavePrinted: false,
          };
        }
      }),
    status: () => lane(() => writable(target)),
  };
}

async function writable(target: string): Promise<PrinterStatus> {
  try {
    await fs.access(target, fs.constants.W_OK);
    return statusSaying('ready', 'said.printer.fileReady', { exists: 'yes', target });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return statusSaying('offline', 'said.printer.fileCannotWrite', { target, detail: describe(error) });
  }
  try {
    // A plain file that does not exist yet is fine as long as its folder takes new files.
    await fs.access(path.dirname(target), fs.constants.W_OK);
    return statusSaying('ready', 'said.printer.fileReady', { exists: 'no', target });
  } catch (error) {
    return statusSaying('offline', 'said.printer.fileCannotCreate', { target, detail: describe(error) });
  }
}

const describe = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
