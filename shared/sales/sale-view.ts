import { z } from 'zod';
import { koboSchema } from '../money';
import { correctionViewSchema } from './corrections';
import { languageSchema } from '../languages';
import { saidSchema } from '../errors';

import { saleKinds, saleStates } from './sale-states';

export { saleKinds, saleStates };
export const tenderKinds = ['cash', 'card', 'transfer'] as const;

/** A sale as the screens show it: what was sold, to whom, for how much, and where it stands. */
export const saleViewSchema = z.object({
  id: z.string(),
  kind: z.enum(saleKinds),
  state: z.enum(saleStates),
  totalKobo: koboSchema,
  /** What the partner says it charged, when it said; differs from the total -> flagged for staff. */
  partnerAmountKobo: koboSchema.nullable(),
  amountMismatch: z.boolean(),
  partnerReference: z.string().nullable(),
  invoiceId: z.string().nullable(),
  bookingNumber: z.string().nullable(),
  /** Why it was rejected, or why its outcome is not yet known: for the person at the screen. */
  failureReason: z.string().nullable(),
  /** The same, when it is one of the shared sentences (the till's own reasons): the screen says it in its reader's language. */
  failureSaid: saidSchema.optional(),
  /** "Harmattan Heart · Marina Screens Lekki" or "Lagoon Crest Hotel · Club Room". */
  title: z.string(),
  /** "Sat 21 Nov, 11:30AM" or "21 Nov → 23 Nov, 2 nights, 1 room, 2 guests" (English, as main wrote it when selling). */
  subtitle: z.string(),
  /** The same facts, for a screen to say in its reader's language; absent when the sale's details cannot be read. */
  when: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('showing'), date: z.string(), start: z.string() }),
      z.object({ kind: z.literal('stay'), checkIn: z.string(), checkOut: z.string(), nights: z.number().int(), rooms: z.number().int(), guests: z.number().int() }),
    ])
    .optional(),
  lines: z.array(z.object({ label: z.string(), quantity: z.number().int(), unitKobo: koboSchema, totalKobo: koboSchema })),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  tenders: z.array(
    z.object({
      kind: z.enum(tenderKinds),
      amountKobo: koboSchema,
      tenderedKobo: koboSchema.nullable(),
      changeKobo: koboSchema.nullable(),
      approvalCode: z.string().nullable(),
      transferReference: z.string().nullable(),
      /** Card only: paid at the till's own terminal (no approval code typed), so the terminal gives it back by itself. */
      paidAtTerminal: z.boolean().optional(),
    }),
  ),
  staffName: z.string().nullable(),
  shiftNumber: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The screen's language when it was sold: its receipt and its customer's papers are in it. */
  language: languageSchema.optional(),
  /**
   * A confirmed cash sale with change that was confirmed only after its outcome was unknown (by a
   * lookup, after a restart, by hand): nobody can tell whether its change was handed over.
   */
  changeUnsure: z.boolean().optional(),
  /** Voids and refunds of this sale, oldest first: what was given back, how, when, and who approved it. */
  corrections: z.array(correctionViewSchema).optional(),
});
export type SaleView = z.infer<typeof saleViewSchema>;
