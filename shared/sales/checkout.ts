import { z } from 'zod';
import { koboSchema } from '../money';
import { customerSchema } from './customer';
import { languageSchema } from '../languages';

/** Our own sale id, generated on the screen when checkout opens, and the partner's merchant_reference. */
export const saleIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be a sale id: 1-64 letters, digits, - or _');

const filmId = z.guid();
const ticketLines = z
  .array(z.object({ categoryId: z.guid(), count: z.number().int().min(1, 'must be at least 1').max(50) }).strict())
  .min(1, 'choose at least one ticket')
  .max(20)
  .refine((lines) => new Set(lines.map((l) => l.categoryId)).size === lines.length, 'list each ticket category once');

export const cinemaSelectionSchema = z
  .object({
    filmId,
    locationId: z.number().int().positive(),
    /** YYYY-MM-DD, a show date of the film at that location. */
    date: z.iso.date(),
    showtimeId: z.number().int().positive(),
    tickets: ticketLines,
  })
  .strict();
export type CinemaSelection = z.infer<typeof cinemaSelectionSchema>;

export const hotelSelectionSchema = z
  .object({
    hotelId: z.number().int().positive(),
    roomId: z.number().int().positive(),
    checkIn: z.iso.date(),
    checkOut: z.iso.date(),
    guests: z.number().int().min(1).max(50),
    rooms: z.number().int().min(1).max(20),
  })
  .strict();
export type HotelSelection = z.infer<typeof hotelSelectionSchema>;

/** The amount is always the sale's own total, worked out in main; the screen only says how it is paid. */
export const tenderRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cash'), tenderedKobo: koboSchema.positive() }).strict(),
  z.object({ kind: z.literal('card'), approvalCode: z.string().trim().min(1).max(64).optional() }).strict(),
  z.object({ kind: z.literal('transfer'), reference: z.string().trim().min(4, 'enter the transfer reference').max(128) }).strict(),
]);
export type TenderRequest = z.infer<typeof tenderRequestSchema>;

/** A ticket hold: 3 minutes of reserved seats while the customer's details and payment are taken. */
export const holdSchema = z.object({
  holdId: z.string(),
  expiresAt: z.iso.datetime(),
  quote: z.object({
    totalKobo: koboSchema,
    lines: z.array(z.object({ categoryId: z.string(), title: z.string(), count: z.number().int(), unitKobo: koboSchema, totalKobo: koboSchema })),
  }),
});
export type Hold = z.infer<typeof holdSchema>;

/** `language`: the screen's language when the sale was made; its receipt should be printed in it. */
export const submitSaleRequestSchema = z.discriminatedUnion('kind', [
  z
    .object({ saleId: saleIdSchema, kind: z.literal('cinema'), cinema: cinemaSelectionSchema, holdId: z.string().min(1).optional(), customer: customerSchema, tender: tenderRequestSchema, language: languageSchema.optional() })
    .strict(),
  z.object({ saleId: saleIdSchema, kind: z.literal('hotel'), hotel: hotelSelectionSchema, customer: customerSchema, tender: tenderRequestSchema, language: languageSchema.optional() }).strict(),
]);
export type SubmitSaleRequest = z.input<typeof submitSaleRequestSchema>;
