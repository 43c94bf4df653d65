import type { Columns, ReceiptLine } from './receipt-line';

/**
 * The on-screen preview: the same lines as the paper, as plain text `columns` wide. Double-size
 * text is shown at normal size in its place; the QR code is shown as its payload.
 */
export function renderText(lines: readonly ReceiptLine[], options: { columns: Columns }): string {
  const width = options.columns;
  const place = (text: string, align: 'left' | 'center' | 'right') => {
    if (align === 'right') return text.padStart(width);
    if (align === 'center') return (' '.repeat(Math.max(0, Math.floor((width - text.length) / 2))) + text).trimEnd();
    return text.trimEnd();
  };
  const out: string[] = [];
  for (const line of lines) {
    switch (line.kind) {
      case 'text':
        out.push(place(line.text, line.align));
        break;
      case 'rule':
        out.push(line.char.repeat(width));
        break;
      case 'blank':
        out.push('');
        break;
      case 'qr':
        out.push(place(`[QR: ${line.payload}]`, 'center'));
        break;
      case 'cut':
        break;
    }
  }
  return `${out.join('\n')}\n`;
}
