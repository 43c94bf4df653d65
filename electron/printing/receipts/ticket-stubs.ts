import { formatDateLabel, receiptNumberText } from '../layout/receipt-format';
import { formatShowtime } from '../../../shared/showtime';
import type { ReceiptWriter } from '../layout/receipt-writer';
import type { CinemaSale, ReceiptInput } from './receipt-input';
import type { ReceiptLabels } from './labels';

/**
 * One tear-off stub per admission (printer.ticketStubs), after the receipt, each ended by a hinge
 * cut and the last by a full cut: the usher tears one off per person. Each stub stands alone: film,
 * show date and time, category, reference and which of how many it is, with the TRAINING and COPY
 * marks, so a stub is never mistaken for a valid one.
 */
export function writeTicketStubs(writer: ReceiptWriter, input: ReceiptInput, sale: CinemaSale, labels: ReceiptLabels) {
  const admissions = sale.tickets.flatMap((line) => Array.from({ length: line.count }, () => line.category));
  admissions.forEach((category, index) => {
    writer.text(labels.admitOne, { align: 'center', bold: true, size: 'double' });
    writer.text(sale.filmTitle, { align: 'center', bold: true });
    writer.text(`${formatDateLabel(sale.attendanceDate, labels)} ${formatShowtime(sale.showtime, input.language)}`, { align: 'center' });
    writer.text(labels.stubTicket(category, index + 1, admissions.length), { align: 'center' });
    writer.text(`${labels.ref} ${input.partnerReference}`, { align: 'center' });
    if (input.receiptNumber !== null) writer.text(`${labels.stubReceipt} ${receiptNumberText(input.terminal.id, input.receiptNumber)}`, { align: 'center' });
    if (input.copy) writer.text(labels.stubCopy(input.copy.number), { align: 'center', bold: true });
    if (input.training) writer.text(labels.stubTraining, { align: 'center', bold: true });
    writer.cut({ partial: index < admissions.length - 1 });
  });
}
