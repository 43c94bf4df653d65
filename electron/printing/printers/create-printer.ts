import { parsePrinterSetting, type AskStatus } from '../../../shared/printing/printer-setting';
import path from 'node:path';
import { saidError } from '../../../shared/errors';
import { createFilePrinter } from './file-printer';
import { createOsPrinter } from './os-printer';
import type { Printer } from './printer';
import { createPreviewPrinter } from './preview-printer';
import { createPreviewStore } from './preview-store';
import { statusSaying } from './printer-said';
import type { Columns } from '../layout/receipt-line';
import type { PrinterType } from '../layout/render-escpos';
import { createTcpPrinter } from './tcp-printer';

/** The `printer` part of the app config (electron/pos/config/schema.ts). */
export interface PrinterConfig {
  /** `preview`, `tcp://host:port`, `printer:NAME` or `file:/path` (a relative path is inside the data directory). */
  interface: string;
  type: PrinterType;
  columns: Columns;
  /** `printer.askStatus` (network printers only); default yes. */
  askStatus?: AskStatus;
}

export interface PrinterDeps {
  dataDir: string;
  clock?: () => Date;
  connectTimeoutMs?: number;
  lpCommand?: string;
  lpstatCommand?: string;
}

/** The printer a config names. A setting that cannot be used gives a printer that says so. */
export function createPrinter(config: PrinterConfig, deps: PrinterDeps): Printer {
  const setting = config.interface.trim();
  const parsed = parsePrinterSetting(setting);
  if (!parsed.ok) return unusablePrinter(setting, parsed.why);
  const place = parsed.value;
  switch (place.kind) {
    case 'preview':
      return createPreviewPrinter({ store: createPreviewStore({ dataDir: deps.dataDir, clock: deps.clock }) });
    case 'tcp':
      return createTcpPrinter({ host: place.host, port: place.port, type: config.type, connectTimeoutMs: deps.connectTimeoutMs, askStatus: config.askStatus !== 'no' });
    case 'os':
      return createOsPrinter({ name: place.name, lpCommand: deps.lpCommand, lpstatCommand: deps.lpstatCommand });
    case 'file':
      return createFilePrinter({ path: path.resolve(deps.dataDir, place.path) });
  }
}

function unusablePrinter(setting: string, why: string): Printer {
  const values = { setting, why };
  return {
    description: `unusable printer setting ${setting}`,
    print: async () => ({ ok: false, error: saidError('PRINTER_OFFLINE', 'said.printer.badSetting', values), printerState: 'offline', mayHavePrinted: false }),
    status: async () => statusSaying('offline', 'said.printer.badSetting', values),
  };
}
