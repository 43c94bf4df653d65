import type { ReceiptWriter } from '../layout/receipt-writer';

/**
 * The marks that stop a receipt being taken for something it is not: TRAINING on sandbox sales,
 * COPY with the reprint number on reprints. Printed at the top and again at the bottom, so a
 * torn-off half still says it.
 */
export function writeMarks(writer: ReceiptWriter, marks: { training: boolean; copyNumber: number }) {
  if (marks.copyNumber > 0) {
    writer.text('COPY', { align: 'center', bold: true, size: 'double' });
    writer.text(`Reprint no. ${marks.copyNumber} - not the original`, { align: 'center' });
  }
  if (marks.training) {
    writer.text('TRAINING', { align: 'center', bold: true, size: 'double' });
    writer.text('Practice sale - nothing was bought, not valid', { align: 'center' });
  }
  if (marks.copyNumber > 0 || marks.training) writer.rule('=');
}
