import { formatDateTime } from '../layout/receipt-format';
import type { ReceiptWriter } from '../layout/receipt-writer';
import type { CopyMark } from './receipt-input';

/**
 * The marks that stop a paper being taken for something it is not: TRAINING on sandbox sales, and
 * COPY n with when and by whom it was printed on every print after the original. Printed at the top
 * and again at the bottom, so a torn-off half still says it.
 */
export function writeMarks(writer: ReceiptWriter, marks: { training: boolean; copy: CopyMark | null }) {
  if (marks.copy) {
    writer.text(`COPY ${marks.copy.number}`, { align: 'center', bold: true, size: 'double' });
    writer.text(`Printed ${formatDateTime(marks.copy.at)}${marks.copy.by ? ` by ${marks.copy.by}` : ''}`, { align: 'center' });
    writer.text('Not the original', { align: 'center' });
  }
  if (marks.training) {
    writer.text('TRAINING', { align: 'center', bold: true, size: 'double' });
    writer.text('Practice sale - nothing was bought, not valid', { align: 'center' });
  }
  if (marks.copy || marks.training) writer.rule('=');
}
