import type { PrintDocument } from '../printers/printer';
import type { ReceiptLine } from './receipt-line';
import { renderEscPos, type EscPosOptions } from './render-escpos';
import { renderText } from './render-text';

/** Laid-out lines made ready for any printer: the command bytes and the on-screen text together. */
export function toPrintDocument(id: string, lines: readonly ReceiptLine[], options: EscPosOptions): PrintDocument {
  return { id, bytes: renderEscPos(lines, options), text: renderText(lines, { columns: options.columns }), paper: paperOf(lines) };
}

/** A QR code of a reference is about eight text lines tall at the cell size we print. */
const qrLines = 8;

function paperOf(lines: readonly ReceiptLine[]): { lines: number; cuts: number } {
  let printed = 0;
  let cuts = 0;
  for (const line of lines) {
    if (line.kind === 'cut') cuts += 1;
    else if (line.kind === 'drawer') continue;
    else if (line.kind === 'qr') printed += qrLines;
    else printed += line.kind === 'text' && line.size === 'double' ? 2 : 1;
  }
  return { lines: printed, cuts };
}
