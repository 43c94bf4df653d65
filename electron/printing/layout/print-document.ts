import type { PrintDocument } from '../printers/printer';
import type { Columns, ReceiptLine } from './receipt-line';
import { renderEscPos, type PrinterType } from './render-escpos';
import { renderText } from './render-text';

/** Laid-out lines made ready for any printer: the command bytes and the on-screen text together. */
export function toPrintDocument(id: string, lines: readonly ReceiptLine[], options: { type: PrinterType; columns: Columns }): PrintDocument {
  return { id, bytes: renderEscPos(lines, options), text: renderText(lines, { columns: options.columns }) };
}
