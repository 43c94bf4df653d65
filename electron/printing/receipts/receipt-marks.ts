import { formatDateTime } from '../layout/receipt-format';
import type { ReceiptWriter } from '../layout/receipt-writer';
import type { CopyMark } from './receipt-input';
import { en, type ReceiptLabels } from './labels/en';

/**
 * The marks that stop a paper being taken for something it is not: TRAINING on sandbox sales, and
 * COPY n with when and by whom it was printed on every print after the original. Printed at the top
 * and again at the bottom, so a torn-off half still says it. In the sale's language on a receipt;
 * slips and reports are the staff's papers and print them in English. TRAINING says "practice
 * sale" only on a paper about a sale: an X or Z report or a cash voucher sold nothing.
 */
export function writeMarks(writer: ReceiptWriter, marks: { training: boolean; copy: CopyMark | null; aboutSale: boolean }, labels: ReceiptLabels = en) {
  if (marks.copy) {
    writer.text(labels.copy(marks.copy.number), { align: 'center', bold: true, size: 'double' });
    writer.text(labels.printed(formatDateTime(marks.copy.at, labels), marks.copy.by), { align: 'center' });
    writer.text(labels.notOriginal, { align: 'center' });
  }
  if (marks.training) {
    writer.text(labels.training, { align: 'center', bold: true, size: 'double' });
    writer.text(marks.aboutSale ? labels.trainingNote : labels.trainingPaperNote, { align: 'center' });
  }
  if (marks.copy || marks.training) writer.rule('=');
}
