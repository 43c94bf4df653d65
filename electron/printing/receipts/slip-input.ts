import { z } from 'zod';
import { koboSchema } from '../../../shared/money';
import { copyMarkSchema, merchantSchema, terminalSchema } from './receipt-input';
import { languageSchema } from '../../../shared/languages';

/**
 * A slip: any paper that is not a sale's receipt nor a shift report (a refund, a card reversal, a
 * voided sale, a cash-drawer count). Its owner fills this in and `buildSlip` lays it out with the
 * same header, marks, sections and signature lines as the rest, so a new kind of slip needs no new
 * builder. Kept as a schema: it travels as a print job's payload (kind `slip`).
 */
const label = z.string().trim().min(1);

export const slipRowSchema = z.discriminatedUnion('kind', [
  /** "Refunded   NGN 7,000.00": the amount flush right, kobo. */
  z.object({ kind: z.literal('amount'), label, amountKobo: koboSchema, bold: z.boolean().default(false) }),
  /** A short value flush right ("Approval   123456"). */
  z.object({ kind: z.literal('pair'), label, value: z.string(), bold: z.boolean().default(false) }),
  /** A value that may be long (a name, a reason): beside its label when it fits, else under it. */
  z.object({ kind: z.literal('field'), label, value: z.string() }),
  z.object({ kind: z.literal('text'), text: z.string(), align: z.enum(['left', 'center', 'right']).default('left'), bold: z.boolean().default(false) }),
]);
export type SlipRow = z.infer<typeof slipRowSchema>;

export const slipInputSchema = z.object({
  /** Big at the top: "REFUND", "CARD REVERSAL". */
  title: label,
  /** One line under it: "Money returned to the customer". */
  subtitle: z.string().nullable().default(null),
  merchant: merchantSchema,
  terminal: terminalSchema,
  training: z.boolean(),
  issuedAt: z.iso.datetime({ offset: true }),
  /** Who did it at the till. */
  staffName: label,
  /** The sale it is about, with its receipt number and partner reference when known. */
  sale: z
    .object({ saleId: label, receiptNumber: z.number().int().positive().nullable().default(null), partnerReference: z.string().nullable().default(null) })
    .nullable()
    .default(null),
  sections: z.array(z.object({ heading: z.string().nullable().default(null), rows: z.array(slipRowSchema) })),
  /** A code to scan (a refund reference); printed with its text under it. */
  qr: z.string().nullable().default(null),
  /** "Customer signature", "Supervisor": a line to sign for each. */
  signatures: z.array(label).default([]),
  footerLines: z.array(z.string()).default([]),
  /** Set from the print job for a second print: COPY n, when and by whom. */
  copy: copyMarkSchema.nullable().default(null),
  /** Cash leaves or enters the drawer with this paper (a cash refund's drawer copy, a cash in or out voucher), or may (a no sale): it opens the drawer as it prints. */
  cashMoves: z.boolean().default(false),
  /** The language of its fixed words (date, terminal, COPY...): a customer's copy is in the sale's. */
  language: languageSchema.default('en'),
});
export type SlipInput = z.infer<typeof slipInputSchema>;
export type SlipInputDraft = z.input<typeof slipInputSchema>;
