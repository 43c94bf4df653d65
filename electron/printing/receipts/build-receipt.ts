import { amountOnly, formatDateLabel, formatDateTime, money, receiptNumberText } from '../layout/receipt-format';
import { accentsPrinted } from '../layout/printable-text';
import { formatShowtime } from '../../../shared/showtime';
import type { Columns, ReceiptLine } from '../layout/receipt-line';
import { createReceiptWriter, type ReceiptWriter } from '../layout/receipt-writer';
import { writeMerchantHeader } from './merchant-header';
import type { CinemaSale, HotelSale, ReceiptInput } from './receipt-input';
import { writeMarks } from './receipt-marks';
import { opensDrawer } from './opens-drawer';
import { writeIncludedTaxes, writeTenders } from './tender-lines';
import { writeTicketStubs } from './ticket-stubs';
import { receiptLabels, type ReceiptLabels } from './labels';

/**
 * The customer's receipt for one confirmed sale, laid out for the paper width. Pure. The cash
 * drawer opens first for a cash sale's first print. Sections, top to bottom: merchant, marks, the
 * sale's facts, what was sold, money (total, included taxes, how it was paid), customer, the code to
 * show at the door or desk, policy and footer, marks again; then, for cinema with stubs on, one
 * tear-off stub per admission. The fixed words and the date names are
 * the sale's language's (labels/), English when it has none; names, titles and the settings' own
 * text print as they are, transliterated like everything else.
 */
export function buildReceipt(input: ReceiptInput, options: { columns: Columns }): ReceiptLine[] {
  const writer = createReceiptWriter(options.columns, { accents: accentsPrinted(input.language) });
  const labels = receiptLabels(input.language);
  const marks = { training: input.training, copy: input.copy, aboutSale: true };
  if (opensDrawer(input, input.tenders.some((tender) => tender.method === 'cash'))) writer.openDrawer();
  writeMerchantHeader(writer, input.merchant);
  writeMarks(writer, marks, labels);

  if (input.receiptNumber !== null) writer.pair(labels.receiptNo, receiptNumberText(input.terminal.id, input.receiptNumber), { bold: true });
  writer.pair(labels.date, formatDateTime(input.issuedAt, labels));
  writer.field(labels.terminal, `${input.terminal.name} (${input.terminal.id})`);
  writer.field(labels.cashier, input.cashier);
  writer.pair(labels.shift, String(input.shiftNumber));
  writer.field(labels.sale, input.saleId);
  writer.field(labels.reference, input.partnerReference);
  if (input.invoiceId) writer.pair(labels.invoice, input.invoiceId);
  writer.rule();

  if (input.sale.kind === 'cinema') writeCinema(writer, input.sale, labels, input.language);
  else writeHotel(writer, input.sale, labels);

  writer.rule();
  writer.pair(labels.total, money(input.totalKobo), { bold: true });
  writeIncludedTaxes(writer, input.taxes, labels);
  writeTenders(writer, input.tenders, labels);
  writer.rule();

  if (input.customerName && input.customerName.trim() !== '') {
    writer.field(labels.customer, input.customerName);
    writer.rule();
  }

  if (input.sale.kind === 'cinema') {
    const admissions = input.sale.tickets.reduce((sum, line) => sum + line.count, 0);
    writer.text(labels.admit(admissions), { align: 'center', bold: true, size: 'double' });
    writer.qr(input.partnerReference);
    writer.text(input.partnerReference, { align: 'center', bold: true });
    writer.blank();
    writer.text(labels.showAtCinema, { align: 'center' });
  } else {
    const lookup = input.sale.bookingNumber ?? input.partnerReference;
    writer.qr(lookup);
    if (input.sale.bookingNumber) writer.text(`${labels.bookingNo} ${input.sale.bookingNumber}`, { align: 'center', bold: true });
    writer.text(`${labels.ref} ${input.partnerReference}`, { align: 'center', bold: input.sale.bookingNumber === null });
    writer.blank();
    writer.text(labels.showAtCheckIn, { align: 'center' });
    if (input.sale.policy) {
      writer.rule();
      writer.text(labels.cancellationPolicy, { bold: true });
      writer.text(input.sale.policy);
    }
  }
  input.footerLines.forEach((line) => writer.text(line, { align: 'center' }));

  if (input.copy || input.training) {
    writer.rule('=');
    writeMarks(writer, marks, labels);
  }
  const stubs = input.sale.kind === 'cinema' && input.ticketStubs;
  writer.cut({ partial: stubs });
  if (stubs && input.sale.kind === 'cinema') writeTicketStubs(writer, input, input.sale, labels);
  return writer.lines();
}

function writeCinema(writer: ReceiptWriter, sale: CinemaSale, labels: ReceiptLabels, language: string) {
  writer.text(labels.cinemaTickets, { bold: true });
  writer.field(labels.film, sale.filmTitle);
  writer.field(labels.cinema, sale.cinemaName);
  if (sale.cinemaAddress) writer.text(sale.cinemaAddress, { indent: 2 });
  writer.pair(labels.showDate, formatDateLabel(sale.attendanceDate, labels));
  writer.pair(labels.starts, formatShowtime(sale.showtime, language));
  if (sale.endsAt) writer.pair(labels.ends, formatShowtime(sale.endsAt, language));
  if (sale.seats.length > 0) writer.field(labels.seats, sale.seats.join(', '));
  else writer.pair(labels.seating, labels.freeSeating);
  writer.rule();
  for (const line of sale.tickets) {
    writer.text(line.category, { bold: true });
    writer.pair(`${line.count} x ${amountOnly(line.unitPriceKobo)}`, money(line.count * line.unitPriceKobo), { indent: 2 });
    if (line.breakdown) {
      const { ticketKobo, convenienceFeeKobo, merchantCommissionKobo } = line.breakdown;
      writer.text(labels.each(amountOnly(ticketKobo), amountOnly(convenienceFeeKobo), amountOnly(merchantCommissionKobo)), { indent: 2 });
    }
  }
}

function writeHotel(writer: ReceiptWriter, sale: HotelSale, labels: ReceiptLabels) {
  writer.text(labels.hotelBooking, { bold: true });
  writer.field(labels.hotel, sale.hotelName);
  if (sale.hotelAddress) writer.text(sale.hotelAddress, { indent: 2 });
  if (sale.hotelPhone) writer.text(`${labels.tel} ${sale.hotelPhone}`, { indent: 2 });
  writer.field(labels.roomType, sale.roomName);
  writer.pair(labels.checkIn, formatDateLabel(sale.checkIn, labels));
  if (sale.checkInTime) writer.pair(labels.checkInFrom, sale.checkInTime, { indent: 2 });
  writer.pair(labels.checkOut, formatDateLabel(sale.checkOut, labels));
  if (sale.checkOutTime) writer.pair(labels.checkOutBy, sale.checkOutTime, { indent: 2 });
  writer.pair(labels.guests, String(sale.guests));
  if (sale.bookingNumber) writer.field(labels.bookingNo, sale.bookingNumber);
  writer.rule();
  writer.pair(labels.ratePerNight, money(sale.pricePerNightKobo));
  writer.pair(labels.nightsTimesRooms, `${sale.nights} x ${sale.rooms}`);
  writer.pair(labels.roomTotal, money(sale.pricePerNightKobo * sale.nights * sale.rooms), { bold: true });
}
