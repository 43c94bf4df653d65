import { parsePrinterSetting } from '../../../shared/printing/printer-setting';
import type { HealthItem } from '../../../shared/app';
import type { PrinterStatusView } from '../../../shared/printing/printer-status';
import type { PrinterStatus } from '../printers/printer';

/** Where the printer is, as a cashier would say it: "192.168.1.50", "printer Counter_1", "/dev/usb/lp0". */
export function printerPlace(setting: string): string {
  const parsed = parsePrinterSetting(setting);
  if (!parsed.ok) return 'this computer';
  const place = parsed.value;
  if (place.kind === 'tcp') return place.port === 9100 ? place.host : `${place.host}:${place.port}`;
  if (place.kind === 'os') return `printer ${place.name}`;
  if (place.kind === 'file') return place.path;
  return 'this computer';
}

/**
 * The strip's view of a printer status. Out of paper, cover open and offline stop printing (down);
 * a printer that does not answer may still print (degraded).
 */
export function printerStatusView(
  status: PrinterStatus,
  context: { place: string; description: string; preview: boolean; checkedAt: string | null },
): PrinterStatusView {
  const base = { state: status.state, detail: status.detail, printer: context.description, checkedAt: context.checkedAt };
  switch (status.state) {
    case 'ready':
      return { ...base, health: 'ok', label: context.preview ? 'Preview printer' : 'Printer ready' };
    case 'paper-out':
      return { ...base, health: 'down', label: 'Printer out of paper' };
    case 'cover-open':
      return { ...base, health: 'down', label: 'Printer cover open' };
    case 'offline':
      return { ...base, health: 'down', label: `Printer offline (${context.place})` };
    case 'unknown':
      return context.checkedAt === null
        ? { ...base, health: 'unknown', label: 'Printer not checked yet' }
        : { ...base, health: 'degraded', label: `Printer not answering at ${context.place}` };
  }
}

export const healthOf = (view: PrinterStatusView): HealthItem => ({ state: view.health, label: view.label, detail: view.detail });
