import { z } from 'zod';
import { posError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import type { PrintJob } from '../../journal';
import { buildReceipt } from '../receipts/build-receipt';
import { buildReportReceipt } from '../receipts/build-report-receipt';
import { buildTestPage } from '../receipts/build-test-page';
import { toPrintDocument } from '../layout/print-document';
import type { PrintDocument } from '../printers/printer';
import { receiptInputSchema } from '../receipts/receipt-input';
import type { Columns } from '../layout/receipt-line';
import type { PrinterType } from '../layout/render-escpos';
import { reportReceiptInputSchema } from '../receipts/report-input';

/**
 * What a print job keeps in the journal: the fully resolved content (so a retry after a restart
 * prints exactly what was queued, whatever changed since) and who asked for it (the audit of
 * reprints). The copy number is the job's own (the journal counts them), never the payload's.
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
const reportPayloadSchema = z.object({ report: reportReceiptInputSchema, requestedBy: requestedBySchema });
const testPayloadSchema = z.object({ page: testPageInputSchema, requestedBy: requestedBySchema });

export type ReceiptPayload = z.input<typeof receiptPayloadSchema>;
export type ReportPayload = z.input<typeof reportPayloadSchema>;
export type TestPayload = z.input<typeof testPayloadSchema>;

export interface PaperLayout {
  type: PrinterType;
  columns: Columns;
}

/** The journal numbers the original 1 and reprints from 2; the paper says "Reprint no. 1", "no. 2". */
export const reprintNumber = (job: Pick<PrintJob, 'kind' | 'copyNumber'>): number => (job.kind === 'reprint' ? Math.max(1, job.copyNumber - 1) : 0);

/** Renders a job afresh (new bytes every time it is tried); a payload that does not parse is a failure. */
export function documentForJob(job: PrintJob, layout: PaperLayout): Result<PrintDocument> {
  const options = { columns: layout.columns };
  switch (job.kind) {
    case 'receipt':
    case 'reprint': {
      const parsed = receiptPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return fail(damaged(job));
      const copyNumber = reprintNumber(job);
      const lines = buildReceipt({ ...parsed.data.receipt, copyNumber }, options);
      return ok(toPrintDocument(`sale-${job.saleId}-${copyNumber === 0 ? 'original' : `copy-${copyNumber}`}`, lines, layout));
    }
    case 'report': {
      const parsed = reportPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return fail(damaged(job));
      const report = parsed.data.report;
      const name = report.kind === 'Z' ? `z-report-${report.zNumber}` : `x-report-shift-${report.shiftNumber}`;
      return ok(toPrintDocument(`${name}-job-${job.id}`, buildReportReceipt(report, options), layout));
    }
    case 'test': {
      const parsed = testPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return fail(damaged(job));
      return ok(toPrintDocument(`test-page-job-${job.id}`, buildTestPage(parsed.data.page, options), layout));
    }
  }
}

/** What staff see in the queue for a job. */
export function jobTitle(job: PrintJob): string {
  switch (job.kind) {
    case 'receipt':
      return 'Receipt';
    case 'reprint':
      return `Reprint no. ${reprintNumber(job)}`;
    case 'test':
      return 'Printer test page';
    case 'report': {
      const parsed = reportPayloadSchema.safeParse(job.payload);
      if (!parsed.success) return 'Shift report';
      const report = parsed.data.report;
      return report.kind === 'Z' ? `Z report ${report.zNumber ?? ''}`.trim() : `X report, shift ${report.shiftNumber}`;
    }
  }
}

const damaged = (job: PrintJob) =>
  posError('INTERNAL', `Print job ${job.id} cannot be printed: what it should print is not readable in the journal. Print it again from the sale or the report.`);
