import { describe, expect, it } from 'vitest';
import { buildReportReceipt } from '../../electron/printing/receipts/build-report-receipt';
import { buildTestPage } from '../../electron/printing/receipts/build-test-page';
import { charsPerLine, type Columns, type ReceiptLine } from '../../electron/printing/layout/receipt-line';
import { reportReceiptInputSchema } from '../../electron/printing/receipts/report-input';
import { zReport } from '../fixtures/receipts/inputs';
import { reportInputFromShift } from '../../electron/printing/receipts/report-from-shift';
import type { ShiftReport } from '../../shared/sales/reports';
import { documentForJob } from '../../electron/printing/queue/print-job-payload';
import type { PrintJob } from '../../electron/journal';

const texts = (lines: ReceiptLine[]) => lines.flatMap((line) => (line.kind === 'text' ? [line.text] : []));
const flowed = (lines: ReceiptLine[]) => texts(lines).join(' ').replace(/\s+/g, ' ');
const xReport = { ...zReport, kind: 'X' as const, zNumber: null, closedAt: null, closedBy: null, cash: { ...zReport.cash, countedKobo: null, differenceKobo: null } };

/** A kiosk's shift taken by card, from the journal's reporter (as `ShiftReport`). */
const cardShift: ShiftReport = {
  terminalId: 'K1',
  shiftId: 4,
  shiftNumber: 4,
  openedAt: '2025-11-21T07:00:00.000Z',
  openedBy: { id: 1, name: 'Supervisor Bola' },
  generatedAt: '2025-11-21T15:00:00.000Z',
  sales: { confirmedCount: 4, confirmedKobo: 700_000, rejectedCount: 1, unsettledCount: 0, amountMismatchCount: 0 },
  byKind: [{ kind: 'hotel', count: 4, totalKobo: 700_000 }],
  byTender: [{ kind: 'card', count: 4, totalKobo: 700_000 }],
  byCashier: [{ staffId: 1, name: 'Supervisor Bola', count: 4, totalKobo: 700_000 }],
  cash: { floatKobo: 0, cashInKobo: 0, cashOutKobo: 0, tenderedKobo: 0, changeKobo: 0, cashSalesKobo: 0, unsettledCashKobo: 0, expectedKobo: 0 },
  cardByScheme: [
    { scheme: 'visa', count: 2, totalKobo: 400_000 },
    { scheme: 'mastercard', count: 1, totalKobo: 250_000 },
    { scheme: 'approval code', count: 1, totalKobo: 50_000 },
  ],
  cardReversals: { count: 1, totalKobo: 70_000 },
  cashMovements: [],
  unsettled: [],
};

describe('shift report receipts', () => {
  it('accepts the sample reports', () => {
    expect(reportReceiptInputSchema.safeParse(zReport).success).toBe(true);
    expect(reportReceiptInputSchema.safeParse(xReport).success).toBe(true);
  });

  for (const columns of [32, 42, 48] as Columns[]) {
    it(`Z report, ${columns} columns: number, totals by product, tender and cashier, drawer count and shortage`, () => {
      const lines = buildReportReceipt(zReport, { columns });
      const text = flowed(lines);
      expect(texts(lines)).toContain('Z REPORT 27');
      expect(text).toMatch(/Confirmed \(41\) +NGN 184,500\.00/);
      expect(text).toContain('Cinema tickets (41) NGN 184,500.00');
      expect(text).toMatch(/Cash \(30\) +NGN 120,000\.00/);
      expect(text).toMatch(/Card \(9\) +NGN 54,500\.00/);
      expect(text).toMatch(/Transfer \(2\) +NGN 10,000\.00/);
      expect(text).toContain('Expected in drawer NGN 138,500.00');
      expect(text).toMatch(/Counted +NGN 138,000\.00/);
      expect(text).toMatch(/Short +-NGN 500\.00/);
      expect(text).toContain('Banked at lunchtime (Supervisor Bola)');
      expect(text).toContain('UNSETTLED SALES (1)');
      expect(text).toContain('S-20251121-0039');
      expect(text).toContain('Counted by:');
      expect(lines.at(-1)).toEqual({ kind: 'cut' });
      for (const line of lines) if (line.kind === 'text') expect(line.text.length).toBeLessThanOrEqual(charsPerLine(columns, line.size));
    });
  }

  it('a Z report printed again days later says when that paper was printed, not the close again', () => {
    const job: PrintJob = {
      id: 7, terminalId: 'T01', shiftId: null, saleId: null, kind: 'report', copyNumber: 1, receiptNumber: null, mayHavePrinted: false, printedAt: null,
      supersededBy: null, state: 'queued', attempts: 0, nextAttemptAt: '2025-11-24T09:15:00.000Z', deadlineAt: '2025-11-24T09:25:00.000Z', heldAt: null,
      lastError: null, lastErrorSaid: null, payload: { report: zReport, requestedBy: null }, createdAt: '2025-11-24T09:15:00.000Z', updatedAt: '2025-11-24T09:15:00.000Z',
    };
    const document = documentForJob(job, { type: 'epson', columns: 48 });
    if (!document.ok) throw new Error(document.error.message);
    expect(document.value.text).toMatch(/^Closed +21 Nov 2025 20:00$/m);
    expect(document.value.text).toMatch(/^Printed +24 Nov 2025 10:15$/m);
  });

  it('X report: running totals, no count and no signatures', () => {
    const lines = buildReportReceipt(xReport, { columns: 48 });
    const text = flowed(lines);
    expect(texts(lines)).toContain('X REPORT');
    expect(text).toContain('Shift still open');
    expect(text).not.toMatch(/Counted|Short|Over|Closed by/);
  });

  describe('card takings by scheme and card reversals', () => {
    const shift = cardShift;
    const context = { merchant: zReport.merchant!, terminal: { id: 'K1', name: 'Lobby kiosk' }, trainingMode: false };

    for (const columns of [32, 42, 48] as Columns[]) {
      it(`prints each scheme and what the terminal gave back, ${columns} columns`, () => {
        // Through the print queue's own schema, as a queued report is read back.
        const input = reportReceiptInputSchema.parse(JSON.parse(JSON.stringify(reportInputFromShift(shift, context))));
        const lines = buildReportReceipt(input, { columns });
        const text = flowed(lines);
        expect(text).toContain('CARD BY SCHEME');
        expect(text).toMatch(/Visa \(2\) +NGN 4,000\.00/);
        expect(text).toMatch(/Mastercard \(1\) +NGN 2,500\.00/);
        expect(text).toMatch(/Approval code \(1\) +NGN 500\.00/);
        expect(text).toMatch(/Reversed at terminal \(1\) +NGN 700\.00/);
        expect(text).toContain('given back to the card, not in the takings');
        // Largest first, as the journal orders them, and before the drawer.
        expect(text.indexOf('Visa (2)')).toBeLessThan(text.indexOf('Mastercard (1)'));
        expect(text.indexOf('CARD BY SCHEME')).toBeLessThan(text.indexOf('CASH DRAWER'));
        for (const line of lines) if (line.kind === 'text') expect(line.text.length).toBeLessThanOrEqual(charsPerLine(columns, line.size));
      });
    }

    it('says none when no card was taken, leaves out reversals when there were none, and prints older reports without the section', () => {
      const none = flowed(buildReportReceipt(reportInputFromShift({ ...shift, cardByScheme: [], cardReversals: { count: 0, totalKobo: 0 } }, context), { columns: 48 }));
      expect(none).toMatch(/CARD BY SCHEME none/);
      expect(none).not.toContain('Reversed at terminal');
      const { cardByScheme: _schemes, cardReversals: _reversals, ...older } = shift;
      expect(flowed(buildReportReceipt(reportInputFromShift(older, context), { columns: 48 }))).not.toContain('CARD BY SCHEME');
      expect(flowed(buildReportReceipt(zReport, { columns: 48 }))).not.toContain('CARD BY SCHEME');
    });
  });

  describe('sold by film and hotel', () => {
    const withTitles = {
      ...zReport,
      byTitle: [
        { label: 'Lagoon Crest Hotel, Victoria Island', units: 7, unit: 'room night' as const, totalKobo: 7_500_000 },
        { label: 'Eko Nights', units: 4, unit: 'ticket' as const, totalKobo: 1_100_000 },
        { label: 'Jollof Wars', units: 1, unit: 'ticket' as const, totalKobo: 350_000 },
      ],
    };
    for (const columns of [32, 48] as Columns[]) {
      it(`prints each film and hotel with its tickets or room nights and takings, ${columns} columns`, () => {
        const lines = buildReportReceipt(withTitles, { columns });
        const text = flowed(lines);
        expect(texts(lines)).toContain('SOLD BY FILM AND HOTEL');
        expect(text).toMatch(/Lagoon Crest Hotel, Victoria Island \(7 room nights\) +NGN 75,000\.00/);
        expect(text).toMatch(/Eko Nights \(4 tickets\) +NGN 11,000\.00/);
        expect(text).toMatch(/Jollof Wars \(1 ticket\) +NGN 3,500\.00/);
        for (const line of lines) if (line.kind === 'text') expect(line.text.length).toBeLessThanOrEqual(charsPerLine(columns, line.size));
      });
    }

    it('says none for a shift that sold nothing, and leaves the section out of reports from before it was kept', () => {
      expect(flowed(buildReportReceipt({ ...zReport, byTitle: [] }, { columns: 48 }))).toContain('SOLD BY FILM AND HOTEL none');
      expect(texts(buildReportReceipt(zReport, { columns: 48 }))).not.toContain('SOLD BY FILM AND HOTEL');
    });

    it('comes from the journal report: a film by its title, a hotel by its name, one with no name under its kind', () => {
      // The card shift's report, with what it sold film by film and hotel by hotel.
      const shift: ShiftReport = {
        ...cardShift,
        byTitle: [
          { kind: 'hotel', title: 'Lagoon Crest Hotel', count: 2, units: 7, totalKobo: 7_500_000 },
          { kind: 'cinema', title: '', count: 1, units: 2, totalKobo: 700_000 },
        ],
      };
      const input = reportInputFromShift(shift, { merchant: zReport.merchant!, terminal: { id: 'T01', name: 'Counter 1' }, trainingMode: false });
      expect(input.byTitle).toEqual([
        { label: 'Lagoon Crest Hotel', units: 7, unit: 'room night', totalKobo: 7_500_000 },
        { label: 'Cinema tickets', units: 2, unit: 'ticket', totalKobo: 700_000 },
      ]);
    });
  });

  it('marks a training shift TRAINING', () => {
    expect(texts(buildReportReceipt(zReport, { columns: 32 }))).not.toContain('TRAINING');
    expect(texts(buildReportReceipt({ ...zReport, training: true }, { columns: 32 })).filter((text) => text === 'TRAINING')).toHaveLength(2);
  });

  it('says a training report holds no real money, not that it was a practice sale (it sold nothing)', () => {
    const paper = flowed(buildReportReceipt({ ...zReport, training: true }, { columns: 48 }));
    expect(paper.match(/Training - no real money, not valid/g)).toHaveLength(2);
    expect(paper).not.toMatch(/Practice sale|nothing was bought/);
  });
});

describe('printer test page', () => {
  it('carries a ruler exactly as wide as the paper, a QR and a cut', () => {
    for (const columns of [32, 42, 48] as Columns[]) {
      const lines = buildTestPage(
        { terminal: { id: 'K1', name: 'Lobby kiosk' }, printer: { interface: 'tcp://10.0.0.9:9100', type: 'star' }, printedAt: '2025-11-21T15:00:00Z', training: true },
        { columns },
      );
      const ruler = texts(lines).find((text) => /^\d+$/.test(text));
      expect(ruler).toHaveLength(columns);
      expect(flowed(lines)).toContain(`${{ 32: '58', 42: '76', 48: '80' }[columns]} mm, ${columns} columns`);
      expect(flowed(lines)).toContain('STAR');
      expect(lines.filter((line) => line.kind === 'qr')).toHaveLength(1);
      expect(lines.at(-1)).toEqual({ kind: 'cut' });
    }
  });
});
