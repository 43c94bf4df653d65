import { posError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import type { Sale, Tender } from '../../journal';
import type { PosConfig } from '../../core/config/schema';
import { saleDetailsSchema, type CinemaDetails, type HotelDetails } from '../../../shared/sales/sale-details';
import { receiptInputSchema, type CinemaSale, type HotelSale, type ReceiptInput, type ReceiptTender } from './receipt-input';

export interface ReceiptSaleContext {
  config: Pick<PosConfig, 'merchant' | 'terminal'>;
  /** Who sold it; null for a self-service (kiosk) sale. */
  staffName: string | null;
  shiftNumber: number;
  /** 0 for the original, 1, 2, ... for reprints. */
  copyNumber: number;
  trainingMode: boolean;
  /** The partner's answer kept with the confirmation: the hotel's address comes from there. */
  partnerAnswer?: unknown;
}

const footer: Record<'cinema' | 'hotel', string[]> = {
  cinema: ['Tickets are valid for the date and showtime above only.'],
  hotel: [],
};

/**
 * The receipt of a confirmed journal sale: what was sold comes from the sale's details (written
 * once, when the sale was created), the references from the partner's confirmation, the money from
 * the quote and the tenders the customer handed over.
 */
export function receiptInputFromSale(sale: Sale, context: ReceiptSaleContext): Result<ReceiptInput> {
  if (sale.state !== 'confirmed') {
    return fail(posError('CONFLICT', `Sale ${sale.id} is ${sale.state}, not confirmed, so it has no receipt.`));
  }
  if (!sale.partnerReference) {
    return fail(posError('CONFLICT', `Sale ${sale.id} has no partner reference yet, so its receipt cannot be printed. Ask a supervisor to check the sale.`));
  }
  const details = saleDetailsSchema.safeParse(sale.details);
  if (!details.success) return fail(unreadable(sale.id, 'what was sold'));

  const input = {
    merchant: { name: context.config.merchant.name, addressLines: [], phone: null },
    terminal: { id: context.config.terminal.id, name: context.config.terminal.name },
    training: context.trainingMode,
    // A confirmed sale changes no more, so its last change is the moment it was confirmed.
    issuedAt: sale.updatedAt,
    cashier: context.staffName ?? 'Self-service',
    shiftNumber: context.shiftNumber,
    saleId: sale.id,
    partnerReference: sale.partnerReference,
    invoiceId: sale.invoiceId,
    sale: details.data.kind === 'cinema' ? cinemaPart(details.data) : hotelPart(details.data, sale.bookingNumber, hotelAddressIn(context.partnerAnswer)),
    totalKobo: sale.quoteKobo,
    tenders: sale.tenders.map(toReceiptTender),
    customerName: details.data.customer.name.trim() || null,
    copyNumber: context.copyNumber,
    footerLines: footer[details.data.kind],
  } satisfies ReceiptInput;

  const checked = receiptInputSchema.safeParse(input);
  if (!checked.success) {
    const where = checked.error.issues.map((issue) => issue.path.join('.')).join(', ');
    return fail(unreadable(sale.id, where || 'its details'));
  }
  return ok(checked.data);
}

function cinemaPart(details: CinemaDetails): CinemaSale {
  return {
    kind: 'cinema',
    filmTitle: details.film.title,
    cinemaName: details.location.name,
    cinemaAddress: details.location.address,
    attendanceDate: details.date,
    showtime: details.showtime.start,
    tickets: details.tickets
      .filter((ticket) => ticket.count > 0)
      .map((ticket) => ({ category: ticket.title, count: ticket.count, unitPriceKobo: ticket.unitKobo, breakdown: ticket.breakdown })),
  };
}

function hotelPart(details: HotelDetails, bookingNumber: string | null, hotelAddress: string | null): HotelSale {
  return {
    kind: 'hotel',
    hotelName: details.hotel.name,
    hotelAddress,
    roomName: details.room.name,
    checkIn: details.checkIn,
    checkOut: details.checkOut,
    nights: details.nights,
    rooms: details.rooms,
    guests: details.guests,
    bookingNumber,
    pricePerNightKobo: details.pricePerNightKobo,
  };
}

function toReceiptTender(tender: Tender): ReceiptTender {
  switch (tender.kind) {
    case 'cash':
      return { method: 'cash', amountKobo: tender.amountKobo, tenderedKobo: tender.tenderedKobo ?? tender.amountKobo, changeKobo: tender.changeKobo ?? 0 };
    case 'card':
      return { method: 'card', amountKobo: tender.amountKobo, approvalCode: tender.approvalCode };
    case 'transfer':
      return { method: 'transfer', amountKobo: tender.amountKobo, reference: tender.transferReference };
  }
}

/** `{ hotel: { location } }` in a booking answer; anything else (a ticket answer, nothing) gives null. */
function hotelAddressIn(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null || !('hotel' in answer)) return null;
  const hotel = answer.hotel;
  if (typeof hotel !== 'object' || hotel === null || !('location' in hotel)) return null;
  return typeof hotel.location === 'string' && hotel.location.trim() !== '' ? hotel.location.trim() : null;
}

const unreadable = (saleId: string, what: string) =>
  posError('INTERNAL', `The journal's record of sale ${saleId} cannot make a receipt (${what} is missing or not readable). Call support; the sale itself is not affected.`);
