import { formatDateTime, money } from '../layout/receipt-format';
import type { Columns, ReceiptLine } from '../layout/receipt-line';
import { createReceiptWriter } from '../layout/receipt-writer';

export interface TestPageInput {
  terminal: { id: string; name: string };
  printer: { interface: string; type: 'epson' | 'star' };
  printedAt: string;
  training: boolean;
}

/**
 * What staff print to check a printer: the width ruler shows at a glance whether the paper
 * setting (32 or 48 columns) matches the roll, and the QR shows the printer can make one.
 */
export function buildTestPage(input: TestPageInput, options: { columns: Columns }): ReceiptLine[] {
  const writer = createReceiptWriter(options.columns);
  writer.text('PRINTER TEST', { align: 'center', bold: true, size: 'double' });
  writer.text(`${input.terminal.name} (${input.terminal.id})`, { align: 'center' });
  writer.text(formatDateTime(input.printedAt), { align: 'center' });
  writer.rule('=');
  writer.pair('Printer', input.printer.interface);
  writer.pair('Commands', input.printer.type === 'star' ? 'STAR' : 'EPSON ESC/POS');
  writer.pair('Paper', options.columns === 48 ? '80 mm, 48 columns' : options.columns === 42 ? '76 mm, 42 columns' : '58 mm, 32 columns');
  if (input.training) writer.pair('Mode', 'Training');
  writer.rule();
  writer.text('Both rulers must fit on one line each:');
  writer.text(ruler(options.columns));
  writer.text('-'.repeat(options.columns));
  writer.text('Left');
  writer.text('Centre', { align: 'center' });
  writer.text('Right', { align: 'right' });
  writer.text('Bold text', { bold: true });
  writer.text('Large', { size: 'double', align: 'center' });
  writer.pair('Amount', money(1_234_550));
  writer.rule();
  writer.text('Scan test:', { align: 'center' });
  writer.qr('LOBBY-POS-TEST');
  writer.text('If you can read all of this, the printer is ready.', { align: 'center' });
  writer.cut();
  return writer.lines();
}

/** "1234567890123..." exactly as wide as the paper. */
function ruler(columns: number): string {
  return Array.from({ length: columns }, (_, i) => String((i + 1) % 10)).join('');
}
