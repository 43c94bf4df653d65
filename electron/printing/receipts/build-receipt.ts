import { writeMarks } from './receipt-marks';
import { formatDateLabel, formatDateTime, money, plural } from '../layout/receipt-format';
import type { CinemaSale, HotelSale, ReceiptInput, ReceiptTender } from './receipt-input';
import type { Columns, ReceiptLine } from '../layout/receipt-line';
import { createReceiptWriter, type ReceiptWriter } from '../layout/receipt-writer';

/** The customer's receipt for one confirmed sale, laid out for the paper width. Pure. */
export function buildReceipt(input: ReceiptInput, options: { columns: Columns }): ReceiptLine[] {
  const writer = createReceiptWriter(options.columns);
  writeHeader(writer, input);
  writeMarks(writer, input);

  writer.pair('Date', formatDateTime(input.issuedAt));
  writer.pair('Cashier', input.cashier);
  writer.pair('Shift', String(input.shiftNumber));
  writer.pair('Reference', input.partnerReference);
  if (input.invoiceId) writer.pair('Invoice', input.invoiceId);
  writer.field('Sale', input.saleId);
  writer.rule();

  if (input.sale.kind === 'cinema') writeCinema(writer, input.sale);
  else writeHotel(writer, input.sale);

  writer.rule();
  writer.pair('TOTAL', money(input.totalKobo), { bold: true });
  input.tenders.forEach((tender) => writeTender(writer, tender));
  writer.rule();

  if (input.customerName && input.customerName.trim() !== '') {
    writer.field('Customer', input.customerName);
    writer.rule();
  }

  writer.qr(input.partnerReference);
  writer.text(input.partnerReference, { align: 'center', bold: true });
  writer.blank();
  writer.text(input.sale.kind === 'cinema' ? 'Show this receipt at the cinema entrance.' : 'Show this receipt and your booking number at check-in.', {
    align: 'center',
  });
  input.footerLines.forEach((line) => writer.text(line, { align: 'center' }));
  writer.text('Thank you!', { align: 'center' });

  if (input.copyNumber > 0 || input.training) {
    writer.rule('=');
    writeMarks(writer, { training: input.training, copyNumber: input.copyNumber });
  }
  writer.cut();
  return writer.lines();
}

function writeHeader(writer: ReceiptWriter, input: ReceiptInput) {
  writer.text(input.merchant.name, { align: 'center', bold: true, size: 'double' });
  input.merchant.addressLines.forEach((line) => writer.text(line, { align: 'center' }));
  if (input.merchant.phone) writer.text(`Tel ${input.merchant.phone}`, { align: 'center' });
  writer.text(`${input.terminal.name} (${input.terminal.id})`, { align: 'center' });
  writer.rule('=');
}

function writeCinema(writer: ReceiptWriter, sale: CinemaSale) {
  writer.text('CINEMA TICKETS', { bold: true });
  writer.field('Film', sale.filmTitle);
  writer.field('Cinema', sale.cinemaName);
  if (sale.cinemaAddress) writer.text(sale.cinemaAddress);
  writer.pair('Date', formatDateLabel(sale.attendanceDate));
  writer.pair('Showtime', sale.showtime);
  writer.rule();
  for (const line of sale.tickets) {
    writer.pair(`${line.count} x ${line.category}`, money(line.count * line.unitPriceKobo), { bold: true });
    writer.pair('Price per ticket', money(line.unitPriceKobo), { indent: 2 });
    writer.pair('Ticket', money(line.breakdown.ticketKobo), { indent: 4 });
    writer.pair('Convenience fee', money(line.breakdown.convenienceFeeKobo), { indent: 4 });
    writer.pair('Merchant commission', money(line.breakdown.merchantCommissionKobo), { indent: 4 });
  }
}

function writeHotel(writer: ReceiptWriter, sale: HotelSale) {
  writer.text('HOTEL BOOKING', { bold: true });
  writer.field('Hotel', sale.hotelName);
  if (sale.hotelAddress) writer.text(sale.hotelAddress);
  writer.field('Room', sale.roomName);
  writer.pair('Check-in', formatDateLabel(sale.checkIn));
  writer.pair('Check-out', formatDateLabel(sale.checkOut));
  writer.pair('Nights', String(sale.nights));
  writer.pair('Rooms', String(sale.rooms));
  writer.pair('Guests', String(sale.guests));
  if (sale.bookingNumber) writer.pair('Booking no.', sale.bookingNumber, { bold: true });
  writer.rule();
  writer.pair('Price per night', money(sale.pricePerNightKobo));
  writer.pair(`${plural(sale.nights, 'night')} x ${plural(sale.rooms, 'room')}`, money(sale.pricePerNightKobo * sale.nights * sale.rooms), { bold: true });
}

function writeTender(writer: ReceiptWriter, tender: ReceiptTender) {
  switch (tender.method) {
    case 'cash':
      writer.pair('Paid in cash', money(tender.amountKobo));
      writer.pair('Cash received', money(tender.tenderedKobo), { indent: 2 });
      writer.pair('Change', money(tender.changeKobo), { indent: 2, bold: true });
      return;
    case 'card':
      writer.pair('Paid by card', money(tender.amountKobo));
      if (tender.approvalCode) writer.pair('Approval code', tender.approvalCode, { indent: 2 });
      return;
    case 'transfer':
      writer.pair('Paid by transfer', money(tender.amountKobo));
      if (tender.reference) writer.pair('Transfer ref.', tender.reference, { indent: 2 });
      return;
  }
}
