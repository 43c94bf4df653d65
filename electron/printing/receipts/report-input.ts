import { z } from 'zod';
import { koboSchema } from '../../../shared/money';
import { merchantSchema } from './receipt-input';

/**
 * An X (running) or Z (closing, numbered) shift report as printed. Plain data: the sales layer
 * fills it from the journal's shift reporter; printing never queries anything itself.
 */
const kobo = koboSchema;
const count = z.number().int().nonnegative();
const line = z.object({ label: z.string().min(1), count, totalKobo: kobo });

export const reportReceiptInputSchema = z.object({
  kind: z.enum(['X', 'Z']),
  /** Z reports are numbered per terminal; null on an X report. */
  zNumber: z.number().int().positive().nullable(),
  merchantName: z.string().min(1),
  /** The merchant block on top, as on receipts; reports queued before it existed print the name only. */
  merchant: merchantSchema.nullable().default(null),
  terminal: z.object({ id: z.string().min(1), name: z.string().min(1) }),
  training: z.boolean(),
  shiftNumber: z.number().int().positive(),
  openedAt: z.iso.datetime({ offset: true }),
  openedBy: z.string().min(1),
  /** Null while the shift is open (X report). */
  closedAt: z.iso.datetime({ offset: true }).nullable(),
  closedBy: z.string().nullable(),
  generatedAt: z.iso.datetime({ offset: true }),
  sales: z.object({ confirmedCount: count, confirmedKobo: kobo, rejectedCount: count, unsettledCount: count, amountMismatchCount: count }),
  /** "Cinema tickets", "Hotel rooms". */
  byProduct: z.array(line),
  /** "Cash", "Card", "Transfer". */
  byTender: z.array(line),
  /** Self-service sales appear under their own name ("Self-service"). */
  byCashier: z.array(line),
  /** Film by film, hotel by hotel: tickets or room nights and takings; null on reports from before it was kept. */
  byTitle: z
    .array(z.object({ label: z.string().min(1), units: count, unit: z.enum(['ticket', 'room night']), totalKobo: kobo }))
    .nullable()
    .default(null),
  cash: z.object({
    floatKobo: kobo,
    cashInKobo: kobo,
    cashOutKobo: kobo,
    cashSalesKobo: kobo,
    /** Cash taken for sales whose outcome is not known yet: in the drawer, not yet sold. */
    unsettledCashKobo: kobo,
    expectedKobo: kobo,
    /** Z report only: what was counted, and counted - expected (negative is a shortage). */
    countedKobo: kobo.nullable(),
    differenceKobo: kobo.nullable(),
    /** Z report only, when the drawer was counted note by note: each note's count, and the coins. */
    countSheet: z
      .object({ notes: z.array(z.object({ noteKobo: kobo, count })), otherKobo: kobo })
      .nullable()
      .default(null),
  }),
  cashMovements: z.array(
    z.object({ kind: z.enum(['in', 'out']), amountKobo: kobo, reason: z.string(), staffName: z.string(), approvedByName: z.string().nullable().default(null), at: z.iso.datetime({ offset: true }) }),
  ),
  /** The drawer opened without a sale ("no sale"); null on reports from before the till recorded them. */
  drawerOpenings: z
    .array(z.object({ reason: z.string(), staffName: z.string(), approvedByName: z.string().nullable().default(null), at: z.iso.datetime({ offset: true }) }))
    .nullable()
    .default(null),
  /** The drawer left open a minute or more (its sensor); null on reports from before the till recorded it. */
  drawerLeftOpen: z
    .array(z.object({ openedAt: z.iso.datetime({ offset: true }), closedAt: z.iso.datetime({ offset: true }) }))
    .nullable()
    .default(null),
  unsettled: z.array(z.object({ saleId: z.string(), state: z.string(), product: z.string(), amountKobo: kobo, createdAt: z.iso.datetime({ offset: true }), staffName: z.string() })),
  /** Voids and refunds of the shift and the cancellations the partner still owes; null on reports from before they existed. */
  corrections: z
    .object({
      voids: line.omit({ label: true }),
      refunds: line.omit({ label: true }),
      /** "Refund, cash", "Void, card": only the ones with money back. */
      byTender: z.array(line),
      byApprover: z.array(line),
      /** Card voids and refunds the terminal has not confirmed yet. */
      inProgress: line.omit({ label: true }),
      /** Cash of rejected sales (in the drawer until voided) and cash given back from it. */
      rejectedCashKobo: kobo,
      cashBackKobo: kobo,
      cancellationsOwed: z.array(z.object({ saleId: z.string(), partnerReference: z.string().nullable(), amountKobo: kobo, state: z.string() })),
    })
    .nullable()
    .default(null),
  /** Card takings of confirmed sales by scheme ("Visa", "Approval code" for a stand-alone machine); null on reports from before the till drove a terminal. */
  cardByScheme: z.array(line).nullable().default(null),
  /** Card payments the terminal gave back (or is giving back) because their sale did not happen; null on reports from before. */
  cardReversals: line.omit({ label: true }).nullable().default(null),
  /**
   * Z report only: the journal's hash chain head the report seals (the paper shows its first 8 hex
   * digits, enough to match it against `npm run journal:verify`) and the grand total, which never resets.
   */
  chain: z
    .object({ seq: z.number().int().nonnegative(), hash: z.string().regex(/^[0-9a-f]{8,64}$/), grandTotalKobo: kobo })
    .nullable()
    .default(null),
});
export type ReportReceiptInput = z.infer<typeof reportReceiptInputSchema>;
