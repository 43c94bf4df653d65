import path from 'node:path';
import { posError } from '../../../shared/errors';
import { createFilePrinter } from './file-printer';
import { createOsPrinter } from './os-printer';
import type { Printer } from './printer';
import { createPreviewPrinter } from './preview-printer';
import { createPreviewStore } from './preview-store';
import type { Columns } from '../layout/receipt-line';
import type { PrinterType } from '../layout/render-escpos';
import { createTcpPrinter } from './tcp-printer';

/** The `printer` part of the app config (electron/pos/config/schema.ts). */
export interface PrinterConfig {
  /** `preview`, `tcp://host:port`, `printer:NAME` or `file:/path` (a relative path is inside the data directory). */
  interface: string;
  type: PrinterType;
  columns: Columns;
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
  if (setting === 'preview' || setting === '') return createPreviewPrinter({ store: createPreviewStore({ dataDir: deps.dataDir, clock: deps.clock }) });

  const tcp = /^tcp:\/\/([^\s:/]+):(\d{1,5})\/?$/.exec(setting);
  if (tcp) {
    const port = Number(tcp[2]);
    if (port < 1 || port > 65_535) return unusablePrinter(setting, `port ${port} does not exist`);
    return createTcpPrinter({ host: tcp[1]!, port, type: config.type, connectTimeoutMs: deps.connectTimeoutMs });
  }
  if (setting.startsWith('printer:') && setting.length > 'printer:'.length) {
    return createOsPrinter({ name: setting.slice('printer:'.length), lpCommand: deps.lpCommand, lpstatCommand: deps.lpstatCommand });
  }
  if (setting.startsWith('file:') && setting.length > 'file:'.length) {
    return createFilePrinter({ path: path.resolve(deps.dataDir, setting.slice('file:'.length)) });
  }
  return unusablePrinter(setting, 'it must be preview, tcp://host:port, printer:NAME or file:/path');
}

function unusablePrinter(setting: string, why: string): Printer {
  const message = `The printer setting "${setting}" cannot be used: ${why}. Fix it in the settings.`;
  return {
    description: `unusable printer setting ${setting}`,
    print: async () => ({ ok: false, error: posError('PRINTER_OFFLINE', message), printerState: 'offline', mayHavePrinted: false }),
    status: async () => ({ state: 'offline', detail: message }),
  };
}
