/** Receipts: the model, its renderings, and the printers that take them. */
export { buildReceipt } from './build-receipt';
export { buildReportReceipt } from './build-report-receipt';
export { buildTestPage, type TestPageInput } from './build-test-page';
export { createPrinter, type PrinterConfig, type PrinterDeps } from './create-printer';
export { createPreviewStore, type PreviewStore, type StoredReceipt } from './preview-store';
export { toPrintDocument } from './print-document';
export type { PrintDelivery, PrintDocument, Printer, PrinterState, PrinterStatus, PrintResult } from './printer';
export { receiptInputSchema, type ReceiptInput } from './receipt-input';
export type { Align, Columns, ReceiptLine, TextSize } from './receipt-line';
export { renderEscPos, type PrinterType } from './render-escpos';
export { renderText } from './render-text';
export { reportReceiptInputSchema, type ReportReceiptInput } from './report-input';
export { receiptInputFromSale, type ReceiptSaleContext } from './receipt-from-sale';
export { reportInputFromShift } from './report-from-shift';
export { createPrintQueue, defaultPrintQueueTuning, type PrintQueue, type PrintQueueDeps, type PrintQueueTuning } from './print-queue';
export type { RequestedBy } from './print-job-payload';
