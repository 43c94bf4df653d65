import type { Columns, ReceiptLine } from './receipt-line';

/** What the preview shows where the paper has a hinge cut between tear-off stubs. */
export const tearLine = (columns: Columns): string => centre('- - - tear here - - -', columns);

/**
 * The on-screen preview: the paper line for line, as plain text `columns` wide. Double-size text
 * takes two columns a letter on paper, so it is shown letter-spaced in the same place; a QR code is
 * shown as `[QR: payload]` on its own line; a hinge cut as a tear line. The final cut shows nothing.
 */
export function renderText(lines: readonly ReceiptLine[], options: { columns: Columns }): string {
  const width = options.columns;
  const out: string[] = [];
  lines.forEach((line, index) => {
    switch (line.kind) {
      case 'text': {
        const wide = line.size === 'double';
        const shown = wide ? line.text.split('').join(' ') : line.text;
        const span = wide ? line.text.length * 2 : line.text.length;
        // The printer centres in dots: half of what the line leaves free, in normal-width columns.
        const offset = line.align === 'right' ? width - span : line.align === 'center' ? Math.floor((width - span) / 2) : 0;
        out.push((' '.repeat(Math.max(0, offset)) + shown).trimEnd());
        break;
      }
      case 'rule':
        out.push(line.char.repeat(width));
        break;
      case 'blank':
        out.push('');
        break;
      case 'qr':
        // The paper feeds one empty line after the code.
        out.push(centre(`[QR: ${line.payload}]`, width), '');
        break;
      case 'cut':
        if (line.partial && index < lines.length - 1) out.push(tearLine(options.columns));
        break;
      case 'drawer':
        // Not paper: the screen's copy shows what was printed.
        break;
    }
  });
  return `${out.join('\n')}\n`;
}

function centre(text: string, width: number): string {
  return (' '.repeat(Math.max(0, Math.floor((width - text.length) / 2))) + text).trimEnd();
}
