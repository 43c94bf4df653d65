import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, openJournal, registerChainFunctions, type CreateSaleInput, type Journal } from '../../electron/journal';
import { buildReportReceipt } from '../../electron/printing/receipts/build-report-receipt';
import { reportInputFromShift } from '../../electron/printing/receipts/report-from-shift';

/** The card payments journal: append-only attempts and outcomes, and the triggers that guard the money. */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-payments-'));
const file = journalFile(root);
let journal: Journal;
let cashierId: number;
let now = Date.parse('2025-03-14T08:00:00.000Z');
const clock = () => new Date((now += 1000));

beforeAll(async () => {
  const opened = openJournal({ file, terminalId: 'K1', clock });
  if (!opened.ok) throw new Error(opened.error.message);
  journal = opened.value;
  const cashier = await journal.staff.create({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' });
  if (!cashier.ok) throw new Error(cashier.error.message);
  cashierId = cashier.value.id;
  expect(journal.shifts.open({ staffId: cashierId, floatKobo: 0 }).ok).toBe(true);
});
afterAll(() => {
  journal.close();
  fs.rmSync(root, { recursive: true, force: true });
});

let count = 0;
function sale(overrides: Partial<CreateSaleInput> = {}) {
  const id = `K1-${++count}`;
  const created = journal.sales.create({
    id,
    staffId: null,
    kind: 'cinema',
    quoteKobo: 330_000,
    request: { merchant_reference: id },
    details: { title: 'Harmattan Heart' },
    tenders: [{ kind: 'card', amountKobo: 330_000 }],
    ...overrides,
  });
  if (!created.ok) throw new Error(created.error.message);
  return created.value.sale;
}

const value = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('card payment attempts', () => {
  it('start as `started` with our reference, then record the outcome once, as an appended event', () => {
    const s = sale();
    const started = value(journal.payments.begin({ saleId: s.id, device: 'simulated', amountKobo: 330_000 }));
    expect(started).toMatchObject({ saleId: s.id, attempt: 1, reference: `${s.id}-P1`, state: 'started', terminalId: 'K1', shiftId: s.shiftId });
    value(journal.payments.move(started.reference, 'started', { terminalReference: 'PRQ_abc' }));
    const approved = value(journal.payments.move(started.reference, 'approved', { transactionReference: 'T123', authCode: '123456', maskedPan: '**** 4081', scheme: 'visa' }));
    expect(approved).toMatchObject({ state: 'approved', terminalReference: 'PRQ_abc', authCode: '123456', maskedPan: '**** 4081', scheme: 'visa' });
    expect(value(journal.payments.events(started.reference)).map((e) => [e.fromState, e.toState])).toEqual([
      [null, 'started'],
      ['started', 'started'],
      ['started', 'approved'],
    ]);
    // An outcome is final: an approved payment cannot be declined afterwards.
    expect(journal.payments.move(started.reference, 'declined', { declineCode: '05' })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('never charge a sale twice: no new attempt while one is approved or still being settled', () => {
    const s = sale();
    const first = value(journal.payments.begin({ saleId: s.id, device: 'simulated', amountKobo: 330_000 }));
    expect(journal.payments.begin({ saleId: s.id, device: 'simulated', amountKobo: 330_000 })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    value(journal.payments.move(first.reference, 'unknown', { reason: 'The answer was lost.' }));
    expect(journal.payments.begin({ saleId: s.id, device: 'simulated', amountKobo: 330_000 })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    value(journal.payments.move(first.reference, 'declined', { declineCode: '51', reason: 'Not enough money on the card.' }));
    // Declined: nothing charged, so the customer may try again, as attempt 2.
    expect(value(journal.payments.begin({ saleId: s.id, device: 'simulated', amountKobo: 330_000 }))).toMatchObject({ attempt: 2, reference: `${s.id}-P2` });
  });

  it('keep what was recorded: references, approval code and card never change, and a full card number is refused', () => {
    const s = sale();
    const p = value(journal.payments.begin({ saleId: s.id, device: 'simulated', amountKobo: 330_000 }));
    expect(journal.payments.move(p.reference, 'approved', { transactionReference: 'T1', authCode: '111111', maskedPan: '4084084084084081' as never, scheme: 'visa' })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    value(journal.payments.move(p.reference, 'approved', { transactionReference: 'T1', authCode: '111111', maskedPan: '**** 4081', scheme: 'visa' }));

    // Like every writer of the journal, a raw connection registers the hash chain's sha256() first.
    const db = registerChainFunctions(new Database(file));
    try {
      expect(() => db.prepare("UPDATE card_payments SET auth_code = '999999' WHERE reference = ?").run(p.reference)).toThrow(/cannot be changed/);
      expect(() => db.prepare("UPDATE card_payments SET masked_pan = '4084084084084081' WHERE reference = ?").run(p.reference)).toThrow();
      expect(() => db.prepare('DELETE FROM card_payments WHERE reference = ?').run(p.reference)).toThrow(/never deleted/);
      expect(() => db.prepare('UPDATE card_payment_events SET detail_json = ? WHERE payment_id = ?').run('{}', p.id)).toThrow(/cannot be changed/);
      // The trigger refuses a second attempt even when code is bypassed.
      expect(() =>
        db.prepare("INSERT INTO card_payments (sale_id, attempt, reference, terminal_id, shift_id, device, amount_kobo, state, created_at, updated_at) VALUES (?, 2, ?, 'K1', ?, 'simulated', 330000, 'started', 'now', 'now')").run(s.id, `${s.id}-P2`, s.shiftId),
      ).toThrow(/never charged twice/);
    } finally {
      db.close();
    }
  });

  it('cut a card number out of free text, and keep opaque references (all digits by chance) as they are', () => {
    const s = sale();
    const p = value(journal.payments.begin({ saleId: s.id, device: 'paystack:30', amountKobo: 330_000 }));
    const moved = value(journal.payments.move(p.reference, 'declined', { terminalReference: 'PRQ_094299088501721', declineCode: '05', reason: 'Card 4084 0840 8408 4081 declined', note: { message: 'pan=4084084084084081', offline: '9281140001093' } }));
    expect(moved).toMatchObject({ terminalReference: 'PRQ_094299088501721', reason: 'Card **** 4081 declined' });
    const [, declined] = value(journal.payments.events(p.reference));
    expect(JSON.stringify(declined!.detail)).not.toContain('4084084084084081');
    expect(declined!.detail).toMatchObject({ terminalReference: 'PRQ_094299088501721', note: { message: 'pan=**** 4081', offline: '9281140001093' } });
  });

  it('a self-service sale reaches the partner only once its card payment is approved', () => {
    const s = sale();
    expect(journal.sales.transition(s.id, 'sent')).toMatchObject({ ok: false });
    const p = value(journal.payments.begin({ saleId: s.id, device: 'simulated', amountKobo: 330_000 }));
    expect(journal.sales.transition(s.id, 'sent')).toMatchObject({ ok: false });
    value(journal.payments.move(p.reference, 'approved', { transactionReference: 'T2', authCode: '222222', maskedPan: '**** 4081', scheme: 'visa' }));
    expect(value(journal.sales.transition(s.id, 'sent')).state).toBe('sent');
  });

  it('a counter sale paid at the terminal likewise; a cash sale is not touched', () => {
    const cash = sale({ staffId: cashierId, tenders: [{ kind: 'cash', amountKobo: 330_000, tenderedKobo: 400_000 }] });
    expect(value(journal.sales.transition(cash.id, 'sent')).state).toBe('sent');
    const card = sale({ staffId: cashierId });
    const p = value(journal.payments.begin({ saleId: card.id, device: 'paystack:30', amountKobo: 330_000 }));
    value(journal.payments.move(p.reference, 'timed-out', { reason: 'No card was presented.' }));
    expect(journal.sales.transition(card.id, 'sent')).toMatchObject({ ok: false });
  });

  it('reverse only a payment whose sale did not happen, and list the approved ones still to reverse', () => {
    const s = sale();
    const p = value(journal.payments.begin({ saleId: s.id, device: 'simulated', amountKobo: 330_000 }));
    value(journal.payments.move(p.reference, 'approved', { transactionReference: 'T3', authCode: '333333', maskedPan: '**** 8381', scheme: 'mastercard' }));
    value(journal.sales.transition(s.id, 'sent'));
    expect(journal.payments.move(p.reference, 'reversing')).toMatchObject({ ok: false });
    value(journal.sales.transition(s.id, 'rejected', { failureReason: 'The partner refused the sale.' }));
    expect(value(journal.payments.approvedForRejectedSales()).map((x) => x.reference)).toContain(p.reference);
    value(journal.payments.move(p.reference, 'reversing'));
    expect(journal.payments.move(p.reference, 'reversed')).toMatchObject({ ok: false });
    value(journal.payments.move(p.reference, 'reversed', { refundReference: 'RF-1' }));
    expect(value(journal.payments.approvedForRejectedSales()).map((x) => x.reference)).not.toContain(p.reference);
  });

  it('lists attempts without a final answer for start-up recovery', () => {
    const s = sale();
    const p = value(journal.payments.begin({ saleId: s.id, device: 'simulated', amountKobo: 330_000 }));
    expect(value(journal.payments.unfinished()).map((x) => x.reference)).toContain(p.reference);
    expect(journal.payments.begin({ saleId: 'no-such-sale', device: 'simulated', amountKobo: 1 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('reports and the CSV export', () => {
  it('split card takings by scheme, count reversals, and export each sale with its card payment', async () => {
    const opened = openJournal({ file: journalFile(fs.mkdtempSync(path.join(root, 'report-'))), terminalId: 'K2', clock });
    if (!opened.ok) throw new Error(opened.error.message);
    const j = opened.value;
    try {
      const cashier = value(await j.staff.create({ name: 'Kemi Lawal', role: 'cashier', pin: '1357' }));
      value(j.shifts.open({ staffId: cashier.id, floatKobo: 0 }));
      const paid = (id: string, kobo: number, card: { scheme: string; last4: string } | null, end: 'confirmed' | 'reversed', staffId: number | null = null) => {
        value(j.sales.create({ id, staffId, kind: 'hotel', quoteKobo: kobo, request: {}, details: {}, tenders: [{ kind: 'card', amountKobo: kobo, ...(card ? {} : { approvalCode: 'A-77' }) }] }));
        if (card) {
          const p = value(j.payments.begin({ saleId: id, device: 'paystack:30', amountKobo: kobo }));
          value(j.payments.move(p.reference, 'approved', { terminalReference: `PRQ_${id}`, transactionReference: `T_${id}`, authCode: '654321', maskedPan: `**** ${card.last4}`, scheme: card.scheme }));
        }
        value(j.sales.transition(id, 'sent'));
        if (end === 'confirmed') value(j.sales.transition(id, 'confirmed', { partnerReference: `R-${id}` }));
        else {
          value(j.sales.transition(id, 'rejected', { failureReason: 'Sold out.' }));
          value(j.payments.move(`${id}-P1`, 'reversing'));
          value(j.payments.move(`${id}-P1`, 'reversed', { refundReference: `RF-${id}` }));
        }
      };
      paid('V1', 100_000, { scheme: 'visa', last4: '4081' }, 'confirmed');
      paid('V2', 300_000, { scheme: 'visa', last4: '1111' }, 'confirmed');
      paid('M1', 250_000, { scheme: 'mastercard', last4: '8381' }, 'confirmed');
      paid('A1', 50_000, null, 'confirmed', cashier.id);
      paid('R1', 70_000, { scheme: 'verve', last4: '6666' }, 'reversed');

      const x = value(j.shifts.xReport());
      expect(x.cardByScheme).toEqual([
        { scheme: 'visa', count: 2, totalKobo: 400_000 },
        { scheme: 'mastercard', count: 1, totalKobo: 250_000 },
        { scheme: 'approval code', count: 1, totalKobo: 50_000 },
      ]);
      expect(x.cardReversals).toEqual({ count: 1, totalKobo: 70_000 });
      // The printed X report carries the same lines, from the real journal's report.
      const paper = buildReportReceipt(reportInputFromShift(x, { merchant: { name: 'Lobby Hotels', addressLines: [], phone: null, tin: null }, terminal: { id: 'K2', name: 'Front desk' }, trainingMode: false }), { columns: 48 })
        .flatMap((line) => (line.kind === 'text' ? [line.text] : []))
        .join('\n');
      expect(paper).toMatch(/Visa \(2\) +NGN 4,000\.00\n.*Mastercard \(1\) +NGN 2,500\.00\n.*Approval code \(1\) +NGN 500\.00\n.*Reversed at terminal \(1\) +NGN 700\.00/);

      const { csv } = value(j.exportCsv());
      const [header, ...rows] = csv.trim().split(/\r?\n/);
      const columns = header!.split(',');
      const row = (id: string) => {
        const cells = rows.find((r) => r.startsWith(`${id},`))!.split(',');
        return Object.fromEntries(columns.map((c, i) => [c, cells[i]]));
      };
      expect(row('V1')).toMatchObject({ card_ngn: '1000.00', card_scheme: 'visa', card_masked_pan: '**** 4081', card_auth_code: '654321', card_payment_reference: 'V1-P1', card_terminal_reference: 'PRQ_V1', card_payment_state: 'approved', card_attempts: '1', card_reversed_ngn: '' });
      expect(row('R1')).toMatchObject({ state: 'rejected', card_scheme: 'verve', card_payment_state: 'reversed', card_reversed_ngn: '700.00' });
      expect(row('A1')).toMatchObject({ card_approval_codes: 'A-77', card_scheme: '', card_attempts: '' });
      expect(csv).not.toMatch(/\d{15}/);
    } finally {
      j.close();
    }
  });
});
