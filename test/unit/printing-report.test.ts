import { describe, expect, it } from 'vitest';
import { buildReportReceipt } from '../../electron/printing/receipts/build-report-receipt';
import { buildTestPage } from '../../electron/printing/receipts/build-test-page';
import { charsPerLine, type Columns, type ReceiptLine } from '../../electron/printing/layout/receipt-line';
import { reportReceiptInputSchema } from '../../electron/printing/receipts/report-input';
import { zReport } from '../fixtures/receipts/inputs';

const texts = (lines: ReceiptLine[]) => lines.flatMap((line) => (line.kind === 'text' ? [line.text] : []));
const flowed = (lines: ReceiptLine[]) => texts(lines).join(' ').replace(/\s+/g, ' ');
const xReport = { ...zReport, kind: 'X' as const, zNumber: null, closedAt: null, closedBy: null, cash: { ...zReport.cash, countedKobo: null, differenceKobo: null } };

describe('shift report receipts', () => {
  it('accepts the sample reports', () => {
    expect(reportReceiptInputSchema.safeParse(zReport).success).toBe(true);
    expect(reportReceiptInputSchema.safeParse(xReport).success).toBe(true);
  });

  for (const columns of [32, 48] as Columns[]) {
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

  it('X report: running totals, no count and no signatures', () => {
    const lines = buildReportReceipt(xReport, { columns: 48 });
    const text = flowed(lines);
    expect(texts(lines)).toContain('X REPORT');
    expect(text).toContain('Shift still open');
    expect(text).not.toMatch(/Counted|Short|Over|Closed by/);
  });

  it('marks a training shift TRAINING', () => {
    expect(texts(buildReportReceipt(zReport, { columns: 32 }))).not.toContain('TRAINING');
    expect(texts(buildReportReceipt({ ...zReport, training: true }, { columns: 32 })).filter((text) => text === 'TRAINING')).toHaveLength(2);
  });
});

describe('printer test page', () => {
  it('carries a ruler exactly as wide as the paper, a QR and a cut', () => {
    for (const columns of [32, 48] as Columns[]) {
      const lines = buildTestPage(
        { terminal: { id: 'K1', name: 'Lobby kiosk' }, printer: { interface: 'tcp://10.0.0.9:9100', type: 'star' }, printedAt: '2025-11-21T15:00:00Z', training: true },
        { columns },
      );
      const ruler = texts(lines).find((text) => /^\d+$/.test(text));
      expect(ruler).toHaveLength(columns);
      expect(flowed(lines)).toContain(columns === 48 ? '80 mm, 48 columns' : '58 mm, 32 columns');
      expect(flowed(lines)).toContain('STAR');
      expect(lines.filter((line) => line.kind === 'qr')).toHaveLength(1);
      expect(lines.at(-1)).toEqual({ kind: 'cut' });
    }
  });
});
