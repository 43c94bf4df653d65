import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatNairaPlain } from '../../shared/money';
import { decodeEscPos, paperAsText, textLines } from '../helpers/escpos-decoder';
import { tearLine } from '../../electron/printing/layout/render-text';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { customer, failure, findStay, newSaleId, readyToSell, startSalesPartner, value, type SalesPartner } from '../helpers/sales-fixture';
import { jobConnections, openPrintTill, printedReceipts, sellTickets, waitFor, type PrintTill } from '../helpers/print-queue-till';

/**
 * Receipts through createPos(...).api: real sales against the sandbox over HTTP, a real journal
 * file, and the fake TCP printer on 127.0.0.1 decoded back into what the paper says.
 */

let partner: SalesPartner;
let printer: FakePrinter;
let till: PrintTill;

beforeAll(async () => {
  partner = await startSalesPartner();
  printer = await startFakePrinter({ mode: 'ready' });
  till = openPrintTill({ partnerUrl: partner.url, printer });
});

afterAll(async () => {
  await till.close();
  await printer.close();
  await partner.close();
});

const items = (fake: FakePrinter) => jobConnections(fake).flatMap((connection) => decodeEscPos(connection.bytes, 'star'));
const jobsOf = async (saleId: string) => value(await till.pos.api['print:jobs']({ saleId, limit: 50 })).jobs;

describe('a confirmed sale', () => {
  it('prints its receipt: reference, QR, ticket lines and total, once', async () => {
    printer.clear();
    const { sale, showing } = await sellTickets(till, [['Regular', 2], ['VIP', 1]]);
    const [job] = await waitFor('the receipt to print', async () => {
      const jobs = await jobsOf(sale.id);
      return jobs.length === 1 && jobs[0]!.state === 'printed' && jobs;
    });
    expect(job).toMatchObject({ saleId: sale.id, kind: 'receipt', copyNumber: 0, state: 'printed', attempts: 1, lastError: null, title: 'Receipt' });
    // The sale is untouched by printing.
    expect(value(await till.pos.api['sale:get']({ saleId: sale.id })).state).toBe('confirmed');

    const receipts = printedReceipts(printer, 'epson');
    expect(receipts).toHaveLength(1);
    const paper = receipts[0]!;
    const items = decodeEscPos(jobConnections(printer)[0]!.bytes, 'epson');
    expect(items.filter((item) => item.kind === 'qr')).toEqual([expect.objectContaining({ payload: sale.partnerReference })]);
    expect(paper.some((line) => line.includes(sale.partnerReference!))).toBe(true);
    expect(paper.some((line) => line.includes(sale.invoiceId!))).toBe(true);
    expect(paper.some((line) => line.includes(sale.id))).toBe(true);
    const price = (title: string) => showing.categories.find((c) => c.title === title)!.priceKobo;
    const unit = (kobo: number) => escape(formatNairaPlain(kobo).replace('NGN ', ''));
    expect(paper[paper.indexOf('Regular') + 1]).toMatch(new RegExp(`^  2 x ${unit(price('Regular'))} +${escape(formatNairaPlain(2 * price('Regular')))}$`));
    expect(paper[paper.indexOf('VIP') + 1]).toMatch(new RegExp(`^  1 x ${unit(price('VIP'))} +${escape(formatNairaPlain(price('VIP')))}$`));
    expect(paper).toContainEqual(expect.stringMatching(/^Receipt no\. +T01-\d{6}$/));
    expect(paper).toContainEqual(expect.stringMatching(/^  incl\. VAT 7\.5% +NGN [\d,]+\.\d\d$/));
    expect(paper).toContain('ADMIT 3');
    expect(paper).toContainEqual(expect.stringMatching(new RegExp(`^TOTAL +${escape(formatNairaPlain(sale.totalKobo))}$`)));
    expect(paper).toContainEqual(expect.stringMatching(/^Cashier +Bola Adeyemi$/));
    expect(paper.join('\n')).not.toMatch(/COPY|TRAINING|\?/);
  });

  it('shows the same receipt as text for the screen', async () => {
    const { sale } = await sellTickets(till);
    await waitFor('the receipt to print', async () => (await jobsOf(sale.id))[0]?.state === 'printed');
    const preview = value(await till.pos.api['receipt:preview']({ saleId: sale.id }));
    expect(preview.copyNumber).toBe(0);
    expect(preview.columns).toBe(48);
    expect(preview.text).toContain(sale.partnerReference);
    expect(preview.text).toContain(`[QR: ${sale.partnerReference}]`);
    expect(preview.text).toMatch(new RegExp(`TOTAL +${escape(formatNairaPlain(sale.totalKobo))}`));
    expect(preview.text.split('\n').every((line) => line.length <= 48)).toBe(true);
    // Line for line what the printer received for this sale.
    const connection = jobConnections(printer).find((candidate) => textLines(decodeEscPos(candidate.bytes, 'epson')).some((line) => line.includes(sale.id)));
    expect(preview.text.replace(/\n$/, '').split('\n')).toEqual(paperAsText(decodeEscPos(connection!.bytes, 'epson'), { columns: 48, tearLine: tearLine(48) }));
  });
});

describe('the cash drawer on the printer port', () => {
  it("opens as a cash sale's receipt starts printing, once, and stays shut for its copy", async () => {
    const { sale } = await sellTickets(till);
    await waitFor('the receipt to print', async () => (await jobsOf(sale.id))[0]?.state === 'printed');
    const sent = (saleId: string) => jobConnections(printer).filter((candidate) => textLines(decodeEscPos(candidate.bytes, 'epson')).some((line) => line.includes(saleId)));
    const [original] = sent(sale.id);
    const decoded = decodeEscPos(original!.bytes, 'epson');
    expect(decoded.filter((item) => item.kind === 'drawer')).toEqual([{ kind: 'drawer', pin: 2, onMs: 50, offMs: 500 }]);
    expect(decoded.findIndex((item) => item.kind === 'drawer')).toBeLessThan(decoded.findIndex((item) => item.kind === 'text'));

    printer.clear();
    value(await till.pos.api['receipt:reprint']({ saleId: sale.id }));
    const [copy] = sent(sale.id);
    expect(textLines(decodeEscPos(copy!.bytes, 'epson'))).toContainEqual(expect.stringMatching(/COPY 1/));
    expect(decodeEscPos(copy!.bytes, 'epson').filter((item) => item.kind === 'drawer')).toEqual([]);
  });
});

describe('a hotel booking on a 58 mm STAR printer', () => {
  let starPrinter: FakePrinter;
  let starTill: PrintTill;
  beforeAll(async () => {
    starPrinter = await startFakePrinter({ mode: 'ready' });
    starTill = openPrintTill({ partnerUrl: partner.url, printer: starPrinter, type: 'star', columns: 32 });
    await readyToSell(starTill.pos);
  });
  afterAll(async () => {
    await starTill.close();
    await starPrinter.close();
  });

  it('prints hotel, room, dates, booking number and the transfer, within 32 columns', async () => {
    const stay = await findStay(starTill.pos);
    const sale = value(
      await starTill.pos.api['sale:submit']({ saleId: newSaleId('H'), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'transfer', reference: 'GTB-20261121-0042' } }),
    );
    expect(sale.state).toBe('confirmed');
    await waitFor('the receipt to print', async () => value(await starTill.pos.api['print:jobs']({ saleId: sale.id })).jobs[0]?.state === 'printed');
    const [paper, ...more] = printedReceipts(starPrinter, 'star');
    expect(more).toEqual([]);
    const text = paper!.join('\n');
    expect(text).toContain('HOTEL BOOKING');
    expect(text).toContain(sale.bookingNumber);
    expect(text).toContain(sale.partnerReference);
    expect(paper).toContainEqual(expect.stringMatching(/^Nights x rooms +2 x 1$/));
    expect(items(starPrinter).filter((item) => item.kind === 'qr')).toEqual([expect.objectContaining({ payload: sale.bookingNumber })]);
    expect(paper).toContainEqual(expect.stringMatching(new RegExp(`^TOTAL +${escape(formatNairaPlain(sale.totalKobo))}$`)));
    expect(paper).toContainEqual(expect.stringMatching(/^Paid by transfer +NGN /));
    expect(text).toContain('GTB-20261121-0042');
    expect(paper!.every((line) => line.length <= 32)).toBe(true);
    // The hotel's standard times, as its listing gave them, kept with the sale and printed under the dates.
    const listed = value(await starTill.pos.api['hotels:list']({ availableRoomsOnly: true, perPage: 100 })).hotels.find((hotel) => hotel.id === stay.selection.hotelId)!;
    expect(listed.checkInTime).toBe('14:00');
    expect(value(starTill.journal.sales.get(sale.id))?.details).toMatchObject({ hotel: { checkInTime: listed.checkInTime, checkOutTime: listed.checkOutTime } });
    expect(paper![paper!.findIndex((line) => line.startsWith('Check-in ')) + 1]).toMatch(new RegExp(`^  from +${listed.checkInTime}$`));
    expect(paper![paper!.findIndex((line) => line.startsWith('Check-out ')) + 1]).toMatch(new RegExp(`^  by +${listed.checkOutTime}$`));
  });
});

describe("receipts in the sale's language", () => {
  it('a sale made in Yoruba prints its receipt, and every reprint, in Yoruba, transliterated, money as NGN', async () => {
    printer.clear();
    const { sale } = await sellTickets(till, [['Regular', 2]], { language: 'yo' });
    await waitFor('the receipt to print', async () => (await jobsOf(sale.id))[0]?.state === 'printed');
    // The language is kept with what was sold, so the receipt needs nothing else.
    expect(value(till.journal.sales.get(sale.id))?.details).toMatchObject({ kind: 'cinema', language: 'yo' });

    const [paper, ...more] = printedReceipts(printer, 'epson');
    expect(more).toEqual([]);
    const text = paper!.join('\n');
    expect(paper).toContainEqual(expect.stringMatching(new RegExp(`^APAPO +${escape(formatNairaPlain(sale.totalKobo))}$`)));
    expect(paper).toContainEqual(expect.stringMatching(/^A san ni owo owo +NGN [\d,]+\.\d\d$/));
    expect(paper).toContainEqual(expect.stringMatching(/^  Senji +NGN 500\.00$/));
    expect(paper).toContainEqual(expect.stringMatching(/^Akowe owo +Bola Adeyemi$/));
    expect(paper).toContainEqual(expect.stringMatching(/^Nonba risiiti +T01-\d{6}$/));
    expect(paper).toContain('IWOLE 2');
    expect(text).toContain('E fi risiiti yii han ni enu ona sinima.');
    // No English fixed word, and nothing a code page could garble: printable ASCII only, no Naira sign.
    expect(text).not.toMatch(/TOTAL|ADMIT|Paid in cash|Change|Cashier/);
    expect(text).toMatch(/^[\x20-\x7e\n]*$/);

    printer.clear();
    value(await till.pos.api['receipt:reprint']({ saleId: sale.id }));
    const [copy] = printedReceipts(printer, 'epson');
    expect(copy!.filter((line) => line.trim() === 'EDA 1')).toHaveLength(2);
    expect(copy!.join(' ')).toMatch(/A te e ni \d+ \w+ \d{4} \d\d:\d\d, lati owo Bola Adeyemi/);
    expect(copy!.filter((line) => line.trim() === 'Ki i se ojulowo')).toHaveLength(2);
    expect(value(await till.pos.api['receipt:preview']({ saleId: sale.id })).text).toMatch(/^APAPO +NGN /m);
  });

  it('a sale sent without a language prints in English', async () => {
    printer.clear();
    const { sale } = await sellTickets(till);
    await waitFor('the receipt to print', async () => (await jobsOf(sale.id))[0]?.state === 'printed');
    expect(value(till.journal.sales.get(sale.id))?.details).not.toHaveProperty('language');
    const [paper] = printedReceipts(printer, 'epson');
    expect(paper).toContain('ADMIT 2');
  });
});

describe('reprints', () => {
  // Signed in with a shift open, whatever ran before (under --sequence.shuffle a refusal's case may run first).
  beforeEach(() => readyToSell(till.pos));
  it('say COPY with the next reprint number, are kept in the journal with who asked, and preview as the copy', async () => {
    const { sale } = await sellTickets(till);
    await waitFor('the original to print', async () => (await jobsOf(sale.id))[0]?.state === 'printed');
    printer.clear();

    const first = value(await till.pos.api['receipt:reprint']({ saleId: sale.id }));
    expect(first).toMatchObject({ saleId: sale.id, kind: 'reprint', copyNumber: 1, state: 'printed', title: 'Receipt COPY 1' });
    const second = value(await till.pos.api['receipt:reprint']({ saleId: sale.id }));
    expect(second).toMatchObject({ kind: 'reprint', copyNumber: 2, state: 'printed' });

    const receipts = printedReceipts(printer, 'epson');
    expect(receipts).toHaveLength(2);
    for (const [index, paper] of receipts.entries()) {
      // At the top and again at the bottom, so a torn half still says it.
      expect(paper.filter((line) => line.trim() === `COPY ${index + 1}`)).toHaveLength(2);
      expect(paper.filter((line) => line.trim() === 'Not the original')).toHaveLength(2);
      expect(paper.join(' ')).toMatch(/Printed \d+ \w{3} \d{4} \d\d:\d\d by Bola Adeyemi/);
      expect(paper.some((line) => line.includes(sale.partnerReference!))).toBe(true);
    }

    const journaled = value(till.journal.printJobs.list({ saleId: sale.id }));
    expect(journaled.map((job) => [job.kind, job.copyNumber])).toEqual([
      ['reprint', 3],
      ['reprint', 2],
      ['receipt', 1],
    ]);
    expect(journaled[0]!.payload).toMatchObject({ requestedBy: { name: 'Bola Adeyemi' } });
    expect((await jobsOf(sale.id)).map((job) => job.copyNumber)).toEqual([2, 1, 0]);

    const preview = value(await till.pos.api['receipt:preview']({ saleId: sale.id }));
    expect(preview.copyNumber).toBe(2);
    expect(preview.text).toContain('C O P Y   2');
    // Its receipt number is the original's.
    expect(new Set(journaled.map((job) => job.receiptNumber)).size).toBe(1);
  });

  it('refuses a sale that does not exist, and needs someone signed in', async () => {
    expect(failure(await till.pos.api['receipt:reprint']({ saleId: 'NO-SUCH-SALE-1' })).code).toBe('NOT_FOUND');
    expect(failure(await till.pos.api['receipt:preview']({ saleId: 'NO-SUCH-SALE-1' })).code).toBe('NOT_FOUND');
    const { sale } = await sellTickets(till);
    value(await till.pos.api['staff:sign-out']({}));
    try {
      expect(failure(await till.pos.api['receipt:reprint']({ saleId: sale.id })).code).toBe('UNAUTHORIZED');
      expect(failure(await till.pos.api['print:jobs']({})).code).toBe('UNAUTHORIZED');
      expect(failure(await till.pos.api['printer:test-page']({})).code).toBe('UNAUTHORIZED');
      // A counter's receipts hold customers' details: signed out, not even the text is shown
      // (a kiosk shows its own customer's receipt: test/integration/access-rules.test.ts).
      expect(failure(await till.pos.api['receipt:preview']({ saleId: sale.id })).code).toBe('UNAUTHORIZED');
      expect(failure(await till.pos.api['receipt:status']({ saleId: sale.id })).code).toBe('UNAUTHORIZED');
    } finally {
      value(await till.pos.api['staff:sign-in']({ staffId: 1, pin: '2468' }));
    }
  });
});

describe('reports, test page and status', () => {
  // Signed in with a shift open, whatever ran before (the Z report case closes its shift).
  beforeEach(() => readyToSell(till.pos));
  it('prints the X report of the open shift with its figures', async () => {
    const current = value(await till.pos.api['shift:current']({})).report!;
    printer.clear();
    const job = value(await till.pos.api['report:print']({ kind: 'x' }));
    expect(job).toMatchObject({ kind: 'report', saleId: null, state: 'printed', title: `X report, shift ${current.shiftNumber}` });
    const [paper] = printedReceipts(printer, 'epson');
    expect(paper).toContain('X REPORT');
    expect(paper).toContainEqual(expect.stringMatching(new RegExp(`^Confirmed \\(${current.sales.confirmedCount}\\) +${escape(formatNairaPlain(current.sales.confirmedKobo))}$`)));
  });

  it('shows the X report on screen line for line as the printer printed it, and printing it adds no job', async () => {
    const jobsBefore = value(await till.pos.api['print:jobs']({ limit: 200 })).jobs.length;
    const preview = value(await till.pos.api['report:preview']({ kind: 'x' }));
    expect(preview.columns).toBe(48);
    // Seeing the paper prints nothing and queues nothing.
    expect(value(await till.pos.api['print:jobs']({ limit: 200 })).jobs).toHaveLength(jobsBefore);
    printer.clear();
    value(await till.pos.api['report:print']({ kind: 'x' }));
    const paper = paperAsText(decodeEscPos(jobConnections(printer)[0]!.bytes, 'epson'), { columns: 48, tearLine: tearLine(48) });
    // The only line that may differ is when it was printed (the preview was laid out a moment before).
    const timeless = (lines: string[]) => lines.map((line) => (line.startsWith('Printed ') ? 'Printed' : line));
    expect(timeless(preview.text.replace(/\n$/, '').split('\n'))).toEqual(timeless(paper));
    expect(preview.text).toMatch(/^Expected in drawer +NGN [\d,]+\.\d\d$/m);
  });

  it('prints the test page', async () => {
    printer.clear();
    const job = value(await till.pos.api['printer:test-page']({}));
    expect(job).toMatchObject({ kind: 'test', state: 'printed', title: 'Printer test page' });
    const [paper] = printedReceipts(printer, 'epson');
    expect(paper).toContain('PRINTER TEST');
    expect(paper).toContain('123456789012345678901234567890123456789012345678');
  });

  it('reports the printer ready, and feeds the status strip', async () => {
    const status = value(await till.pos.api['printer:status']({ refresh: true }));
    expect(status).toMatchObject({ state: 'ready', health: 'ok', label: 'Printer ready', printer: `network printer 127.0.0.1:${printer.port}` });
    const health = value(await till.pos.api['app:health']({ refresh: true }));
    expect(health.printer).toEqual({ state: 'ok', label: 'Printer ready', detail: status.detail, words: { label: 'printerReady', said: { key: 'said.printer.ready' } } });
  });

  it('prints the Z report of a closed shift by its number', async () => {
    const closed = value(await till.pos.api['shift:close']({ countedKobo: 0 }));
    // On screen, the paper line for line as it will print (but for the minute it says it was printed).
    const timeless = (lines: string[]) => lines.map((line) => (line.startsWith('Printed ') ? 'Printed' : line));
    const lastPaper = () => paperAsText(decodeEscPos(jobConnections(printer).at(-1)!.bytes, 'epson'), { columns: 48, tearLine: tearLine(48) });
    const original = value(await till.pos.api['report:preview']({ kind: 'z', zNumber: closed.zNumber }));
    printer.clear();
    const job = value(await till.pos.api['report:print']({ kind: 'z', zNumber: closed.zNumber }));
    expect(job).toMatchObject({ kind: 'report', state: 'printed', title: `Z report ${closed.zNumber}` });
    const [paper] = printedReceipts(printer, 'epson');
    expect(paper).toContain(`Z REPORT ${closed.zNumber}`);
    expect(paper).toContainEqual(expect.stringMatching(new RegExp(`^Counted +${escape(formatNairaPlain(0))}$`)));
    expect(paper).not.toContain('COPY 1');
    expect(timeless(original.text.replace(/\n$/, '').split('\n'))).toEqual(timeless(lastPaper()));

    // Printed again, days later or at once: COPY 1, so two papers of one close are never taken for
    // two closes; the screen shows the mark before it is printed.
    const copy = value(await till.pos.api['report:preview']({ kind: 'z', zNumber: closed.zNumber }));
    // (double width on screen as on paper: "C O P Y   1").
    expect(copy.text).toMatch(/^ *C O P Y {3}1 *$/m);
    expect(copy.text).toMatch(/^ *Not the original *$/m);
    printer.clear();
    expect(value(await till.pos.api['report:print']({ kind: 'z', zNumber: closed.zNumber }))).toMatchObject({ state: 'printed', title: `Z report ${closed.zNumber} COPY 1` });
    const [again] = printedReceipts(printer, 'epson');
    expect(again).toEqual(expect.arrayContaining(['COPY 1', 'Not the original', `Z REPORT ${closed.zNumber}`]));
    expect(timeless(copy.text.replace(/\n$/, '').split('\n'))).toEqual(timeless(lastPaper()));
    expect(value(await till.pos.api['report:print']({ kind: 'z', zNumber: closed.zNumber })).title).toBe(`Z report ${closed.zNumber} COPY 2`);
    // No shift open now: no X report to print or to see.
    expect(failure(await till.pos.api['report:print']({ kind: 'x' })).code).toBe('SHIFT_REQUIRED');
    expect(failure(await till.pos.api['report:preview']({ kind: 'x' }))).toMatchObject({ code: 'SHIFT_REQUIRED', said: { key: 'said.noXReport' } });
    expect(failure(await till.pos.api['report:print']({ kind: 'z', zNumber: closed.zNumber + 1 })).code).toBe('NOT_FOUND');
    expect(failure(await till.pos.api['report:preview']({ kind: 'z', zNumber: closed.zNumber + 1 })).code).toBe('NOT_FOUND');
    // Signed out, nobody reads the drawer's figures.
    value(await till.pos.api['staff:sign-out']({}));
    try {
      expect(failure(await till.pos.api['report:preview']({ kind: 'z', zNumber: closed.zNumber })).code).toBe('UNAUTHORIZED');
    } finally {
      value(await till.pos.api['staff:sign-in']({ staffId: 1, pin: '2468' }));
    }
  });
});

describe('every printing channel checks its input', () => {
  // Signed in, so what answers is the request's shape, not the access rule (which is checked first).
  beforeAll(() => readyToSell(till.pos));
  const bad: Array<[string, unknown[]]> = [
    ['printer:status', [{ refresh: 'yes' }, { extra: 1 }, 'text', 42]],
    ['printer:test-page', [{ copies: 2 }, [], 'now']],
    ['receipt:reprint', [{}, { saleId: '' }, { saleId: 'with spaces' }, { saleId: '../../etc/passwd' }, { saleId: 'S-12345678', copy: 2 }, { saleId: 42 }]],
    ['receipt:preview', [{}, { saleId: 'has spaces in it' }, { saleId: null }]],
    ['print:jobs', [{ state: 'lost' }, { limit: 0 }, { limit: 1000 }, { limit: 2.5 }, { saleId: '-x' }, { sql: '1=1' }]],
    ['print:retry', [{}, { jobId: 0 }, { jobId: -1 }, { jobId: 1.5 }, { jobId: '1' }, { jobId: 1, force: true }]],
    ['report:print', [{}, { kind: 'y' }, { kind: 'z' }, { kind: 'z', zNumber: 0 }, { kind: 'x', zNumber: 1 }, { kind: 'Z', zNumber: 1 }]],
    ['report:preview', [{}, { kind: 'y' }, { kind: 'z' }, { kind: 'z', zNumber: 0 }, { kind: 'z', zNumber: '1' }, { kind: 'x', zNumber: 1 }, { kind: 'Z', zNumber: 1 }]],
  ];
  for (const [channel, payloads] of bad) {
    it(`${channel} answers VALIDATION to malformed requests`, async () => {
      for (const payload of payloads) {
        const result = await till.pos.dispatch(channel, payload);
        expect(result, JSON.stringify(payload)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
      }
    });
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
