import { z } from 'zod';
import { saidSchema } from '../errors';
import { saleIdSchema } from '../sales/checkout';

export const printJobKinds = ['receipt', 'reprint', 'slip', 'report', 'test'] as const;
/**
 * `held`: a kiosk receipt that did not print while its customer was there. It never prints by
 * itself (a cinema receipt is the admission); staff print it when the customer shows the code.
 */
export const printJobStates = ['queued', 'printing', 'printed', 'failed', 'held'] as const;

/** One entry of the print queue as staff see it (`print:jobs`, and the answer of every print request). */
export const printJobViewSchema = z.object({
  id: z.number().int().positive(),
  /** The sale a receipt or reprint belongs to; null for reports and test pages. */
  saleId: z.string().nullable(),
  kind: z.enum(printJobKinds),
  /** "Receipt", "Receipt COPY 2", "Refund slip", "X report", "Z report 14", "Printer test page". */
  title: z.string(),
  /** As printed: 0 for the original receipt, 1, 2, ... for each later print (marked COPY). */
  copyNumber: z.number().int().nonnegative(),
  /** The sale's receipt number on this terminal ("T01-000042"); null for other papers. */
  receiptNumber: z.string().nullable(),
  /** It may already be on paper: it is never sent again, "Print again" makes a COPY. */
  mayHavePrinted: z.boolean(),
  /** The later job printed in its place: nothing left to do about this one. */
  supersededBy: z.number().int().positive().nullable(),
  printedAt: z.iso.datetime().nullable(),
  state: z.enum(printJobStates),
  /** Tries so far; waiting for paper does not count. */
  attempts: z.number().int().nonnegative(),
  /** Why the last try failed, written for staff; null when none has. */
  lastError: z.string().nullable(),
  /** `lastError` as a shared sentence, for the screen to say in the reader's language; null when it is not one. */
  lastErrorSaid: saidSchema.nullable(),
  /** When this kiosk receipt was held for staff (its customer had left); kept once staff print it. */
  heldAt: z.iso.datetime().nullable(),
  /** A receipt's sale: the code its customer was shown, what was sold, to whom; null for other papers. */
  sale: z.object({ code: z.string(), what: z.string(), customer: z.string().nullable() }).nullable(),
  /** When a queued job is tried next. */
  nextAttemptAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PrintJobView = z.infer<typeof printJobViewSchema>;

export const printJobsRequestSchema = z
  .object({
    state: z.enum(printJobStates).optional(),
    saleId: saleIdSchema.optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .strict();

export const saleReceiptRequestSchema = z.object({ saleId: saleIdSchema }).strict();

/** A sale's paper as text: its latest receipt, or one of its print jobs (a refund slip, say) by id. */
export const salePaperRequestSchema = z.object({ saleId: saleIdSchema, jobId: z.number().int().positive().optional() }).strict();

export const printRetryRequestSchema = z.object({ jobId: z.number().int().positive() }).strict();

/** X: the open shift's running totals; Z: a closed shift's numbered report. */
export const reportPrintRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('x') }).strict(),
  z.object({ kind: z.literal('z'), zNumber: z.number().int().positive() }).strict(),
]);
export type ReportPrintRequest = z.infer<typeof reportPrintRequestSchema>;

export const receiptPreviewSchema = z.object({
  /** The receipt as plain text, as wide as the paper: what the latest receipt of the sale says. */
  text: z.string(),
  /** 0 when that is the original, else the reprint number it carries. */
  copyNumber: z.number().int().nonnegative(),
  columns: z.union([z.literal(32), z.literal(42), z.literal(48)]),
});
export type ReceiptPreview = z.infer<typeof receiptPreviewSchema>;

/**
 * An X or Z report's paper as text (`report:preview`): what `report:print` prints for the same
 * request now, laid out by the same builder, line for line, as wide as the paper.
 */
export const reportPreviewSchema = z.object({
  text: z.string(),
  columns: receiptPreviewSchema.shape.columns,
});
export type ReportPreview = z.infer<typeof reportPreviewSchema>;
