import { z } from 'zod';
import { koboSchema } from '../../../shared/money';

/**
 * Everything one receipt shows, fully resolved: the sales layer builds it from the journal (sale,
 * tenders, shift, staff, partner answer) so the receipt model needs nothing else and stays pure.
 * Kept as a schema because it also travels as a print job's payload in the journal.
 */

const amount = koboSchema.nonnegative();
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-11-21');
const label = z.string().trim().min(1);

export const merchantSchema = z.object({
  name: label,
  addressLines: z.array(z.string()),
  phone: z.string().nullable(),
});
export type Merchant = z.infer<typeof merchantSchema>;

export const terminalSchema = z.object({ id: label, name: label });
export type ReceiptTerminal = z.infer<typeof terminalSchema>;

export const cinemaTicketLineSchema = z.object({
  /** The ticket category's title ("Regular", "VIP"). */
  category: label,
  count: z.number().int().positive(),
  /** One ticket, everything included: ticket + convenience fee + merchant commission. */
  unitPriceKobo: amount,
  breakdown: z.object({ ticketKobo: amount, convenienceFeeKobo: amount, merchantCommissionKobo: amount }),
});
export type CinemaTicketLine = z.infer<typeof cinemaTicketLineSchema>;

export const cinemaSaleSchema = z.object({
  kind: z.literal('cinema'),
  filmTitle: label,
  cinemaName: label,
  cinemaAddress: z.string().nullable(),
  attendanceDate: calendarDate,
  /** As the partner writes it: "6:30PM". */
  showtime: label,
  tickets: z.array(cinemaTicketLineSchema).min(1),
});
export type CinemaSale = z.infer<typeof cinemaSaleSchema>;

export const hotelSaleSchema = z.object({
  kind: z.literal('hotel'),
  hotelName: label,
  hotelAddress: z.string().nullable(),
  roomName: label,
  checkIn: calendarDate,
  checkOut: calendarDate,
  nights: z.number().int().positive(),
  rooms: z.number().int().positive(),
  guests: z.number().int().positive(),
  /** What the guest shows at check-in; null when the partner gave none. */
  bookingNumber: z.string().nullable(),
  pricePerNightKobo: amount,
});
export type HotelSale = z.infer<typeof hotelSaleSchema>;

export const receiptTenderSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('cash'), amountKobo: amount, tenderedKobo: amount, changeKobo: amount }),
  z.object({ method: z.literal('card'), amountKobo: amount, approvalCode: z.string().nullable() }),
  z.object({ method: z.literal('transfer'), amountKobo: amount, reference: z.string().nullable() }),
]);
export type ReceiptTender = z.infer<typeof receiptTenderSchema>;

export const receiptInputSchema = z.object({
  merchant: merchantSchema,
  terminal: terminalSchema,
  /** Sandbox sale: nothing was bought; the receipt says so at the top and bottom. */
  training: z.boolean(),
  issuedAt: z.iso.datetime({ offset: true }),
  cashier: label,
  shiftNumber: z.number().int().positive(),
  /** Our own id for the sale (also the partner's `merchant_reference`). */
  saleId: label,
  /** The partner's purchase reference (EX..., HTL...): printed and encoded as the QR code. */
  partnerReference: label,
  /** Null when the partner gave none (its answers may leave it out). */
  invoiceId: label.nullable(),
  sale: z.discriminatedUnion('kind', [cinemaSaleSchema, hotelSaleSchema]),
  totalKobo: amount,
  /** Usually one; a split payment lists each part; none only for a sale that cost nothing. */
  tenders: z.array(receiptTenderSchema),
  customerName: z.string().nullable(),
  /** 0 for the original receipt; 1, 2, ... for the first, second, ... reprint (printed as COPY). */
  copyNumber: z.number().int().nonnegative(),
  /** Extra lines at the bottom (terms, a thank-you), after the standard ones. */
  footerLines: z.array(z.string()),
}).refine((input) => input.tenders.length > 0 || input.totalKobo === 0, { path: ['tenders'], message: 'a sale with a total needs at least one tender' });
export type ReceiptInput = z.infer<typeof receiptInputSchema>;
