import fs from 'node:fs/promises';
import { saidError } from '../../../shared/errors';
import { waitOf, withinDeadline } from './deadline';
import { statusSaying } from './printer-said';
import type { Printer } from './printer';
import type { PreviewStore } from './preview-store';
import { createSerialQueue } from '../../../shared/serial';

/**
 * The default printer when none is set up: each receipt is kept in the data directory (text and
 * bytes) and shown on screen, so a till without paper still hands out something checkable.
 */
export function createPreviewPrinter(deps: { store: PreviewStore }): Printer {
  const { store } = deps;
  // Receipt printers serve one connection at a time: a status check during a print would queue
  // behind it in the printer and time out.
  const lane = createSerialQueue();
  return {
    description: 'preview printer (receipts shown on screen)',
    print: (document, { deadlineMs }) =>
      lane(async () => {
        try {
          const outcome = await withinDeadline(store.save(document), deadlineMs);
          if (outcome.done) return { ok: true, value: { bytes: document.bytes.length, location: `${store.dir}/${outcome.value.name}.txt`, statusAfter: null } };
          return {
            ok: false,
            error: saidError('PRINTER_OFFLINE', 'said.print.previewSlow', { wait: waitOf(deadlineMs) }),
            printerState: 'unknown',
            mayHavePrinted: true,
          };
        } catch (error) {
          return {
            ok: false,
            error: saidError('PRINTER_OFFLINE', 'said.print.previewNotSaved', { detail: (error as NodeJS.ErrnoException).code ?? 'error' }),
            printerState: 'offline',
            mayHavePrinted: false,
          };
        }
      }),
    status: async () => {
      try {
        await fs.mkdir(store.dir, { recursive: true });
        await fs.access(store.dir, fs.constants.W_OK);
        return { state: 'ready', detail: 'Receipts are kept on this computer and shown on screen.' };
      } catch (error) {
        return statusSaying('offline', 'said.printer.previewCannotSave', { folder: store.dir, detail: (error as NodeJS.ErrnoException).code ?? 'error' });
      }
    },
  };
}
