import { describe, expect, it } from 'vitest';
import { buildReceipt } from '../../electron/printing/receipts/build-receipt';
import { cleanText, toPrintable } from '../../electron/printing/layout/printable-text';
import { inCodePage } from '../../electron/printing/layout/code-page';
import { receiptInputSchema, type ReceiptInput } from '../../electron/printing/receipts/receipt-input';
import { charsPerLine, type Columns, type ReceiptLine } from '../../electron/printing/layout/receipt-line';
import { renderText } from '../../electron/printing/layout/render-text';
import { leftRight, wrap } from '../../electron/printing/layout/text-layout';
import { formatNairaPlain } from '../../shared/money';
import { cinemaReprint, cinemaSale, hotelSale, trainingSale } from '../fixtures/receipts/inputs';

const widths: Columns[] = [32, 42, 48];
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
        for (const sale of [cinemaSale, hotelSale, trainingSale, cinemaReprint]) {
          for (const line of buildReceipt(sale, { columns })) {
            if (line.kind !== 'text') continue;
            // Printable ASCII and the code page's accented letters (PC850/858), nothing else.
            expect(line.text).toMatch(/^[\x20-\x7eÀ-ÿ]*$/);
            expect([...line.text].every((char) => char <= '~' || inCodePage(char)), line.text).toBe(true);
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
        for (const sale of [cinemaSale, hotelSale, trainingSale]) {
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
          for (const part of Object.values(ticket.breakdown!)) expect(flowed(lines)).toContain(formatNairaPlain(part).replace('NGN ', ''));
        }
        expect(amountOf(lines, '2 x 3,500.00')).toBe('NGN 7,000.00');
        expect(amountOf(lines, 'incl. VAT 7.5%')).toBe('NGN 1,349.69');
        expect(amountOf(lines, 'TOTAL')).toBe('NGN 19,345.50');
        expect(amountOf(lines, 'Cash received')).toBe('NGN 20,000.00');
        expect(amountOf(lines, 'Change')).toBe('NGN 654.50');
      });

      it('prints every hotel amount exactly: per night, nights x rooms, total and each tender', () => {
        const lines = buildReceipt(hotelSale, { columns });
        expect(amountOf(lines, 'Rate per night')).toBe('NGN 85,500.75');
        expect(texts(lines).find((text) => text.startsWith('Nights x rooms'))).toMatch(/ 3 x 2$/);
        expect(amountOf(lines, 'Room total')).toBe('NGN 513,004.50');
        expect(amountOf(lines, 'incl. VAT 7.5%')).toBe('NGN 34,200.30');
        expect(flowed(lines)).toMatch(/incl\. Lagos consumption tax 5% +NGN 22,800\.20/);
        expect(texts(lines)).toContain('  CARD **** 1234  AUTH 123456');
        expect(amountOf(lines, 'TOTAL')).toBe('NGN 513,004.50');
        expect(amountOf(lines, 'Paid by card')).toBe('NGN 500,000.00');
        expect(amountOf(lines, 'Paid by transfer')).toBe('NGN 13,004.50');
        expect(flowed(lines)).toContain('Booking no.');
        expect(flowed(lines)).toContain('BK-4471902');
      });

      it('marks copies COPY n at the top and the bottom, with when and by whom, and the same receipt number', () => {
        const original = buildReceipt(cinemaSale, { columns });
        expect(flowed(original)).not.toContain('COPY');
        const copy = buildReceipt({ ...cinemaSale, copy: { number: 3, at: '2025-11-21T16:00:00.000Z', by: 'Supervisor Bola' } }, { columns });
        const lines = texts(copy);
        const marks = lines.flatMap((text, index) => (text === 'COPY 3' ? [index] : []));
        expect(marks).toHaveLength(2);
        expect(marks[0]!).toBeLessThan(lines.findIndex((text) => text.startsWith('Date')));
        expect(marks[1]!).toBeGreaterThan(lines.findIndex((text) => text.startsWith('TOTAL')));
        expect(flowed(copy).match(/Printed 21 Nov 2025 17:00 by Supervisor Bola/g)).toHaveLength(2);
        expect(lines.find((text) => text.startsWith('Receipt no.'))).toMatch(/T01-000042$/);
        const copyLine = copy.find((line) => line.kind === 'text' && line.text === 'COPY 3');
        expect(copyLine).toMatchObject({ bold: true, size: 'double', align: 'center' });
      });

      it('marks training sales TRAINING at the top and bottom, and only those', () => {
        expect(texts(buildReceipt(hotelSale, { columns }))).not.toContain('TRAINING');
        const lines = texts(buildReceipt({ ...hotelSale, training: true }, { columns }));
        expect(lines.filter((text) => text === 'TRAINING')).toHaveLength(2);
        expect(lines.indexOf('TRAINING')).toBeLessThan(lines.findIndex((text) => text.startsWith('Date')));
      });

      it('carries the partner reference as the QR payload and ends with one cut', () => {
        const lines = buildReceipt({ ...cinemaSale, ticketStubs: false }, { columns });
        expect(lines.filter((line) => line.kind === 'qr')).toEqual([{ kind: 'qr', payload: 'EX1732201445123' }]);
        expect(lines.filter((line) => line.kind === 'cut')).toHaveLength(1);
        expect(lines.at(-1)).toEqual({ kind: 'cut' });
        expect(texts(lines)).toContain('ADMIT 3');
      });

      it('adds one tear-off stub per admission, each hinged, the last cut off', () => {
        const lines = buildReceipt(cinemaSale, { columns });
        expect(lines.filter((line) => line.kind === 'cut')).toEqual([{ kind: 'cut', partial: true }, { kind: 'cut', partial: true }, { kind: 'cut', partial: true }, { kind: 'cut' }]);
        expect(texts(lines).filter((text) => text === 'ADMIT ONE')).toHaveLength(3);
        expect(flowed(lines)).toMatch(/VIP Premium Lounge Recliner with Unlimited Popcorn, ticket 3 of 3/);
      });

      it('puts the booking number in the hotel QR, and the policy, times and free seating where known', () => {
        const hotel = buildReceipt(hotelSale, { columns });
        expect(hotel.filter((line) => line.kind === 'qr')).toEqual([{ kind: 'qr', payload: 'BK-4471902' }]);
        expect(flowed(hotel)).toMatch(/Check-in +Fri 28 Nov 2025 from +14:00 Check-out +Mon 1 Dec 2025 by +12:00/);
        expect(flowed(hotel)).toContain('Cancellation policy Free cancellation until 48 hours');
        expect(flowed(buildReceipt(cinemaSale, { columns }))).toMatch(/Seating +Free seating/);
        const unknown = buildReceipt({ ...hotelSale, sale: { ...hotelSale.sale, checkInTime: null, policy: null, bookingNumber: null } as typeof hotelSale.sale }, { columns });
        expect(flowed(unknown)).not.toMatch(/from|policy|Booking no/);
        expect(unknown.filter((line) => line.kind === 'qr')).toEqual([{ kind: 'qr', payload: 'HTL2025112100071' }]);
      });

      it('prints one Date line, and no VAT line when the rate is 0', () => {
        expect(texts(buildReceipt(cinemaSale, { columns })).filter((text) => text.startsWith('Date'))).toHaveLength(1);
        expect(flowed(buildReceipt({ ...cinemaSale, taxes: [] }, { columns }))).not.toContain('VAT');
      });

      it('shows the same lines on screen as on paper', () => {
        const lines = buildReceipt(cinemaSale, { columns });
        const screen = renderText(lines, { columns }).split('\n');
        // Double-size letters take two columns on paper, so the screen spaces them out in place.
        for (const line of lines) if (line.kind === 'text') expect(screen.some((row) => row.trim() === (line.size === 'double' ? line.text.split('').join(' ') : line.text).trim())).toBe(true);
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
  it('keeps the accents the code page has, word by word; takes the rest off, spells out the Naira sign, maps Hausa hooked letters and leaves emoji out', () => {
    // French prints as written (PC850): "Reçu", "Arrivée", "à l'entrée".
    expect(toPrintable('Reçu no · Arrivée à l’entrée')).toBe("Reçu no . Arrivée à l'entrée");
    // The same é typed as e + a combining accent.
    expect(toPrintable('Arrive\u0301e')).toBe('Arrivée');
    // A word with a letter the page lacks loses every mark: never a half-marked Yoruba name.
    expect(toPrintable('Adébáyọ̀ Zoë')).toBe('Adebayo Zoë');
    expect(toPrintable('Ọlọ́run Ṣeun')).toBe('Olorun Seun');
    expect(toPrintable('ẹ ọ ṣ ɓ ɗ ƙ Ɓ Ɗ Ƙ ƴ')).toBe('e o s b d k B D K y');
    expect(toPrintable('Ada 👩🏽‍🍳 🇳🇬!')).toBe('Ada  !');
    expect(toPrintable('₦12,000')).toBe('NGN12,000');
    expect(toPrintable('“Quoted” – dash… ﬁne')).toBe('"Quoted" - dash... fine');
    expect(toPrintable('Straße Ærø Œuvre')).toBe('Straße Ærø Oeuvre');
    expect(toPrintable('Chris 🎬 影院')).toBe('Chris  YingYuan');
    expect(cleanText('  Chris 🎬 影院  ')).toBe('Chris YingYuan');
  });
});

describe('text layout', () => {
  it('wraps at spaces and splits a word longer than the line', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    // A number or short word is not left alone on the last line: the word before it goes down too.
    expect(wrap('14 Admiralty Way, Lekki Phase 1', 30)).toEqual(['14 Admiralty Way, Lekki', 'Phase 1']);
    expect(wrap('Regular, ticket 3 of 3', 20, '  ')).toEqual(['Regular, ticket 3', '  of 3']);
    expect(wrap('ABCDEFGHIJKLMNOPQRSTUVWXYZ', 10)).toEqual(['ABCDEFGHIJ', 'KLMNOPQRST', 'UVWXYZ']);
    // An id longer than 58 mm paper breaks after one of its dashes, never inside a group.
    expect(wrap('RF-8d3c5a9e-2f7b-4c1d-9e6a-1b2c3d4e5f60', 32)).toEqual(['RF-8d3c5a9e-2f7b-4c1d-9e6a-', '1b2c3d4e5f60']);
    expect(wrap('Ref: 8d3c5a9e-2f7b-4c1d-9e6a-1b2c3d4e5f60', 32, '  ')).toEqual(['Ref:', '  8d3c5a9e-2f7b-4c1d-9e6a-', '  1b2c3d4e5f60']);
    expect(wrap('a long label wraps', 10, '  ')).toEqual(['a long', '  label', '  wraps']);
    expect(wrap('', 10)).toEqual([]);
  });

  it('keeps amounts flush right and always on a line with their label', () => {
    expect(leftRight('Total', 'NGN 5.00', 20)).toEqual(['Total       NGN 5.00']);
    expect(leftRight('A very long ticket category', 'NGN 5.00', 24)).toEqual(['A very long ticket', '  category      NGN 5.00']);
    expect(leftRight('incl. Lagos consumption tax 5%', 'NGN 22,800.20', 30)).toEqual(['incl. Lagos consumption', '  tax 5%         NGN 22,800.20']);
    for (const [label, amount] of [['Merchant commission', 'NGN 200.00'], ['A very long ticket category name', 'NGN 12,345,678.00'], ['Supercalifragilisticexpialidocious', 'NGN 1.00']]) {
      const lines = leftRight(label!, amount!, 24);
      expect(lines.at(-1)).toMatch(new RegExp(`^ *\\S.* ${amount!.replace(/[.]/g, '\\.')}$`));
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(24);
    }
    for (const line of leftRight('A very long ticket category name', 'NGN 12,345,678.00', 24)) expect(line.length).toBeLessThanOrEqual(24);
    expect(leftRight('Reference', 'X'.repeat(40), 24).every((line) => line.length <= 24)).toBe(true);
  });

  it('on 58 mm, keeps a ticket line and the cash lines of tens of millions whole, one space less indented', () => {
    const totalKobo = 25 * 9_999_999;
    const big = receiptInputSchema.parse({
      ...cinemaSale,
      sale: { ...cinemaSale.sale, tickets: [{ category: 'Regular', count: 25, unitPriceKobo: 9_999_999 }] },
      totalKobo,
      taxes: [{ label: 'VAT', ratePercent: 7.5, amountKobo: 174_418_589 }],
      tenders: [{ method: 'cash', amountKobo: totalKobo, tenderedKobo: totalKobo + 2_800_000_000, changeKobo: 2_800_000_000 }],
    });
    const lines = texts(buildReceipt(big, { columns: 32 }));
    expect(lines).toContain(' 25 x 99,999.99 NGN 2,499,999.75');
    expect(lines).toContain(' Cash received NGN 30,499,999.75');
    expect(lines).toContain(' incl. VAT 7.5% NGN 1,744,185.89');
    // A pair that fits at its indent keeps it.
    expect(lines).toContain('  Change       NGN 28,000,000.00');
  });
});
