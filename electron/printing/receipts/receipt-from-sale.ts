import { saidError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import { saleDetailsSchema, type CinemaDetails, type HotelDetails } from '../../../shared/sales/sale-details';
import type { Sale, Tender } from '../../journal';
import { includedTaxes } from './included-taxes';
import { receiptInputSchema, type CinemaSale, type HotelSale, type ReceiptInput, type ReceiptInputDraft, type ReceiptTender } from './receipt-input';
import type { ReceiptSettings } from './receipt-settings';
import { receiptLabels } from './labels';

export interface ReceiptSaleContext {
  settings: ReceiptSettings;
  /** Who sold it; null for a self-service (kiosk) sale. */
  staffName: string | null;
  shiftNumber: number;
  trainingMode: boolean;
  /** The partner's answer kept with the confirmation: hotel address and other facts come from there. */
  partnerAnswer?: unknown;
}

/**
 * The receipt of a confirmed journal sale: what was sold comes from the sale's details (written
 * once, when the sale was created), the references from the partner's confirmation, the money from
 * the quote and the tenders the customer handed over, the rest from the settings. A fact neither
 * the journal nor the partner has is left out (null), never guessed. The receipt number and the
 * COPY mark are the print job's, added when it prints. The receipt is in the sale's language (kept
 * in its details): the self-service cashier, the cinema footer and a built-in profile footer too.
 */
export function receiptInputFromSale(sale: Sale, context: ReceiptSaleContext): Result<ReceiptInput> {
  if (sale.state !== 'confirmed') {
    return fail(saidError('CONFLICT', 'said.receipt.notConfirmed', { sale: sale.id, state: sale.state }));
  }
  if (!sale.partnerReference) {
    return fail(saidError('CONFLICT', 'said.receipt.noReference', { sale: sale.id }));
  }
  const details = saleDetailsSchema.safeParse(sale.details);
  if (!details.success) return fail(unreadable(sale.id, 'sold'));
  const { settings } = context;
  const kind = details.data.kind;
  const rates = kind === 'hotel' ? [settings.vat, ...settings.hotelTaxes] : [settings.vat];
  const language = details.data.language ?? 'en';
  const labels = receiptLabels(language);
  const footer = settings.builtInFooter ? labels.footers[settings.builtInFooter] : settings.footerLines;

  const input: ReceiptInputDraft = {
    merchant: settings.merchant,
    terminal: settings.terminal,
    training: context.trainingMode,
    // A confirmed sale changes no more, so its last change is the moment it was confirmed.
    issuedAt: sale.updatedAt,
    cashier: context.staffName ?? labels.selfService,
    shiftNumber: context.shiftNumber,
    saleId: sale.id,
    partnerReference: sale.partnerReference,
    invoiceId: sale.invoiceId,
    sale:
      details.data.kind === 'cinema'
        ? cinemaPart(details.data, sale.details)
        : hotelPart(details.data, sale.details, sale.bookingNumber, context.partnerAnswer, settings.hotelPolicy),
    totalKobo: sale.quoteKobo,
    taxes: includedTaxes(sale.quoteKobo, rates),
    tenders: sale.tenders.map(toReceiptTender),
    customerName: details.data.customer.name.trim() || null,
    footerLines: kind === 'cinema' ? [labels.cinemaFooter, ...footer] : footer,
    ticketStubs: kind === 'cinema' && settings.ticketStubs,
    language,
  };

  const checked = receiptInputSchema.safeParse(input);
  if (!checked.success) {
    const where = checked.error.issues.map((issue) => issue.path.join('.')).join(', ');
    return fail(unreadable(sale.id, where || 'details'));
  }
  return ok(checked.data);
}

function cinemaPart(details: CinemaDetails, raw: unknown): CinemaSale {
  const end = details.showtime.end.trim();
  return {
    kind: 'cinema',
    filmTitle: details.film.title,
    cinemaName: details.location.name,
    cinemaAddress: details.location.address,
    attendanceDate: details.date,
    showtime: details.showtime.start,
    endsAt: end !== '' && end !== details.showtime.start ? end : null,
    // The partner seats nobody today; seat labels kept in the details one day are printed.
    seats: textList(at(raw, 'seats')),
    tickets: details.tickets
      .filter((ticket) => ticket.count > 0)
      .map((ticket) => ({ category: ticket.title, count: ticket.count, unitPriceKobo: ticket.unitKobo, breakdown: ticket.breakdown })),
  };
}

function hotelPart(details: HotelDetails, raw: unknown, bookingNumber: string | null, answer: unknown, policy: string | null): HotelSale {
  const hotel = at(raw, 'hotel');
  const answered = at(answer, 'hotel');
  return {
    kind: 'hotel',
    hotelName: details.hotel.name,
    hotelAddress: text(at(answered, 'location')) ?? text(at(hotel, 'address')) ?? text(at(hotel, 'location')),
    hotelPhone: text(at(answered, 'phone')) ?? text(at(at(answered, 'contact'), 'phone')) ?? text(at(hotel, 'phone')),
    roomName: details.room.name,
    checkIn: details.checkIn,
    checkOut: details.checkOut,
    checkInTime: text(at(answered, 'check_in_time')) ?? details.hotel.checkInTime ?? null,
    checkOutTime: text(at(answered, 'check_out_time')) ?? details.hotel.checkOutTime ?? null,
    nights: details.nights,
    rooms: details.rooms,
    guests: details.guests,
    bookingNumber,
    pricePerNightKobo: details.pricePerNightKobo,
    policy,
  };
}

function toReceiptTender(tender: Tender): ReceiptTender {
  switch (tender.kind) {
    case 'cash':
      return { method: 'cash', amountKobo: tender.amountKobo, tenderedKobo: tender.tenderedKobo ?? tender.amountKobo, changeKobo: tender.changeKobo ?? 0 };
    case 'card': {
      // The card terminal's masked card, where the journal keeps one.
      const last4 = text(at(tender, 'cardLast4'));
      return { method: 'card', amountKobo: tender.amountKobo, approvalCode: tender.approvalCode, last4: last4 && /^\d{4}$/.test(last4) ? last4 : null, scheme: text(at(tender, 'cardScheme')) };
    }
    case 'transfer':
      return { method: 'transfer', amountKobo: tender.amountKobo, reference: tender.transferReference };
  }
}

/** `value[key]` of a plain object, else undefined: partner answers and old details are read leniently. */
function at(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined;
}
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const textList = (value: unknown): string[] => (Array.isArray(value) ? value.map(text).filter((item): item is string => item !== null) : []);

/** `part`: 'sold', 'details', or the path of the field that cannot be read. */
const unreadable = (saleId: string, part: string) => saidError('INTERNAL', 'said.receipt.unreadable', { sale: saleId, part });
