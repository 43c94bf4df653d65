import { cleanText, toPrintable } from './printable-text';
import { charsPerLine, type Align, type Columns, type ReceiptLine, type TextSize } from './receipt-line';
import { labelled, leftRight, wrap } from './text-layout';

export interface TextStyle {
  align?: Align;
  bold?: boolean;
  size?: TextSize;
}

/**
 * Builds receipt lines for one paper width. Every piece of text goes through `cleanText` and the
 * layout helpers here, which is what lets `ReceiptLine` promise printable, fitting text.
 */
export function createReceiptWriter(columns: Columns, options: { accents?: boolean } = {}) {
  const lines: ReceiptLine[] = [];
  // Accents the code page has, unless the paper's language is printed in plain letters (printable-text.ts).
  const accents = { accents: options.accents ?? true };
  const clean = (text: string) => cleanText(text, accents);
  const push = (texts: string[], style: TextStyle) => {
    for (const text of texts) lines.push({ kind: 'text', text, align: style.align ?? 'left', bold: style.bold ?? false, size: style.size ?? 'normal' });
  };

  return {
    columns,
    /** Free text, wrapped at word boundaries; `indent` spaces before every line. */
    text(text: string, style: TextStyle & { indent?: number; keepSpacing?: boolean } = {}) {
      const indent = ' '.repeat(style.indent ?? 0);
      const width = charsPerLine(columns, style.size ?? 'normal') - indent.length;
      const printable = style.keepSpacing ? toPrintable(text, accents).trim() : clean(text);
      const fitted = style.keepSpacing && printable.length <= width ? [printable] : wrap(printable, width);
      push(fitted.map((line) => indent + line), style);
    },
    /** A label with an amount (or any short value) flush right. */
    pair(label: string, value: string, style: { bold?: boolean; indent?: number } = {}) {
      const [left, right] = [clean(label), clean(value)];
      // An indented pair that one line holds with one space less indent gets it, rather than its
      // label broken in two ("Cash" over "received NGN 30,999,996.99" on 58 mm). Never more than
      // one less: a line under another (4 under 2) stays under it.
      const wanted = style.indent ?? 0;
      const fitsWithOneLess = wanted >= 2 && left.length + 1 + right.length === columns - wanted + 1;
      const indent = ' '.repeat(fitsWithOneLess ? wanted - 1 : wanted);
      const text = leftRight(left, right, columns - indent.length).map((line) => indent + line);
      push(text, { bold: style.bold ?? false });
    },
    /** A label with a value that may be long (a film title, a customer name). */
    field(label: string, value: string, style: { indent?: number } = {}) {
      const indent = ' '.repeat(style.indent ?? 0);
      push(labelled(clean(label), clean(value) || '-', columns - indent.length).map((line) => indent + line), {});
    },
    rule(char: '-' | '=' = '-') {
      lines.push({ kind: 'rule', char });
    },
    blank() {
      lines.push({ kind: 'blank' });
    },
    qr(payload: string) {
      // A QR code holds plain ASCII: every phone's reader takes it the same way.
      const printable = toPrintable(payload, { accents: false }).trim();
      if (printable !== '') lines.push({ kind: 'qr', payload: printable });
    },
    /** The end of a document (full cut), or a hinge between tear-off parts (`partial`). */
    cut(options: { partial?: boolean } = {}) {
      lines.push(options.partial ? { kind: 'cut', partial: true } : { kind: 'cut' });
    },
    /** Opens the cash drawer as the paper starts (cash has come in or is going out). */
    openDrawer() {
      lines.push({ kind: 'drawer' });
    },
    lines: (): ReceiptLine[] => lines,
  };
}
export type ReceiptWriter = ReturnType<typeof createReceiptWriter>;
