/**
 * The one reading of the `printer.interface` setting, used by the config check, the printer
 * factory and the status strip alike:
 * - `preview`: receipts kept in the data directory and shown on screen (also the empty setting);
 * - `tcp://host:port`: a network ESC/POS printer;
 * - `printer:NAME`: an OS printer (CUPS `lp`);
 * - `file:/path`: raw ESC/POS bytes to a device or a file.
 */
export type PrinterSetting =
  | { kind: 'preview' }
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'os'; name: string }
  | { kind: 'file'; path: string };

export const printerSettingHint = 'must be preview, tcp://host:port, printer:NAME or file:/path';

/** The setting read, or why it cannot be used. */
export function parsePrinterSetting(setting: string): { ok: true; value: PrinterSetting } | { ok: false; why: string } {
  const value = setting.trim();
  if (value === 'preview' || value === '') return { ok: true, value: { kind: 'preview' } };
  const tcp = /^tcp:\/\/([^\s:/]+):(\d{1,5})\/?$/.exec(value);
  if (tcp) {
    const port = Number(tcp[2]);
    if (port < 1 || port > 65_535) return { ok: false, why: `port ${port} does not exist` };
    return { ok: true, value: { kind: 'tcp', host: tcp[1]!, port } };
  }
  if (value.startsWith('printer:') && value.length > 'printer:'.length) return { ok: true, value: { kind: 'os', name: value.slice('printer:'.length) } };
  if (value.startsWith('file:') && value.length > 'file:'.length) return { ok: true, value: { kind: 'file', path: value.slice('file:'.length) } };
  return { ok: false, why: printerSettingHint };
}

/**
 * Whether a network printer is asked for its status (`printer.askStatus`): `yes`, the default,
 * before and after each receipt, so nothing is sent to a printer out of paper and every receipt is
 * known to have reached it; `no` for a printer that never answers (a plain print server in front of
 * a USB printer): receipts are sent without asking, paper out or an open cover cannot be seen, and
 * a receipt counts as printed once the printer has taken every byte.
 */
export const askStatusChoices = ['yes', 'no'] as const;
export type AskStatus = (typeof askStatusChoices)[number];
