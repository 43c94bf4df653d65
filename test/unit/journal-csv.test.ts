import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecord } from '../../electron/journal/csv';
import { koboToNairaText } from '../../electron/journal/csv-export';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { sellInto } from '../helpers/corrections-fixture';
import { BYTE_ORDER_MARK, csvObjects } from '../helpers/csv-reader';

describe('CSV records (RFC 4180)', () => {
  it('leaves plain fields bare and ends every record with CRLF', () => {
    expect(csvRecord(['S1', 'cinema', 1500, null, ''])).toBe('S1,cinema,1500,,\r\n');
  });

  it('quotes fields holding a comma, quote, CR or LF, doubling the quotes', () => {
    expect(csvRecord(['Okafor, Chidi'])).toBe('"Okafor, Chidi"\r\n');
    expect(csvRecord(['Ada "Queen" Eze'])).toBe('"Ada ""Queen"" Eze"\r\n');
    expect(csvRecord(['line one\nline two', 'a\r\nb'])).toBe('"line one\nline two","a\r\nb"\r\n');
    expect(csvRecord(['"'])).toBe('""""\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative amounts', () => {
    expect(csvRecord(['=HYPERLINK("http://x")'])).toBe(`"'=HYPERLINK(""http://x"")"\r\n`);
    expect(csvRecord(['+2348012345678', '@SUM(A1)', '-x'])).toBe("'+2348012345678,'@SUM(A1),'-x\r\n");
    expect(csvRecord(['-150.00', -5])).toBe('-150.00,-5\r\n');
  });
});

describe('kobo as Naira text', () => {
  it('always has two decimals and never goes through floating point', () => {
    expect(koboToNairaText(0)).toBe('0.00');
    expect(koboToNairaText(5)).toBe('0.05');
    expect(koboToNairaText(123_456_789)).toBe('1234567.89');
    expect(koboToNairaText(-250)).toBe('-2.50');
    expect(koboToNairaText(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(koboToNairaText(null)).toBeNull();
  });
});

/**
 * The journal's CSV as a bookkeeper reads it: opened in Excel (UTF-8, so its byte-order mark), and
 * each money column summed down the file. A refund's money is in the refund's row only: the sale
 * row does not repeat it, so summing `given_back_ngn` counts each refund once, and summing a
 * tender's column gives what that tender holds after refunds. A card-terminal refund counts once
 * the terminal says it is done, as on the X and Z reports.
 */
describe('the journal CSV sums honestly', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-csv-'));
  let journal: Journal;
  let now = Date.parse('2026-11-26T04:41:38.000Z');
  const clock = () => new Date((now += 1000));
  const sold: Record<string, string> = {};

  beforeAll(async () => {
    const opened = openJournal({ file: journalFile(root), terminalId: 'T01', clock });
    if (!opened.ok) throw new Error(opened.error.message);
    journal = opened.value;
    const [boss, cashier] = await Promise.all([
      journal.staff.create({ name: 'Bola Adéyẹmí', role: 'supervisor', pin: '2468' }),
      journal.staff.create({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }),
    ]);
    if (!boss.ok || !cashier.ok) throw new Error('staff');
    journal.shifts.open({ staffId: boss.value.id, floatKobo: 5_000_000 });
    const one = [{ label: 'Regular · ₦', quantity: 1, unitKobo: 350_000 }];
    const refund = (id: string, saleId: string, tender: 'cash' | 'card', route: 'drawer' | 'terminal') => {
      const recorded = journal.corrections.record({
        id, saleId, seq: 1, kind: 'refund', tender, route, amountKobo: 350_000, lines: [{ line: 0, quantity: 1 }],
        reason: 'customer-cancelled', note: 'cannot come tonight', askedBy: cashier.value.id, approvedBy: boss.value.id,
      });
      if (!recorded.ok) throw new Error(recorded.error.message);
    };
    // Cash ₦3,500, refunded in full from the drawer (the audit's case).
    sold.cash = sellInto(journal, { staffId: cashier.value.id, state: 'confirmed', tender: 'cash', lines: one, customer: { name: 'Chídìnmà Ézè', email: 'c@example.com', phone: '+2348031234567' } });
    refund('R-CASH', sold.cash, 'cash', 'drawer');
    // Card ₦3,500, refunded at the card terminal: done.
    sold.cardDone = sellInto(journal, { staffId: cashier.value.id, state: 'confirmed', tender: 'card', lines: one });
    refund('R-CARD-DONE', sold.cardDone, 'card', 'terminal');
    journal.corrections.settle('R-CARD-DONE', { outcome: 'done', terminalReference: 'TRM-1' });
    // Card ₦3,500, the terminal's refund failed: nothing went back.
    sold.cardFailed = sellInto(journal, { staffId: cashier.value.id, state: 'confirmed', tender: 'card', lines: one });
    refund('R-CARD-FAILED', sold.cardFailed, 'card', 'terminal');
    journal.corrections.settle('R-CARD-FAILED', { outcome: 'failed', detail: 'Declined by the bank.' });
    // Card ₦3,500, the terminal has not answered yet.
    sold.cardPending = sellInto(journal, { staffId: cashier.value.id, state: 'confirmed', tender: 'card', lines: one });
    refund('R-CARD-PENDING', sold.cardPending, 'card', 'terminal');
    // Cash ₦3,500, not refunded.
    sold.kept = sellInto(journal, { staffId: cashier.value.id, state: 'confirmed', tender: 'cash', lines: one });
    // Card at the terminal, ₦3,500 each, for sales that did not happen (as after a restart mid-sale):
    // one never charged (the payment called off), one charged and then reversed. Neither holds money.
    const atTerminal = (id: string) => {
      const created = journal.sales.create({ id, staffId: cashier.value.id, kind: 'cinema', quoteKobo: 350_000, request: {}, details: {}, tenders: [{ kind: 'card', amountKobo: 350_000 }] });
      if (!created.ok) throw new Error(created.error.message);
      const begun = journal.payments.begin({ saleId: id, device: 'paystack:30', amountKobo: 350_000 });
      if (!begun.ok) throw new Error(begun.error.message);
      return begun.value.reference;
    };
    const must = (result: { ok: boolean; error?: { message: string } }) => {
      if (!result.ok) throw new Error(result.error!.message);
    };
    const calledOff = atTerminal((sold.cardCalledOff = 'CARD-CALLED-OFF'));
    must(journal.payments.move(calledOff, 'cancelled', { terminalReference: 'PRQ_1', reason: 'Cancelled at the till before the card was charged.' }));
    must(journal.sales.transition(sold.cardCalledOff, 'rejected', { failureReason: 'The till stopped.' }));
    const reversed = atTerminal((sold.cardReversed = 'CARD-REVERSED'));
    must(journal.payments.move(reversed, 'approved', { terminalReference: 'PRQ_2', transactionReference: 'T_2', authCode: '654321', maskedPan: '**** 4081', scheme: 'visa' }));
    must(journal.sales.transition(sold.cardReversed, 'sent'));
    must(journal.sales.transition(sold.cardReversed, 'rejected', { failureReason: 'The partner has no record of this sale.' }));
    must(journal.payments.move(reversed, 'reversing'));
    must(journal.payments.move(reversed, 'reversed', { refundReference: 'RF-2' }));
  });
  afterAll(() => {
    journal.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const exported = () => {
    const result = journal.exportCsv({});
    if (!result.ok) throw new Error(result.error.message);
    return result.value.csv;
  };
  const sum = (rows: Record<string, string>[], column: string) => rows.reduce((total, row) => total + Math.round(Number(row[column] || '0') * 100), 0);

  it('starts with the UTF-8 byte-order mark, so Excel shows "·", "₦" and accented names', () => {
    const csv = exported();
    expect(csv.startsWith(`${BYTE_ORDER_MARK}sale_id,`)).toBe(true);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.indexOf(BYTE_ORDER_MARK, 1)).toBe(-1);
    const rows = csvObjects(csv);
    expect(Object.keys(rows[0]!)[0]).toBe('sale_id');
    expect(rows.find((r) => r.sale_id === sold.cash && r.record === 'sale')!.details_json).toContain('Chídìnmà Ézè');
    expect(rows.find((r) => r.record === 'refund')!.given_back_items).toBe('1 x Regular · ₦');
    expect(rows.find((r) => r.record === 'refund')!.approved_by).toBe('Bola Adéyẹmí');
  });

  it('puts a refund\'s money in the refund\'s row only: given_back_ngn sums each refund once', () => {
    const rows = csvObjects(exported());
    const cashSale = rows.filter((r) => r.sale_id === sold.cash);
    expect(cashSale.map((r) => [r.record, r.cash_ngn, r.given_back_ngn])).toEqual([
      ['sale', '3500.00', ''],
      ['refund', '-3500.00', '3500.00'],
    ]);
    // Two refunds moved money (the drawer's and the terminal's done one): ₦7,000, not ₦14,000.
    expect(sum(rows, 'given_back_ngn')).toBe(700_000);
    expect(rows.filter((r) => r.record === 'sale').every((r) => r.given_back_ngn === '')).toBe(true);
  });

  it('sums each tender\'s column to what it holds after refunds, counting a terminal refund once it is done', () => {
    const rows = csvObjects(exported());
    expect(sum(rows, 'cash_ngn')).toBe(2 * 350_000 - 350_000);
    expect(sum(rows, 'card_ngn')).toBe(3 * 350_000 - 350_000);
    expect(sum(rows, 'given_back_ngn')).toBe(-(sum(rows.filter((r) => r.record !== 'sale'), 'cash_ngn') + sum(rows.filter((r) => r.record !== 'sale'), 'card_ngn')));
    const byId = (id: string) => rows.find((r) => r.correction_id === id)!;
    expect(byId('R-CARD-DONE')).toMatchObject({ money_state: 'done', card_ngn: '-3500.00', given_back_ngn: '3500.00', correction_amount_ngn: '3500.00' });
    expect(byId('R-CARD-FAILED')).toMatchObject({ money_state: 'failed', card_ngn: '0.00', given_back_ngn: '0.00', correction_amount_ngn: '3500.00', failure_reason: 'Declined by the bank.' });
    expect(byId('R-CARD-PENDING')).toMatchObject({ money_state: 'pending', card_ngn: '0.00', given_back_ngn: '0.00', correction_amount_ngn: '3500.00' });
    expect(rows.filter((r) => r.record === 'sale').every((r) => r.correction_amount_ngn === '')).toBe(true);
    // Terminal cards of sales that did not happen hold nothing: never charged, or reversed.
    const saleRow = (id: string) => rows.find((r) => r.sale_id === id && r.record === 'sale')!;
    expect(saleRow(sold.cardCalledOff!)).toMatchObject({ state: 'rejected', card_ngn: '0.00', card_payment_state: 'cancelled' });
    expect(saleRow(sold.cardReversed!)).toMatchObject({ state: 'rejected', card_ngn: '0.00', card_payment_state: 'reversed', card_reversed_ngn: '3500.00' });
  });
});
