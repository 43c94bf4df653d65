import { BreakLine, CharacterSet, PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import type { Columns, ReceiptLine, TextSize } from './receipt-line';
import { starQrCommands } from './star-qr';
import { drawerPulse } from './cash-drawer';
import type { CashDrawer } from '../../../shared/printing/cash-drawer';
import { codePageBytes } from './code-page';

export type PrinterType = 'epson' | 'star';

/** How a document is turned into commands: the dialect, the paper, and the drawer on the printer's port (none when left out). */
export interface EscPosOptions {
  type: PrinterType;
  columns: Columns;
  cashDrawer?: CashDrawer;
}

/** Present in node-thermal-printer 4.6.1 (`cut()` uses it) but missing from its type definitions. */
type LibraryPrinter = ThermalPrinter & { initHardware(): void };

const QR_CELL_SIZE = 6;

/**
 * Text goes in as bytes: the model already made it printable in the code page (printable-text.ts),
 * and the library's string path re-checks the code page one character at a time with a buffer
 * copy each (most of the render time).
 */
const textLine = (text: string) => codePageBytes(`${text}\n`);

/**
 * The receipt as printer commands, through node-thermal-printer's EPSON or STAR command set.
 * A new library printer per document: its buffer survives `execute()`, and a reused instance
 * would send the previous receipt again on the next job. We only take `getBuffer()`; sending is
 * ours (see tcp-printer.ts).
 */
export function renderEscPos(lines: readonly ReceiptLine[], options: EscPosOptions): Buffer {
  const printer = libraryPrinter(options, '');
  appendReceiptLines(printer, lines, options);
  return Buffer.from(printer.getBuffer() ?? Buffer.alloc(0));
}

/** A node-thermal-printer instance set up as we use it; `interface` '' only builds the buffer. */
export function libraryPrinter(options: { type: PrinterType; columns: Columns }, printerInterface: string): ThermalPrinter {
  return new ThermalPrinter({
    type: options.type === 'star' ? PrinterTypes.STAR : PrinterTypes.EPSON,
    interface: printerInterface,
    width: options.columns,
    // Lines arrive laid out and fitting; the library must not fold them again.
    breakLine: BreakLine.NONE,
  });
}

/** Appends the receipt's commands to a library printer's buffer (the bench's baseline sends it with the library's own execute()). */
export function appendReceiptLines(library: ThermalPrinter, lines: readonly ReceiptLine[], options: EscPosOptions): void {
  const printer = library as LibraryPrinter;
  printer.initHardware();
  // PC850 on EPSON, its twin PC858 on STAR (code-page.ts): the same bytes for every letter we send.
  // Chosen again before the first text after a cut, whose reset (ESC @) puts the power-on page back;
  // never after the last cut, which stays the last command.
  let pageChosen = false;
  const choosePage = () => {
    if (pageChosen) return;
    printer.setCharacterSet(options.type === 'star' ? CharacterSet.PC858_EURO : CharacterSet.PC850_MULTILINGUAL);
    pageChosen = true;
  };
  choosePage();

  let align: 'left' | 'center' | 'right' | null = null;
  let bold = false;
  let size: TextSize = 'normal';
  const setAlign = (next: 'left' | 'center' | 'right') => {
    if (next === align) return;
    if (next === 'center') printer.alignCenter();
    else if (next === 'right') printer.alignRight();
    else printer.alignLeft();
    align = next;
  };
  const setBold = (next: boolean) => {
    if (next !== bold) printer.bold(next);
    bold = next;
  };
  const setSize = (next: TextSize) => {
    if (next === size) return;
    if (next === 'double') printer.setTextQuadArea();
    else printer.setTextNormal();
    size = next;
    // EPSON sizes through ESC ! n, which sets the whole print mode: emphasis is off again after it.
    if (options.type === 'epson') bold = false;
  };

  for (const line of lines) {
    switch (line.kind) {
      case 'text':
        setAlign(line.align);
        setSize(line.size);
        setBold(line.bold);
        choosePage();
        printer.append(textLine(line.text));
        break;
      case 'rule':
        setAlign('left');
        setSize('normal');
        setBold(false);
        printer.append(textLine(line.char.repeat(options.columns)));
        break;
      case 'blank':
        printer.newLine();
        break;
      case 'qr':
        setAlign('center');
        if (options.type === 'star') printer.append(starQrCommands(line.payload, { cellSize: QR_CELL_SIZE }));
        else printer.printQR(line.payload, { cellSize: QR_CELL_SIZE, correction: 'M', model: 2 });
        printer.newLine();
        break;
      case 'cut':
        setSize('normal');
        setBold(false);
        // Feeds the paper past the cutter, cuts (a hinge for a partial cut), and resets the printer
        // (ESC @): every mode is back to its power-on value.
        if (line.partial) printer.partialCut();
        else printer.cut();
        align = 'left';
        pageChosen = false;
        break;
      case 'drawer':
        printer.append(drawerPulse(options.type, options.cashDrawer ?? 'off'));
        break;
    }
  }
}
