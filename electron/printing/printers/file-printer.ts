import fs from 'node:fs/promises';
import path from 'node:path';
import { posError } from '../../../shared/errors';
import { seconds, withinDeadline } from './deadline';
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
            error: posError('PRINTER_OFFLINE', `Writing the receipt to ${target} did not finish within ${seconds(deadlineMs)}. Check the printer is on; it may still print.`),
            printerState: 'unknown',
            mayHavePrinted: true,
          };
        } catch (error) {
          return {
            ok: false,
            error: posError('PRINTER_OFFLINE', `The receipt could not be written to ${target} (${describe(error)}). Check the printer setting and that the printer is connected.`),
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
    return { state: 'ready', detail: `Receipts are written to ${target}.` };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return { state: 'offline', detail: `${target} cannot be written (${describe(error)}).` };
  }
  try {
    // A plain file that does not exist yet is fine as long as its folder takes new files.
    await fs.access(path.dirname(target), fs.constants.W_OK);
    return { state: 'ready', detail: `Receipts will be written to ${target}.` };
  } catch (error) {
    return { state: 'offline', detail: `${target} cannot be created (${describe(error)}). Check the printer setting.` };
  }
}

const describe = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
