/**
 * Paper widths in characters of the standard font: 58 mm rolls hold 32, 80 mm rolls 48; 42 is what
 * 76 mm rolls (and some 80 mm printers' standard font) hold.
 */
export type Columns = 32 | 42 | 48;
export type Align = 'left' | 'center' | 'right';
/** `double` is double width and height: half as many characters fit on a line. */
export type TextSize = 'normal' | 'double';

/**
 * One line of a laid-out receipt. The model guarantees every text line is printable in the code
 * page (code-page.ts) and already fits the paper (wrapped, columns padded), so the renderers never
 * wrap or cut anything.
 * A `partial` cut leaves a hinge (tear-off ticket stubs); a full cut ends the document.
 * `drawer` prints nothing: it pulses the cash drawer wired to the printer, if the settings name one.
 */
export type ReceiptLine =
  | { kind: 'text'; text: string; align: Align; bold: boolean; size: TextSize }
  | { kind: 'rule'; char: '-' | '=' }
  | { kind: 'blank' }
  | { kind: 'qr'; payload: string }
  | { kind: 'cut'; partial?: boolean }
  | { kind: 'drawer' };

export const charsPerLine = (columns: Columns, size: TextSize): number => (size === 'double' ? columns / 2 : columns);
