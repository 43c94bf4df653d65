import { describe, expect, it } from 'vitest';
import { buildReceipt } from '../../electron/printing/receipts/build-receipt';
import { cleanText, toPrintable } from '../../electron/printing/layout/printable-text';
import { receiptInputSchema, type ReceiptInput } from '../../electron/printing/receipts/receipt-input';
import { charsPerLine, type Columns, type ReceiptLine } from '../../electron/printing/layout/receipt-line';
import { renderText } from '../../electron/printing/layout/render-text';
import { leftRight, wrap } from '../../electron/printing/layout/text-layout';
import { formatNairaPlain } from '../../shared/money';
import { cinemaSale, hotelSale } from '../fixtures/receipts/inputs';

const widths: Columns[] = [32, 48];
const texts = (lines: ReceiptLine[]) => lines.flatMap((line) => (line.kind === 'text' ? [line.text] : []));
/** The receipt as one string of words, so a wrapped name can be found whole. */
const flowed = (lines: ReceiptLine[]) => texts(lines).join(' ').replace(/\s+/g, ' ');
const amountOf = (lines: ReceiptLine[], label: string) => {
  const line = texts(lines).find((text) => text.trimStart().startsWith(label));
  return line?.match(/-?NGN [\d,]+\.\d{2}$/)?.[0];
};

describe('receipt input', () => {
  it('accepts the sample sales and refuses a sale without tenders', () => {
    expect(receiptInputSchema.safeParse(cinemaSale).success).toBe(true);
    expect(receiptInputSchema.safeParse(hotelSale).success).toBe(true);
    expect(receiptInputSchema.safeParse({ ...cinemaSale, tenders: [] }).success).toBe(false);
    expect(receiptInputSchema.safeParse({ ...cinemaSale, totalKobo: 10.5 }).success).toBe(false);
  });
});

describe('receipt model', () => {
  for (const columns of widths) {
    describe(`${columns} columns`, () => {
      it('keeps every text line printable and inside the paper, for both sales', () => {
        for (const sale of [cinemaSale, hotelSale]) {
          for (const line of buildReceipt(sale, { columns })) {
            if (line.kind !== 'text') continue;
            expect(line.text).toMatch(/^[\x20-\x7e]*$/);
            expect(line.text.length).toBeLessThanOrEqual(charsPerLine(columns, line.size));
          }
        }
      });

      it('wraps long film, hotel, room and customer names instead of cutting them', () => {
        const cinema = flowed(buildReceipt(cinemaSale, { columns }));
        expect(cinema).toContain('Olorun Seun: The Extraordinary Return of the Lagos Wedding Planners');
        expect(cinema).toContain('Chukwuemeka Oluwaseun Adebayo-Nwachukwu');
        expect(cinema).toContain('VIP Premium Lounge Recliner with Unlimited Popcorn');
        const hotel = flowed(buildReceipt(hotelSale, { columns }));
        expect(hotel).toContain('Eko Signature Grand Hotel & Conference Centre - Victoria Island');
        expect(hotel).toContain('Deluxe King Room with Lagoon View');
        expect(hotel).toContain('Ms Ngozi Ifeoma Chimamanda Obi-Ezekwesili NGN VIP');
        expect(hotel).toContain('GTB/TRF/20251121/000123456789');
      });

      it('prints no ? where the input had letters the printer lacks', () => {
        for (const sale of [cinemaSale, hotelSale]) {
          const all = texts(buildReceipt(sale, { columns })).join('\n');
          expect(all).not.toContain('?');
          expect(all).not.toContain('₦');
        }
      });

      it('prints every cinema amount exactly: line totals, per-ticket parts, total, cash and change', () => {
        const lines = buildReceipt(cinemaSale, { columns });
        const sale = cinemaSale.sale as Extract<ReceiptInput['sale'], { kind: 'cinema' }>;
        const all = texts(lines).join('\n');
        for (const ticket of sale.tickets) {
          expect(all).toContain(formatNairaPlain(ticket.count * ticket.unitPriceKobo));
          expect(all).toContain(formatNairaPlain(ticket.breakdown.ticketKobo));
          expect(all).toContain(formatNairaPlain(ticket.breakdown.convenienceFeeKobo));
          expect(all).toContain(formatNairaPlain(ticket.breakdown.merchantCommissionKobo));
        }
        expect(amountOf(lines, '2 x Regular')).toBe('NGN 7,000.00');
        expect(amountOf(lines, 'TOTAL')).toBe('NGN 19,345.50');
        expect(amountOf(lines, 'Cash received')).toBe('NGN 20,000.00');
        expect(amountOf(lines, 'Change')).toBe('NGN 654.50');
      });

      it('prints every hotel amount exactly: per night, nights x rooms, total and each tender', () => {
        const lines = buildReceipt(hotelSale, { columns });
        expect(amountOf(lines, 'Price per night')).toBe('NGN 85,500.75');
        expect(texts(lines).join('\n')).toContain('NGN 513,004.50');
        expect(amountOf(lines, 'TOTAL')).toBe('NGN 513,004.50');
        expect(amountOf(lines, 'Paid by card')).toBe('NGN 500,000.00');
        expect(amountOf(lines, 'Paid by transfer')).toBe('NGN 13,004.50');
        expect(flowed(lines)).toContain('Booking no.');
        expect(flowed(lines)).toContain('BK-4471902');
      });

      it('marks reprints COPY at the top and the bottom, with the reprint number', () => {
        const original = buildReceipt(cinemaSale, { columns });
        expect(texts(original)).not.toContain('COPY');
        const copy = buildReceipt({ ...cinemaSale, copyNumber: 3 }, { columns });
        const lines = texts(copy);
        const marks = lines.flatMap((text, index) => (text === 'COPY' ? [index] : []));
        expect(marks).toHaveLength(2);
        expect(marks[0]!).toBeLessThan(lines.findIndex((text) => text.startsWith('Date')));
        expect(marks[1]!).toBeGreaterThan(lines.findIndex((text) => text.startsWith('TOTAL')));
        expect(flowed(copy).match(/Reprint no\. 3/g)).toHaveLength(2);
        const copyLine = copy.find((line) => line.kind === 'text' && line.text === 'COPY');
        expect(copyLine).toMatchObject({ bold: true, size: 'double', align: 'center' });
      });

      it('marks training sales TRAINING at the top and bottom, and only those', () => {
        expect(texts(buildReceipt(hotelSale, { columns }))).not.toContain('TRAINING');
        const lines = texts(buildReceipt({ ...hotelSale, training: true }, { columns }));
        expect(lines.filter((text) => text === 'TRAINING')).toHaveLength(2);
        expect(lines.indexOf('TRAINING')).toBeLessThan(lines.findIndex((text) => text.startsWith('Date')));
      });

      it('carries the partner reference as the QR payload and ends with one cut', () => {
        const lines = buildReceipt(cinemaSale, { columns });
        expect(lines.filter((line) => line.kind === 'qr')).toEqual([{ kind: 'qr', payload: 'EX1732201445123' }]);
        expect(lines.filter((line) => line.kind === 'cut')).toHaveLength(1);
        expect(lines.at(-1)).toEqual({ kind: 'cut' });
      });

      it('shows the same lines on screen as on paper', () => {
        const lines = buildReceipt(cinemaSale, { columns });
        const screen = renderText(lines, { columns }).split('\n');
        for (const text of texts(lines)) expect(screen.some((row) => row.trim() === text.trim())).toBe(true);
        expect(screen.every((row) => row.length <= columns)).toBe(true);
        expect(screen).toContain('-'.repeat(columns));
      });
    });
  }

  it('prints the date and time in Lagos time, whatever the zone of the timestamp', () => {
    const lines = buildReceipt({ ...cinemaSale, issuedAt: '2025-11-21T23:30:00.000-05:00' }, { columns: 48 });
    expect(texts(lines).find((text) => text.startsWith('Date'))).toMatch(/22 Nov 2025 05:30$/);
  });
});

describe('printable text', () => {
  it('takes accents off, spells out the Naira sign and drops what has no ASCII form', () => {
    expect(toPrintable('Ọlọ́run Ṣeun')).toBe('Olorun Seun');
    expect(toPrintable('₦12,000')).toBe('NGN12,000');
    expect(toPrintable('“Quoted” – dash… ﬁne')).toBe('"Quoted" - dash... fine');
    expect(toPrintable('Straße Ærø')).toBe('Strasse AEro');
    expect(toPrintable('Chris 🎬 影院')).toBe('Chris  ');
    expect(cleanText('  Chris 🎬 影院  ')).toBe('Chris');
  });
});

describe('text layout', () => {
  it('wraps at spaces and splits a word longer than the line', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrap('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 10)).toEqual(['ABCDEFGHIJ', 'KLMNOPQRST', 'UVWXYZ']);
    expect(wrap('a long label wraps', 10, '  ')).toEqual(['a long', '  label', '  wraps']);
    expect(wrap('', 10)).toEqual([]);
  });

  it('keeps amounts flush right, wrapping the label above them', () => {
    expect(leftRight('Total', 'NGN 5.00', 20)).toEqual(['Total       NGN 5.00']);
    expect(leftRight('A very long ticket category', 'NGN 5.00', 24)).toEqual(['A very long', '  ticket', '  category      NGN 5.00']);
    for (const line of leftRight('A very long ticket category name', 'NGN 12,345,678.00', 24)) expect(line.length).toBeLessThanOrEqual(24);
    expect(leftRight('Reference', 'X'.repeat(40), 24).every((line) => line.length <= 24)).toBe(true);
  });
});
