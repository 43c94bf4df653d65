import { writeMerchantHeader } from './merchant-header';
import { writeMarks } from './receipt-marks';
import { formatDateTime, money } from '../layout/receipt-format';
import type { Columns, ReceiptLine } from '../layout/receipt-line';
import { createReceiptWriter } from '../layout/receipt-writer';
import type { ReportReceiptInput } from './report-input';
import type { CopyMark } from './receipt-input';

/** An X or Z shift report on receipt paper, for the cashier and the supervisor who counts the drawer. */
/**
 * `printedAt`: when this paper is printed (the print job's own time; now, for the screen). A Z
 * report is printed again days after its close: its "Printed" line says when that paper was made,
 * never the close again. Without it, the report's own time (reports laid out before it existed).
 */
export function buildReportReceipt(report: ReportReceiptInput, options: { columns: Columns; printedAt?: string; copy?: CopyMark | null }): ReceiptLine[] {
  const writer = createReceiptWriter(options.columns);
  if (report.merchant) writeMerchantHeader(writer, report.merchant);
  else writer.text(report.merchantName, { align: 'center', bold: true });
  writer.text(`${report.terminal.name} (${report.terminal.id})`, { align: 'center' });
  writer.text(report.kind === 'Z' ? `Z REPORT ${report.zNumber ?? ''}`.trim() : 'X REPORT', { align: 'center', bold: true, size: 'double' });
  writer.text(report.kind === 'Z' ? 'Shift closed' : 'Shift still open - running totals', { align: 'center' });
  writer.rule('=');
  writeMarks(writer, { training: report.training, copy: options.copy ?? null, aboutSale: false });

  writer.pair('Shift', String(report.shiftNumber));
  writer.pair('Opened', formatDateTime(report.openedAt));
  writer.pair('Opened by', report.openedBy);
  if (report.closedAt) writer.pair('Closed', formatDateTime(report.closedAt));
  if (report.closedBy) writer.pair('Closed by', report.closedBy);
  writer.pair('Printed', formatDateTime(options.printedAt ?? report.generatedAt));
  writer.rule();

  writer.text('SALES', { bold: true });
  writer.pair(`Confirmed (${report.sales.confirmedCount})`, money(report.sales.confirmedKobo), { bold: true });
  writer.pair('Rejected', String(report.sales.rejectedCount));
  writer.pair('Not yet settled', String(report.sales.unsettledCount));
  if (report.sales.amountMismatchCount > 0) writer.pair('Partner amount differs', String(report.sales.amountMismatchCount));
  writer.rule();

  for (const [title, lines] of [
    ['BY PRODUCT', report.byProduct],
    ['BY TENDER', report.byTender],
    ['BY CASHIER', report.byCashier],
  ] as const) {
    writer.text(title, { bold: true });
    if (lines.length === 0) writer.text('none', { indent: 2 });
    lines.forEach((line) => writer.pair(`${line.label} (${line.count})`, money(line.totalKobo), { indent: 2 }));
    writer.rule();
  }

  // What sold, film by film and hotel by hotel: the manager's product mix, largest takings first.
  if (report.byTitle) {
    writer.text('SOLD BY FILM AND HOTEL', { bold: true });
    if (report.byTitle.length === 0) writer.text('none', { indent: 2 });
    report.byTitle.forEach((line) => writer.pair(`${line.label} (${line.units} ${line.unit}${line.units === 1 ? '' : 's'})`, money(line.totalKobo), { indent: 2 }));
    writer.rule();
  }

  // Card takings by scheme (what the acquirer's statement is matched against) and what the terminal gave back.
  if (report.cardByScheme || report.cardReversals) {
    writer.text('CARD BY SCHEME', { bold: true });
    const schemes = report.cardByScheme ?? [];
    if (schemes.length === 0) writer.text('none', { indent: 2 });
    schemes.forEach((line) => writer.pair(`${line.label} (${line.count})`, money(line.totalKobo), { indent: 2 }));
    if (report.cardReversals && report.cardReversals.count > 0) {
      writer.pair(`Reversed at terminal (${report.cardReversals.count})`, money(report.cardReversals.totalKobo), { indent: 2 });
      writer.text('Sales that did not happen: given back to the card, not in the takings.', { indent: 4 });
    }
    writer.rule();
  }

  const corrections = report.corrections;
  if (corrections) {
    writer.text('VOIDS AND REFUNDS', { bold: true });
    writer.pair(`Voids (${corrections.voids.count})`, money(-corrections.voids.totalKobo), { indent: 2 });
    writer.pair(`Refunds (${corrections.refunds.count})`, money(-corrections.refunds.totalKobo), { indent: 2 });
    corrections.byTender.forEach((line) => writer.pair(`${line.label} (${line.count})`, money(-line.totalKobo), { indent: 4 }));
    if (corrections.byApprover.length > 0) writer.text('Approved by', { indent: 2 });
    corrections.byApprover.forEach((line) => writer.pair(`${line.label} (${line.count})`, money(-line.totalKobo), { indent: 4 }));
    if (corrections.inProgress.count > 0) writer.pair(`Card, not confirmed (${corrections.inProgress.count})`, money(-corrections.inProgress.totalKobo), { indent: 2 });
    writer.rule();
  }

  writer.text('CASH DRAWER', { bold: true });
  writer.pair('Float', money(report.cash.floatKobo), { indent: 2 });
  writer.pair('Cash sales', money(report.cash.cashSalesKobo), { indent: 2 });
  if (report.cash.unsettledCashKobo !== 0) writer.pair('Cash for unsettled sales', money(report.cash.unsettledCashKobo), { indent: 2 });
  if (corrections && corrections.rejectedCashKobo !== 0) writer.pair('Cash of rejected sales', money(corrections.rejectedCashKobo), { indent: 2 });
  if (corrections && corrections.cashBackKobo !== 0) writer.pair('Cash given back', money(-corrections.cashBackKobo), { indent: 2 });
  writer.pair('Cash in', money(report.cash.cashInKobo), { indent: 2 });
  writer.pair('Cash out', money(-report.cash.cashOutKobo), { indent: 2 });
  writer.pair('Expected in drawer', money(report.cash.expectedKobo), { bold: true });
  if (report.cash.countedKobo !== null) writer.pair('Counted', money(report.cash.countedKobo), { bold: true });
  // Counted note by note: the sheet an owner checks the count against, in the drawer's own terms.
  for (const line of report.cash.countSheet?.notes ?? []) {
    writer.pair(`${money(line.noteKobo).replace(/\.00$/, '')} x ${line.count}`, money(line.noteKobo * line.count), { indent: 2 });
  }
  if (report.cash.countSheet) writer.pair('Coins and other', money(report.cash.countSheet.otherKobo), { indent: 2 });
  if (report.cash.differenceKobo !== null) {
    const difference = report.cash.differenceKobo;
    writer.pair(difference < 0 ? 'Short' : difference > 0 ? 'Over' : 'Difference', money(difference), { bold: true });
  }
  for (const movement of report.cashMovements) {
    writer.pair(`${movement.kind === 'in' ? 'In' : 'Out'} ${formatDateTime(movement.at)}`, money(movement.kind === 'in' ? movement.amountKobo : -movement.amountKobo), {
      indent: 2,
    });
    writer.text(`${movement.reason} (${whoAndApprover(movement)})`, { indent: 4 });
  }
  if (report.drawerOpenings) {
    // Shown even at none: an owner reads the count of each shift, and a drawer opened often is a question to ask.
    writer.pair('No sale (drawer opened)', String(report.drawerOpenings.length), { indent: 2 });
    for (const opening of report.drawerOpenings) {
      writer.text(`${formatDateTime(opening.at)} ${opening.reason} (${whoAndApprover(opening)})`, { indent: 4 });
    }
  }
  // Only where the drawer has a sensor and it was left open: a till without one says nothing of it.
  if (report.drawerLeftOpen && report.drawerLeftOpen.length > 0) {
    writer.pair('Drawer left open', String(report.drawerLeftOpen.length), { indent: 2 });
    for (const time of report.drawerLeftOpen) {
      writer.text(`${formatDateTime(time.openedAt)}, ${minutesOpen(time)} min`, { indent: 4 });
    }
  }
  writer.rule();

  writer.text(`UNSETTLED SALES (${report.unsettled.length})`, { bold: true });
  if (report.unsettled.length === 0) writer.text('none', { indent: 2 });
  for (const sale of report.unsettled) {
    writer.pair(`${sale.product}, ${sale.state}`, money(sale.amountKobo), { indent: 2 });
    writer.text(`${formatDateTime(sale.createdAt)} ${sale.staffName}`, { indent: 4 });
    writer.field('Sale', sale.saleId, { indent: 4 });
  }
  if (report.unsettled.length > 0) writer.text('Settle these before the shift is trusted: the partner decides whether they happened.');
  if (corrections) {
    writer.rule();
    writer.text(`CANCELLATIONS OWED (${corrections.cancellationsOwed.length})`, { bold: true });
    if (corrections.cancellationsOwed.length === 0) writer.text('none', { indent: 2 });
    for (const owed of corrections.cancellationsOwed) {
      writer.pair(`${owed.partnerReference ?? owed.saleId}, ${owed.state}`, money(owed.amountKobo), { indent: 2 });
    }
  }
  if (report.chain) {
    // The Z report anchors the journal's hash chain: an auditor matches these against journal:verify.
    writer.rule();
    writer.pair('Grand total', money(report.chain.grandTotalKobo), { bold: true });
    writer.pair('Journal seal', `#${report.chain.seq} ${report.chain.hash.slice(0, 8)}`);
  }
  writer.rule('=');
  if (report.kind === 'Z') {
    writer.blank();
    writer.text('Counted by: ____________________');
    writer.blank();
    writer.text('Checked by: ____________________');
  }
  if (report.training) writeMarks(writer, { training: true, copy: null, aboutSale: false });
  writer.cut();
  return writer.lines();
}

/** Who moved the cash or opened the drawer, and the supervisor whose PIN allowed it, when one did. */
const whoAndApprover = (line: { staffName: string; approvedByName: string | null }) =>
  line.approvedByName === null ? line.staffName : `${line.staffName}, approved by ${line.approvedByName}`;

/** Whole minutes from opening to shutting, at least 1 (only a minute or more is recorded). */
const minutesOpen = (time: { openedAt: string; closedAt: string }): number => Math.max(1, Math.floor((Date.parse(time.closedAt) - Date.parse(time.openedAt)) / 60_000));
