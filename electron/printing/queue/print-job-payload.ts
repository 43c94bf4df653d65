import { z } from 'zod';
import { saidError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import type { PrintJob } from '../../journal';
import { buildReceipt } from '../receipts/build-receipt';
import { buildReportReceipt } from '../receipts/build-report-receipt';
import { buildTestPage } from '../receipts/build-test-page';
import { toPrintDocument } from '../layout/print-document';
import type { PrintDocument } from '../printers/printer';
import { receiptInputSchema, type CopyMark, type ReceiptInputDraft } from '../receipts/receipt-input';
import { buildSlip } from '../receipts/build-slip';
import { slipInputSchema, type SlipInputDraft } from '../receipts/slip-input';
import type { Columns } from '../layout/receipt-line';
import type { PrinterType } from '../layout/render-escpos';
import { reportReceiptInputSchema, type ReportReceiptInput } from '../receipts/report-input';

/**
 * What a print job keeps in the journal: the fully resolved content (so a retry after a restart
 * prints exactly what was queued, whatever changed since) and who asked for it (the audit of
 * reprints). The receipt number and the copy number are the job's own (the journal counts them),
 * never the payload's.
 */

const requestedBySchema = z.object({ staffId: z.number().int().positive(), name: z.string() }).nullable();
export type RequestedBy = z.infer<typeof requestedBySchema>;

export const testPageInputSchema = z.object({
  terminal: z.object({ id: z.string().min(1), name: z.string().min(1) }),
  printer: z.object({ interface: z.string(), type: z.enum(['epson', 'star']) }),
  printedAt: z.iso.datetime({ offset: true }),
  training: z.boolean(),
});

const receiptPayloadSchema = z.object({ receipt: receiptInputSchema, requestedBy: requestedBySchema });
/** `copyNumber`: a Z report printed again after a paper of it may already exist prints COPY n. */
const reportPayloadSchema = z.object({ report: reportReceiptInputSchema, requestedBy: requestedBySchema, copyNumber: z.number().int().positive().optional() });
const testPayloadSchema = z.object({ page: testPageInputSchema, requestedBy: requestedBySchema });
const slipPayloadSchema = z.object({ slip: slipInputSchema, requestedBy: requestedBySchema });

export type ReceiptPayload = { receipt: ReceiptInputDraft; requestedBy: RequestedBy };
export type ReportPayload = z.input<typeof reportPayloadSchema>;
export type TestPayload = z.input<typeof testPayloadSchema>;
export type SlipPayload = { slip: SlipInputDraft; requestedBy: RequestedBy };

export interface PaperLayout {
  type: PrinterType;
  columns: Columns;
}

/** The journal numbers a sale's original 1 and its copies from 2; the paper says COPY 1, COPY 2. A slip's second print is COPY 1. */
export const reprintNumber = (job: Pick<PrintJob, 'kind' | 'copyNumber'>): number =>
  job.kind === 'reprint' ? Math.max(1, job.copyNumber - 1) : job.kind === 'slip' ? job.copyNumber - 1 : 0;

/** COPY n on paper, with when the copy was asked for and by whom; none for an original (0). */
export function copyMarkOf(number: number, at: string, requestedBy: RequestedBy): CopyMark | null {
  return number > 0 ? { number, at, by: requestedBy?.name ?? null } : null;
}

/** A receipt's or slip's COPY mark: the job's own facts, never the payload's. */
const copyMark = (job: PrintJob, requestedBy: RequestedBy): CopyMark | null => copyMarkOf(reprintNumber(job), job.createdAt, requestedBy);

/** Renders a job afresh (new bytes every time it is tried); a payload that does not parse is a failure. */
export function documentForJob(job: PrintJob, layout: PaperLayout): Result<PrintDocument> {
  const options = { columns: layout.columns };
  switch (job.kind) {
    case 'receipt':
    case 'reprint': {
      const parsed = receiptPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return fail(damaged(job));
      const copy = copyMark(job, parsed.data.requestedBy);
      const lines = buildReceipt({ ...parsed.data.receipt, receiptNumber: job.receiptNumber, copy }, options);
      return ok(toPrintDocument(`sale-${job.saleId}-${copy ? `copy-${copy.number}` : 'original'}`, lines, layout));
    }
    case 'slip': {
      const parsed = slipPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return fail(damaged(job));
      const copy = copyMark(job, parsed.data.requestedBy);
      return ok(toPrintDocument(`slip-job-${job.id}`, buildSlip({ ...parsed.data.slip, copy }, options), layout));
    }
    case 'report': {
      const parsed = reportPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return fail(damaged(job));
      const { report, requestedBy, copyNumber } = parsed.data;
      return ok(reportDocument(report, layout, `job-${job.id}`, job.createdAt, copyMarkOf(copyNumber ?? 0, job.createdAt, requestedBy)));
    }
    case 'test': {
      const parsed = testPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return fail(damaged(job));
      return ok(toPrintDocument(`test-page-job-${job.id}`, buildTestPage(parsed.data.page, options), layout));
    }
  }
}

/**
 * An X or Z report laid out for the paper: the one builder both the printer (a queued job) and the
 * screen (`report:preview`) read, so what the supervisor sees is what the paper says.
 */
export function reportDocument(report: ReportReceiptInput, layout: PaperLayout, suffix: string, printedAt: string, copy: CopyMark | null = null): PrintDocument {
  const name = report.kind === 'Z' ? `z-report-${report.zNumber}` : `x-report-shift-${report.shiftNumber}`;
  return toPrintDocument(`${name}-${suffix}`, buildReportReceipt(report, { columns: layout.columns, printedAt, copy }), layout);
}

/** What staff see in the queue for a job. */
export function jobTitle(job: PrintJob): string {
  switch (job.kind) {
    case 'receipt':
      return 'Receipt';
    case 'reprint':
      return `Receipt COPY ${reprintNumber(job)}`;
    case 'slip': {
      const parsed = slipPayloadSchema.safeParse(job.payload);
      const title = parsed.success ? `${parsed.data.slip.title.charAt(0)}${parsed.data.slip.title.slice(1).toLowerCase()} slip` : 'Slip';
      return reprintNumber(job) > 0 ? `${title} COPY ${reprintNumber(job)}` : title;
    }
    case 'test':
      return 'Printer test page';
    case 'report': {
      const parsed = reportPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return 'Shift report';
      const report = parsed.data.report;
      const copy = parsed.data.copyNumber ? ` COPY ${parsed.data.copyNumber}` : '';
      return report.kind === 'Z' ? `Z report ${report.zNumber ?? ''}${copy}`.trim() : `X report, shift ${report.shiftNumber}`;
    }
  }
}

/**
 * The sale a receipt or copy belongs to, as staff and its customer name it: the code the kiosk's
 * done screen showed (a hotel's booking number, else the partner's reference), what was sold and
 * to whom. Null for other papers, or a payload that does not parse.
 */
export function jobSale(job: PrintJob): { code: string; what: string; customer: string | null } | null {
  if (job.kind !== 'receipt' && job.kind !== 'reprint') return null;
  const parsed = receiptPayloadSchema.safeParse(job.payload);
  if (!parsed.success) return null;
  const { receipt } = parsed.data;
  const code = receipt.sale.kind === 'hotel' ? (receipt.sale.bookingNumber ?? receipt.partnerReference) : receipt.partnerReference;
  const what = receipt.sale.kind === 'hotel' ? receipt.sale.hotelName : receipt.sale.filmTitle;
  return { code, what, customer: receipt.customerName };
}

const damaged = (job: PrintJob) =>
  saidError('INTERNAL', 'said.printJob.unreadable', { job: String(job.id) });
