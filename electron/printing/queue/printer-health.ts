import { parsePrinterSetting } from '../../../shared/printing/printer-setting';
import type { HealthItem } from '../../../shared/app';
import type { PrinterStatusView } from '../../../shared/printing/printer-status';
import { drawerPosition, type DrawerSensor } from '../../../shared/printing/cash-drawer';
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
 * a printer that does not answer may still print, and one whose roll is nearly finished soon will not (degraded).
 */
export function printerStatusView(
  status: PrinterStatus,
  context: { place: string; description: string; preview: boolean; checkedAt: string | null; drawerSensor?: DrawerSensor },
): PrinterStatusView {
  const drawer = drawerPosition(context.drawerSensor ?? 'off', status.drawerPin);
  const base = {
    state: status.state,
    detail: status.detail,
    printer: context.description,
    checkedAt: context.checkedAt,
    ...(status.drawerPin && { drawerPin: status.drawerPin }),
    ...(drawer && { drawer }),
  };
  // A fixed sentence of the printer's own (paper out, cover open) is said in the reader's language.
  const said = status.said && { said: status.said };
  switch (status.state) {
    case 'ready':
      return context.preview
        ? { ...base, health: 'ok', label: 'Preview printer', words: { label: 'printerPreview', detail: 'printerPreview' } }
        : // Ready, with the roll nearly finished: amber, so the warning is seen before the paper runs out under a receipt.
          { ...base, health: status.said?.key === 'said.printer.paperLow' ? 'degraded' : 'ok', label: 'Printer ready', words: { label: 'printerReady', ...said } };
    case 'paper-out':
      return { ...base, health: 'down', label: 'Printer out of paper', words: { label: 'printerPaperOut', ...said } };
    case 'cover-open':
      return { ...base, health: 'down', label: 'Printer cover open', words: { label: 'printerCoverOpen', ...said } };
    case 'offline':
      return { ...base, health: 'down', label: `Printer offline (${context.place})`, words: { label: 'printerOffline', values: { place: context.place }, ...said } };
    case 'unknown':
      return context.checkedAt === null
        ? { ...base, health: 'unknown', label: 'Printer not checked yet', words: { label: 'printerNotCheckedYet' } }
        : { ...base, health: 'degraded', label: `Printer not answering at ${context.place}`, words: { label: 'printerNotAnswering', values: { place: context.place } } };
  }
}

export const healthOf = (view: PrinterStatusView): HealthItem => ({ state: view.health, label: view.label, detail: view.detail, ...(view.words && { words: view.words }) });
