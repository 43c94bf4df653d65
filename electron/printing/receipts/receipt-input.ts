import { z } from 'zod';
import { languageSchema } from '../../../shared/languages';
import { koboSchema } from '../../../shared/money';

/**
 * Everything one receipt shows, fully resolved: receipt-from-sale.ts builds it from the journal
 * (sale, tenders, shift, staff, partner answer) and the settings, so the builders need nothing else
 * and stay pure. Kept as a schema because it also travels as a print job's payload in the journal.
 * Every field the journal or the partner may lack is nullable: the receipt leaves out what it does
 * not know rather than printing a guess. Fields added later have defaults, so a job queued by an
 * older version still prints.
 */

const amount = koboSchema.nonnegative();
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-11-21');
const label = z.string().trim().min(1);
const optionalText = z.string().trim().min(1).nullable().default(null);

export const merchantSchema = z.object({
  name: label,
  addressLines: z.array(z.string()).default([]),
  phone: z.string().nullable().default(null),
  /** Tax identification number, printed as "TIN ...". */
  tin: optionalText,
});
export type Merchant = z.infer<typeof merchantSchema>;

export const terminalSchema = z.object({ id: label, name: label });
export type ReceiptTerminal = z.infer<typeof terminalSchema>;

/** A tax included in the price, with the part of the total it makes up (already computed, kobo). */
export const includedTaxSchema = z.object({ label, ratePercent: z.number().positive().max(100), amountKobo: amount });
export type IncludedTax = z.infer<typeof includedTaxSchema>;

export const cinemaTicketLineSchema = z.object({
  /** The ticket category's title ("Regular", "VIP"). */
  category: label,
  count: z.number().int().positive(),
  /** One ticket, everything included: ticket + convenience fee + merchant commission. */
  unitPriceKobo: amount,
  breakdown: z.object({ ticketKobo: amount, convenienceFeeKobo: amount, merchantCommissionKobo: amount }).nullable().default(null),
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
  /** When the partner gives the showtime's end (its duration); null leaves the line out. */
  endsAt: optionalText,
  /** Seat labels when the partner assigns seats; empty means free seating, and the receipt says so. */
  seats: z.array(label).default([]),
  tickets: z.array(cinemaTicketLineSchema).min(1),
});
export type CinemaSale = z.infer<typeof cinemaSaleSchema>;

export const hotelSaleSchema = z.object({
  kind: z.literal('hotel'),
  hotelName: label,
  hotelAddress: z.string().nullable(),
  hotelPhone: optionalText,
  roomName: label,
  checkIn: calendarDate,
  checkOut: calendarDate,
  /** The property's standard times ("14:00"), where known. */
  checkInTime: optionalText,
  checkOutTime: optionalText,
  nights: z.number().int().positive(),
  rooms: z.number().int().positive(),
  guests: z.number().int().positive(),
  /** What the guest shows at check-in (and what the QR code holds); null when the partner gave none. */
  bookingNumber: z.string().nullable(),
  pricePerNightKobo: amount,
  /** The venue's cancellation policy (merchant.hotelPolicy): the partner sends none. */
  policy: optionalText,
});
export type HotelSale = z.infer<typeof hotelSaleSchema>;

/**
 * How the customer paid. Each method prints its own lines (tender-lines.ts). A card payment prints
 * `CARD **** 1234  AUTH 123456` from `last4` and `approvalCode`, with the scheme when known.
 */
export const receiptTenderSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('cash'), amountKobo: amount, tenderedKobo: amount, changeKobo: amount }),
  z.object({
    method: z.literal('card'),
    amountKobo: amount,
    approvalCode: z.string().nullable(),
    last4: z.string().regex(/^\d{4}$/).nullable().default(null),
    scheme: optionalText,
  }),
  z.object({ method: z.literal('transfer'), amountKobo: amount, reference: z.string().nullable() }),
]);
export type ReceiptTender = z.infer<typeof receiptTenderSchema>;

/** Who printed a copy and when (the copy's own job in the journal holds both). */
export const copyMarkSchema = z.object({ number: z.number().int().positive(), at: z.iso.datetime({ offset: true }), by: z.string().nullable() });
export type CopyMark = z.infer<typeof copyMarkSchema>;

export const receiptInputSchema = z
  .object({
    merchant: merchantSchema,
    terminal: terminalSchema,
    /** Sandbox sale: nothing was bought; the receipt says so at the top and bottom. */
    training: z.boolean(),
    /** When the sale was confirmed: the receipt's one Date line. */
    issuedAt: z.iso.datetime({ offset: true }),
    cashier: label,
    shiftNumber: z.number().int().positive(),
    /** Our own id for the sale (also the partner's `merchant_reference`). */
    saleId: label,
    /** The partner's purchase reference (EX..., HTL...): printed, and the QR code of a cinema receipt. */
    partnerReference: label,
    /** Null when the partner gave none (its answers may leave it out). */
    invoiceId: label.nullable(),
    sale: z.discriminatedUnion('kind', [cinemaSaleSchema, hotelSaleSchema]),
    totalKobo: amount,
    /** Taxes included in the total (VAT, a hotel's consumption tax); empty prints no tax line. */
    taxes: z.array(includedTaxSchema).default([]),
    /** Usually one; a split payment lists each part; none only for a sale that cost nothing. */
    tenders: z.array(receiptTenderSchema),
    customerName: z.string().nullable(),
    /** The terminal profile's footer (settings `receipt.footer.*`), one entry a line. */
    footerLines: z.array(z.string()),
    /** One tear-off stub per admission after a cinema receipt (printer.ticketStubs). */
    ticketStubs: z.boolean().default(false),
    /** Set from the print job when it prints: the sale's gapless number on this terminal. */
    receiptNumber: z.number().int().positive().nullable().default(null),
    /** Set from the print job for a copy: COPY n, when and by whom. Null on the original. */
    copy: copyMarkSchema.nullable().default(null),
    /** The sale's language (the screen's when it was sold): the receipt's fixed words are printed in it. */
    language: languageSchema.default('en'),
  })
  .refine((input) => input.tenders.length > 0 || input.totalKobo === 0, { path: ['tenders'], message: 'a sale with a total needs at least one tender' });
export type ReceiptInput = z.infer<typeof receiptInputSchema>;
export type ReceiptInputDraft = z.input<typeof receiptInputSchema>;
