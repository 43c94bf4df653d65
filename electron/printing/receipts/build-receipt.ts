import { amountOnly, formatDateLabel, formatDateTime, money, receiptNumberText } from '../layout/receipt-format';
import type { Columns, ReceiptLine } from '../layout/receipt-line';
import { createReceiptWriter, type ReceiptWriter } from '../layout/receipt-writer';
import { writeMerchantHeader } from './merchant-header';
import type { CinemaSale, HotelSale, ReceiptInput } from './receipt-input';
import { writeMarks } from './receipt-marks';
import { writeIncludedTaxes, writeTenders } from './tender-lines';
import { writeTicketStubs } from './ticket-stubs';

/**
 * The customer's receipt for one confirmed sale, laid out for the paper width. Pure. Sections, top
 * to bottom: merchant, marks, the sale's facts, what was sold, money (total, included taxes, how it
 * was paid), customer, the code to show at the door or desk, policy and footer, marks again; then,
 * for cinema with stubs on, one tear-off stub per admission.
 */
export function buildReceipt(input: ReceiptInput, options: { columns: Columns }): ReceiptLine[] {
  const writer = createReceiptWriter(options.columns);
  const marks = { training: input.training, copy: input.copy };
  writeMerchantHeader(writer, input.merchant);
  writeMarks(writer, marks);

  if (input.receiptNumber !== null) writer.pair('Receipt no.', receiptNumberText(input.terminal.id, input.receiptNumber), { bold: true });
  writer.pair('Date', formatDateTime(input.issuedAt));
  writer.field('Terminal', `${input.terminal.name} (${input.terminal.id})`);
  writer.field('Cashier', input.cashier);
  writer.pair('Shift', String(input.shiftNumber));
  writer.field('Sale', input.saleId);
  writer.field('Reference', input.partnerReference);
  if (input.invoiceId) writer.pair('Invoice', input.invoiceId);
  writer.rule();

  if (input.sale.kind === 'cinema') writeCinema(writer, input.sale);
  else writeHotel(writer, input.sale);

  writer.rule();
  writer.pair('TOTAL', money(input.totalKobo), { bold: true });
  writeIncludedTaxes(writer, input.taxes);
  writeTenders(writer, input.tenders);
  writer.rule();

  if (input.customerName && input.customerName.trim() !== '') {
    writer.field('Customer', input.customerName);
    writer.rule();
  }

  if (input.sale.kind === 'cinema') {
    const admissions = input.sale.tickets.reduce((sum, line) => sum + line.count, 0);
    writer.text(`ADMIT ${admissions}`, { align: 'center', bold: true, size: 'double' });
    writer.qr(input.partnerReference);
    writer.text(input.partnerReference, { align: 'center', bold: true });
    writer.blank();
    writer.text('Show this receipt at the cinema entrance.', { align: 'center' });
  } else {
    const lookup = input.sale.bookingNumber ?? input.partnerReference;
    writer.qr(lookup);
    if (input.sale.bookingNumber) writer.text(`Booking no. ${input.sale.bookingNumber}`, { align: 'center', bold: true });
    writer.text(`Ref ${input.partnerReference}`, { align: 'center', bold: input.sale.bookingNumber === null });
    writer.blank();
    writer.text('Show this receipt and your booking number at check-in.', { align: 'center' });
    if (input.sale.policy) {
      writer.rule();
      writer.text('Cancellation policy', { bold: true });
      writer.text(input.sale.policy);
    }
  }
  input.footerLines.forEach((line) => writer.text(line, { align: 'center' }));

  if (input.copy || input.training) {
    writer.rule('=');
    writeMarks(writer, marks);
  }
  const stubs = input.sale.kind === 'cinema' && input.ticketStubs;
  writer.cut({ partial: stubs });
  if (stubs && input.sale.kind === 'cinema') writeTicketStubs(writer, input, input.sale);
  return writer.lines();
}

function writeCinema(writer: ReceiptWriter, sale: CinemaSale) {
  writer.text('CINEMA TICKETS', { bold: true });
  writer.field('Film', sale.filmTitle);
  writer.field('Cinema', sale.cinemaName);
  if (sale.cinemaAddress) writer.text(sale.cinemaAddress, { indent: 2 });
  writer.pair('Show date', formatDateLabel(sale.attendanceDate));
  writer.pair('Starts', sale.showtime);
  if (sale.endsAt) writer.pair('Ends', sale.endsAt);
  if (sale.seats.length > 0) writer.field('Seats', sale.seats.join(', '));
  else writer.pair('Seating', 'Free seating');
  writer.rule();
  for (const line of sale.tickets) {
    writer.text(line.category, { bold: true });
    writer.pair(`${line.count} x ${amountOnly(line.unitPriceKobo)}`, money(line.count * line.unitPriceKobo), { indent: 2 });
    if (line.breakdown) {
      const { ticketKobo, convenienceFeeKobo, merchantCommissionKobo } = line.breakdown;
      writer.text(`each: ticket ${amountOnly(ticketKobo)}, convenience fee ${amountOnly(convenienceFeeKobo)}, commission ${amountOnly(merchantCommissionKobo)}`, { indent: 2 });
    }
  }
}

function writeHotel(writer: ReceiptWriter, sale: HotelSale) {
  writer.text('HOTEL BOOKING', { bold: true });
  writer.field('Hotel', sale.hotelName);
  if (sale.hotelAddress) writer.text(sale.hotelAddress, { indent: 2 });
  if (sale.hotelPhone) writer.text(`Tel ${sale.hotelPhone}`, { indent: 2 });
  writer.field('Room type', sale.roomName);
  writer.pair('Check-in', formatDateLabel(sale.checkIn));
  if (sale.checkInTime) writer.pair('from', sale.checkInTime, { indent: 2 });
  writer.pair('Check-out', formatDateLabel(sale.checkOut));
  if (sale.checkOutTime) writer.pair('by', sale.checkOutTime, { indent: 2 });
  writer.pair('Guests', String(sale.guests));
  if (sale.bookingNumber) writer.field('Booking no.', sale.bookingNumber);
  writer.rule();
  writer.pair('Rate per night', money(sale.pricePerNightKobo));
  writer.pair('Nights x rooms', `${sale.nights} x ${sale.rooms}`);
  writer.pair('Room total', money(sale.pricePerNightKobo * sale.nights * sale.rooms), { bold: true });
}
