/** Receipts: the model, its renderings, and the printers that take them. */
export { buildReceipt } from './receipts/build-receipt';
export { buildReportReceipt } from './receipts/build-report-receipt';
export { buildTestPage, type TestPageInput } from './receipts/build-test-page';
export { createPrinter, type PrinterConfig, type PrinterDeps } from './printers/create-printer';
export { createPreviewStore, type PreviewStore, type StoredReceipt } from './printers/preview-store';
export { toPrintDocument } from './layout/print-document';
export type { PrintDelivery, PrintDocument, Printer, PrinterState, PrinterStatus, PrintResult } from './printers/printer';
export { receiptInputSchema, type ReceiptInput } from './receipts/receipt-input';
export type { Align, Columns, ReceiptLine, TextSize } from './layout/receipt-line';
export { renderEscPos, type PrinterType } from './layout/render-escpos';
export { renderText } from './layout/render-text';
export { reportReceiptInputSchema, type ReportReceiptInput } from './receipts/report-input';
export { receiptInputFromSale, type ReceiptSaleContext } from './receipts/receipt-from-sale';
export { reportInputFromShift } from './receipts/report-from-shift';
export { createPrintQueue, defaultPrintQueueTuning, type PrintQueue, type PrintQueueDeps, type PrintQueueTuning } from './queue/print-queue';
export type { RequestedBy } from './queue/print-job-payload';
export { slipInputSchema, type SlipInput, type SlipInputDraft } from './receipts/slip-input';
export { receiptSettingsFrom, type ReceiptSettings } from './receipts/receipt-settings';
