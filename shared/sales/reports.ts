import { z } from 'zod';
import { countSheetSchema } from './cash-count';
import { correctionTotalsSchema } from './corrections';
import { saleKinds, saleStates, tenderKinds } from './sale-view';

const kobo = z.number().int();
const count = z.number().int().nonnegative();
const staffRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * The running totals of one shift (the X report). Sales count when confirmed; the drawer also
 * holds the cash of sales whose outcome is not yet known (the customer paid before the purchase
 * went out), so that cash is expected in the drawer and shown on its own line. A rejected sale's
 * cash stays in the drawer, on its own line, until a void gives it back to the customer.
 */
export const shiftReportSchema = z.object({
  terminalId: z.string(),
  shiftId: z.number().int(),
  shiftNumber: z.number().int(),
  openedAt: z.string(),
  openedBy: staffRef,
  generatedAt: z.string(),
  sales: z.object({
    confirmedCount: count,
    confirmedKobo: kobo,
    rejectedCount: count,
    unsettledCount: count,
    /** Confirmed sales where the partner's amount differs from our quote. */
    amountMismatchCount: count,
  }),
  byKind: z.array(z.object({ kind: z.enum(saleKinds), count, totalKobo: kobo })),
  byTender: z.array(z.object({ kind: z.enum(tenderKinds), count, totalKobo: kobo })),
  /** `staffId` null: self-service (kiosk) sales. */
  byCashier: z.array(z.object({ staffId: z.number().int().nullable(), name: z.string(), count, totalKobo: kobo })),
  /**
   * What sold, film by film and hotel by hotel (confirmed sales, before refunds): `units` is
   * tickets for a film, room nights (nights × rooms) for a hotel. Largest takings first. Absent
   * from Z reports closed before it was kept.
   */
  byTitle: z.array(z.object({ kind: z.enum(saleKinds), title: z.string(), count, units: count, totalKobo: kobo })).optional(),
  cash: z.object({
    floatKobo: kobo,
    cashInKobo: kobo,
    cashOutKobo: kobo,
    /** Cash handed over by customers (confirmed and not yet settled sales). */
    tenderedKobo: kobo,
    changeKobo: kobo,
    /** Cash paid for confirmed sales. */
    cashSalesKobo: kobo,
    /** Cash paid for sales whose outcome is not yet known. */
    unsettledCashKobo: kobo,
    /** Cash paid for sales the partner rejected: it stays in the drawer until a void gives it back. */
    rejectedCashKobo: kobo.optional(),
    /** Cash given back from the drawer by voids and refunds in this shift. */
    cashBackKobo: kobo.optional(),
    /** float + tendered - change + rejected + cash in - cash out - cash given back. */
    expectedKobo: kobo,
  }),
  /**
   * Voids and refunds made in this shift whose money is back with the customer (see ./corrections.ts).
   * This and the lines below are absent only on Z reports closed before voids and refunds existed.
   */
  corrections: correctionTotalsSchema.optional(),
  /** Refunds whose cancellation the partner or venue still owes (owed or agreed, not closed), on this terminal, oldest first. */
  cancellationsOwed: z
    .array(z.object({ correctionId: z.string(), saleId: z.string(), partnerReference: z.string().nullable(), amountKobo: kobo, state: z.enum(['owed', 'agreed']), openedAt: z.string() }))
    .optional(),
  /**
   * Card takings of confirmed sales by card scheme (visa, mastercard, verve...; `approval code` for
   * cards taken on a stand-alone machine), largest first. This and the line below are absent only
   * on Z reports closed before card terminals were driven by the till.
   */
  cardByScheme: z.array(z.object({ scheme: z.string(), count, totalKobo: kobo })).optional(),
  /** Card payments the terminal gave back (or is giving back) because their sale did not happen. */
  cardReversals: z.object({ count, totalKobo: kobo }).optional(),
  /**
   * Cash put in or taken out, oldest first. `approvedByName`: the supervisor who approved a
   * cashier's cash out with their PIN (null when none was asked; absent before approvals were recorded).
   */
  cashMovements: z.array(z.object({ kind: z.enum(['in', 'out']), amountKobo: kobo, reason: z.string(), staffName: z.string(), approvedByName: z.string().nullable().optional(), at: z.string() })),
  /**
   * The drawer opened without a sale ("no sale"), oldest first. Absent only on Z reports closed
   * before the till recorded them. `approvedByName`: the supervisor who approved a cashier's no
   * sale with their PIN (null when none was asked; absent before approvals were recorded).
   */
  drawerOpenings: z.array(z.object({ id: z.number().int(), reason: z.string(), staffName: z.string(), approvedByName: z.string().nullable().optional(), at: z.string() })).optional(),
  /** Each time the drawer was left open a minute or more (its sensor said so); absent on reports from before the till recorded them. */
  drawerLeftOpen: z.array(z.object({ openedAt: z.string(), closedAt: z.string() })).optional(),
  unsettled: z.array(
    z.object({ id: z.string(), state: z.enum(saleStates), kind: z.enum(saleKinds), quoteKobo: kobo, createdAt: z.string(), staffName: z.string() }),
  ),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

/** The X report frozen at close, numbered per terminal; stored once and never changed. */
export const zReportSchema = shiftReportSchema.extend({
  zNumber: z.number().int().positive(),
  closedAt: z.string(),
  closedBy: staffRef,
  countedKobo: kobo,
  /** counted - expected: negative is a shortage. */
  differenceKobo: kobo,
  /**
   * The hash chain's head when the shift closed: every money row up to `seq` is sealed by `hash`
   * (receipts print its first 8 hex digits), and the till's grand total, which never resets.
   * Absent on Z reports closed before the chain existed.
   */
  chain: z.object({ seq: z.number().int().nonnegative(), hash: z.string().regex(/^[0-9a-f]{64}$/), grandTotalKobo: kobo }).optional(),
  /** The drawer counted note by note at the close (Count by notes), when it was; its total is `countedKobo`. */
  countSheet: countSheetSchema.optional(),
});
export type ZReport = z.infer<typeof zReportSchema>;

/** One line of the past Z reports list (Staff -> Shift -> Past Z reports): open it with shift:z-report. */
export const zReportSummarySchema = z.object({
  zNumber: z.number().int().positive(),
  shiftNumber: z.number().int(),
  closedAt: z.string(),
  closedBy: staffRef,
  expectedKobo: kobo,
  countedKobo: kobo,
  differenceKobo: kobo,
});
export type ZReportSummary = z.infer<typeof zReportSummarySchema>;

export const zReportsRequestSchema = z.object({ limit: z.number().int().min(1).max(200).default(30), before: z.number().int().positive().optional() }).strict();
