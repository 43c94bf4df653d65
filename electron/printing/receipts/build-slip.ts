import { formatDateTime, money, receiptNumberText } from '../layout/receipt-format';
import type { Columns, ReceiptLine } from '../layout/receipt-line';
import { createReceiptWriter } from '../layout/receipt-writer';
import { writeMerchantHeader } from './merchant-header';
import { writeMarks } from './receipt-marks';
import { opensDrawer } from './opens-drawer';
import type { SlipInput } from './slip-input';
import { receiptLabels } from './labels';
import { accentsPrinted } from '../layout/printable-text';

/** Any slip (refund, reversal, ...) from its sections: the generic builder. Pure. */
export function buildSlip(slip: SlipInput, options: { columns: Columns }): ReceiptLine[] {
  const labels = receiptLabels(slip.language);
  const writer = createReceiptWriter(options.columns, { accents: accentsPrinted(slip.language) });
  const marks = { training: slip.training, copy: slip.copy, aboutSale: slip.sale !== null };
  if (opensDrawer(slip, slip.cashMoves)) writer.openDrawer();
  writeMerchantHeader(writer, slip.merchant);
  writer.text(slip.title, { align: 'center', bold: true, size: 'double' });
  if (slip.subtitle) writer.text(slip.subtitle, { align: 'center' });
  writer.rule('=');
  writeMarks(writer, marks, labels);

  writer.pair(labels.date, formatDateTime(slip.issuedAt, labels));
  writer.field(labels.terminal, `${slip.terminal.name} (${slip.terminal.id})`);
  writer.field(labels.refundSlip.staff, slip.staffName);
  if (slip.sale) {
    writer.field(labels.sale, slip.sale.saleId);
    if (slip.sale.receiptNumber !== null) writer.pair(labels.receiptNo, receiptNumberText(slip.terminal.id, slip.sale.receiptNumber));
    if (slip.sale.partnerReference) writer.field(labels.reference, slip.sale.partnerReference);
  }
  for (const section of slip.sections) {
    writer.rule();
    if (section.heading) writer.text(section.heading, { bold: true });
    for (const row of section.rows) {
      switch (row.kind) {
        case 'amount':
          writer.pair(row.label, money(row.amountKobo), { bold: row.bold });
          break;
        case 'pair':
          writer.pair(row.label, row.value, { bold: row.bold });
          break;
        case 'field':
          writer.field(row.label, row.value);
          break;
        case 'text':
          writer.text(row.text, { align: row.align, bold: row.bold });
          break;
      }
    }
  }
  writer.rule();
  if (slip.qr) {
    writer.qr(slip.qr);
    writer.text(slip.qr, { align: 'center', bold: true });
  }
  for (const who of slip.signatures) {
    writer.blank();
    writer.text(`${who}:`);
    writer.blank();
    writer.text('_'.repeat(options.columns - 2), { align: 'center' });
  }
  slip.footerLines.forEach((line) => writer.text(line, { align: 'center' }));
  if (slip.copy || slip.training) {
    writer.rule('=');
    writeMarks(writer, marks, labels);
  }
  writer.cut();
  return writer.lines();
}
