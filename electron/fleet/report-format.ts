import { lagosDateTimeText } from '../../shared/dates';
import { koboDecimalText, formatNairaPlain } from '../../shared/money';
import type { FleetNumberConflict, FleetReport } from '../../shared/fleet/report';
import { csvRecord, type CsvCell } from '../journal/csv';
import { CSV_BYTE_ORDER_MARK } from '../journal/csv-export';
import type { CountSheet } from '../../shared/sales/cash-count';

interface Section {
  title: string;
  columns: string[];
  /** Right-aligned columns (amounts, counts) in the readable table. */
  numeric: number[];
  rows: CsvCell[][];
}

/** "3 h 12 min", "2 d 4 h": how long the oldest unsent record has waited. */
export function ageText(since: string | null, now: Date): string {
  if (!since) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * An instant as Lagos's clock read it ("2025-03-14 09:05:00"), as the report's days are Lagos days:
 * an owner's spreadsheet shows the hour the close was made, not UTC's. The JSON keeps the instants.
 */
const lagos = (iso: string | null): string => (iso ? lagosDateTimeText(iso) || iso : '');

function sections(report: FleetReport, money: (kobo: number) => string, now: Date): Section[] {
  return [
    {
      title: 'Sales by day, terminal and product',
      columns: ['day', 'terminal', 'product', 'sales', 'total'],
      numeric: [3, 4],
      rows: report.sales.map((r) => [r.day, r.terminalId, r.product, r.count, money(r.totalKobo)]),
    },
    {
      title: 'Totals by tender',
      columns: ['tender', 'payments', 'total'],
      numeric: [1, 2],
      rows: report.tenders.map((r) => [r.kind, r.count, money(r.totalKobo)]),
    },
    {
      title: 'Corrections (voids and refunds)',
      columns: ['terminal', 'kind', 'count', 'total'],
      numeric: [2, 3],
      rows: report.corrections.map((r) => [r.terminalId, r.kind, r.count, money(r.totalKobo)]),
    },
    {
      title: 'Z reports',
      columns: ['terminal', 'Z', 'closed at (Lagos)', 'sales', 'sold', 'expected', 'counted', 'counted by notes', 'difference', 'no sale', 'no sale approved', 'cash out', 'cash out approved', 'drawer left open', 'chain', 'grand total'],
      numeric: [1, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 15],
      rows: report.zReports.map((r) => [
        r.terminalId, r.zNumber, lagos(r.closedAt), r.confirmedCount, money(r.confirmedKobo), money(r.expectedKobo), money(r.countedKobo), r.countSheet ? countSheetText(r.countSheet, money) : '', money(r.differenceKobo), r.noSaleCount ?? '',
        r.noSaleApprovedCount ?? '', money(r.cashOutKobo), r.cashOutApprovedCount ?? '', r.drawerLeftOpenCount ?? '',
        r.chainHash ? `#${r.chainSeq} ${r.chainHash}` : '', r.grandTotalKobo === null ? '' : money(r.grandTotalKobo),
      ]),
    },
    {
      title: 'Terminals: what head office holds and what is not sent yet',
      columns: ['terminal', 'name', 'records held', 'chain', 'not sent', 'oldest not sent (Lagos)', 'waiting', 'last contact (Lagos)'],
      numeric: [2, 4],
      rows: report.terminals.map((r) => [
        r.terminalId, r.name ?? '', r.receivedSeq,
        r.brokenAtSeq === null ? (r.verifiedSeq === r.receivedSeq ? 'intact' : `checked to #${r.verifiedSeq}`) : `BROKEN at #${r.brokenAtSeq} (${r.breaks.map((b) => b.kind).join(', ')})`,
        r.unsentCount, lagos(r.oldestUnsentAt), ageText(r.unsentCount > 0 ? r.oldestUnsentAt : null, now), lagos(r.lastContactAt),
      ]),
    },
    {
      title: 'Tills refused their number: nothing of them is in these figures',
      columns: ['terminal', 'name', 'journal', 'first seen (Lagos)', 'last seen (Lagos)'],
      numeric: [],
      rows: report.numberConflicts.map((c) => [c.terminalId, c.name ?? '', c.journalId, lagos(c.firstSeenAt), lagos(c.lastSeenAt)]),
    },
  ];
}

/** What the All terminals screen says of a till refused its number, for the readable report (Lagos time). */
export function numberConflictText(c: FleetNumberConflict): string {
  const minute = (iso: string) => lagosDateTimeText(iso).slice(0, 16);
  return (
    `${c.name ? `Another till, ${c.name},` : 'Another till'} has tried to send its records as ${c.terminalId} since ${minute(c.firstSeenAt)} (last ${minute(c.lastSeenAt)}). ` +
    `Head office keeps ${c.terminalId} for the first till; that till's sales are not in these figures. Give it its own number.` +
    (c.holdsRecords ? ` It sold under ${c.terminalId} before this was noticed: those sales are kept on that till only, so call support.` : '')
  );
}

/** A readable table per section, for a terminal window. */
export function reportAsTable(report: FleetReport, now = new Date()): string {
  const out: string[] = [`Lobby POS head-office report, ${report.from} to ${report.to} (Lagos time), generated ${report.generatedAt}`, ''];
  // Before any figure, as on the screen: the figures leave these tills out.
  for (const conflict of report.numberConflicts) out.push(`WARNING: ${numberConflictText(conflict)}`, '');
  for (const section of sections(report, formatNairaPlain, now)) {
    out.push(section.title);
    if (section.rows.length === 0) {
      out.push('  (none)', '');
      continue;
    }
    const cells = [section.columns, ...section.rows.map((row) => row.map((cell) => (cell === null ? '' : String(cell))))];
    const widths = section.columns.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
    for (const [index, row] of cells.entries()) {
      out.push(`  ${row.map((cell, i) => (section.numeric.includes(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd()}`);
      if (index === 0) out.push(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    }
    out.push('');
  }
  return out.join('\n');
}

/**
 * One CSV block per section (a title line, a header, the rows), blank lines between: opens in any
 * spreadsheet. It starts with UTF-8's byte-order mark, as the till's journal CSV does: without it
 * Excel garbles terminal and product names with accents or "·".
 */
export function reportAsCsv(report: FleetReport, now = new Date()): string {
  return (
    CSV_BYTE_ORDER_MARK +
    sections(report, (kobo) => koboDecimalText(kobo), now)
      .map((section) => csvRecord([section.title]) + csvRecord(section.columns) + section.rows.map((row) => csvRecord(row)).join(''))
      .join('\r\n')
  );
}

/** A close counted note by note, as one cell: "1000 x 8; 500 x 3; other 25.00" (the notes in naira, largest first as counted). */
function countSheetText(sheet: CountSheet, money: (kobo: number) => string): string {
  const notes = sheet.notes.map((line) => `${line.noteKobo / 100} x ${line.count}`);
  return [...notes, ...(sheet.otherKobo > 0 ? [`other ${money(sheet.otherKobo)}`] : [])].join('; ');
}
