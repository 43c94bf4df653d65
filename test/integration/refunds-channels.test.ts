import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { journalFile, openJournal } from '../../electron/journal';
import type { SaleView } from '../../shared/sales/sale-view';
import { sellInto } from '../helpers/corrections-fixture';
import { csvObjects } from '../helpers/csv-reader';
import {
  customer,
  failure,
  findShowing,
  findStay,
  newSaleId,
  openTill,
  readyToSell,
  selectionOf,
  startSalesPartner,
  value,
  type SalesPartner,
  type Till,
} from '../helpers/sales-fixture';

/**
 * Voids and refunds through the contract (createPos -> dispatch), on a real journal file, with
 * sales made against the sandbox partner over real HTTP. One till, in order: a cashier asks, a
 * supervisor approves with their PIN on the cashier's screen, the journal and the drawer follow.
 */

let partner: SalesPartner;
let till: Till;
const api = () => till.pos.api;
const pins = { bola: '2468', ngozi: '8642', tunde: '1357' };
const ids = { bola: 0, ngozi: 0, tunde: 0 };
const sales: Record<'cinema' | 'card' | 'transfer' | 'rejected' | 'unknown', SaleView> = {} as never;
const updates: SaleView[] = [];

const correctionId = () => `R-${randomUUID()}`;
const approval = (who: 'bola' | 'ngozi' | 'tunde') => ({ supervisorId: ids[who], pin: pins[who] });
const reason = { reason: 'customer-cancelled' as const, note: 'The customer cannot come on Saturday' };

/** Rows of the journal, read with plain SQL on a connection of its own. */
function sql<T>(query: string, ...params: unknown[]): T[] {
  const db = new Database(journalFile(till.dataDir), { readonly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}
const journalRows = () => sql<{ n: number }>('SELECT (SELECT count(*) FROM corrections) + (SELECT count(*) FROM cancellations) + (SELECT count(*) FROM correction_outcomes) AS n')[0]!.n;
const drawer = async () => value(await api()['shift:current']({})).report!.cash.expectedKobo;

beforeAll(async () => {
  partner = await startSalesPartner();
  // A long settle window: the unknown sale stays unknown for this whole file.
  till = openTill({ url: partner.url, tuning: { settleWindowMs: 10 * 60_000, reconcileDelaysMs: [60_000] } });
  till.pos.events.subscribe((event, payload) => {
    if (event === 'sale:updated') updates.push(payload as SaleView);
  });
  ids.bola = (await readyToSell(till.pos, 5_000_000)).id;
  ids.ngozi = value(await api()['staff:create']({ name: 'Ngozi Okafor', role: 'supervisor', pin: pins.ngozi })).id;
  ids.tunde = value(await api()['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: pins.tunde })).id;
  value(await api()['staff:sign-in']({ staffId: ids.tunde, pin: pins.tunde }));

  const showing = await findShowing(till.pos);
  sales.cinema = value(
    await api()['sale:submit']({ saleId: newSaleId(), kind: 'cinema', cinema: selectionOf(showing, [['Regular', 3], ['VIP', 2]]), customer, tender: { kind: 'cash', tenderedKobo: 100_000_000 } }),
  );
  const stay = await findStay(till.pos);
  sales.card = value(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer: { ...customer, name: 'Adaeze Nwosu', phone: '0809 555 1212' }, tender: { kind: 'card', approvalCode: 'AUTH-5521' } }));
  sales.transfer = value(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'transfer', reference: 'GTB-TRF-77120' } }));
  // The partner's "today" two days ahead: our check-in is in its past, so it refuses the booking.
  partner.shiftClock(2 * 86_400_000);
  sales.rejected = value(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 10 } }));
  partner.shiftClock(-2 * 86_400_000);
  partner.faults.push({ error500Before: true });
  sales.unknown = value(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 10 } }));
  expect([sales.cinema.state, sales.card.state, sales.transfer.state, sales.rejected.state, sales.unknown.state]).toEqual(['confirmed', 'confirmed', 'confirmed', 'rejected', 'unknown']);
}, 60_000);

afterAll(async () => {
  await till.close();
  await partner.close();
});

// One story, told in order (vitest keeps it so under --sequence.shuffle): sales, their refunds and
// voids, the reports and the Z report that closes the shift, then what is refused once it is closed.
describe('a shift of voids and refunds', { shuffle: false }, () => {
  describe('what can be given back', () => {
    it('lists a confirmed sale’s tenders and lines, and the supervisors who can approve (never the person asking)', async () => {
      const options = value(await api()['correction:options']({ saleId: sales.cinema.id }));
      expect(options).toMatchObject({ action: 'refund', why: null, basis: 0, partnerReference: sales.cinema.partnerReference });
      expect(options.tenders).toEqual([{ kind: 'cash', paidKobo: sales.cinema.totalKobo, returnedKobo: 0, remainingKobo: sales.cinema.totalKobo, route: 'drawer' }]);
      expect(options.lines.map((l) => [l.label, l.sold, l.returned, l.remaining])).toEqual([
        [sales.cinema.lines[0]!.label, 3, 0, 3],
        [sales.cinema.lines[1]!.label, 2, 0, 2],
      ]);
      expect(options.approvers.map((a) => a.name).sort()).toEqual(['Bola Adeyemi', 'Ngozi Okafor']);
      expect(value(await api()['correction:options']({ saleId: sales.rejected.id }))).toMatchObject({ action: 'void', lines: [] });
      expect(value(await api()['correction:options']({ saleId: sales.unknown.id }))).toMatchObject({ action: null, why: expect.stringMatching(/not said yet/) });
      expect(value(await api()['correction:options']({ saleId: sales.card.id })).tenders[0]).toMatchObject({ kind: 'card', route: 'approval-code' });
    });
  });

  describe('bad input gets a clear error and changes nothing', () => {
    const refund = (overrides: Record<string, unknown> = {}) =>
      api()['correction:refund']({
        correctionId: correctionId(),
        saleId: sales.cinema.id,
        basis: 0,
        tender: 'cash',
        lines: [{ line: 0, quantity: 1 }],
        approval: approval('bola'),
        ...reason,
        ...overrides,
      } as never);

    it('a refund above the amount paid, a negative quantity, more items than sold, the cashier’s own PIN, a cashier as approver, a wrong PIN', async () => {
      const before = { rows: journalRows(), drawer: await drawer() };
      const unitRegular = sales.cinema.lines[0]!.unitKobo;

      expect(failure(await refund({ amountKobo: unitRegular + 1 }))).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/cannot be more than the price/), fields: { amountKobo: expect.any(Array) } });
      expect(failure(await refund({ lines: [{ line: 0, quantity: 3 }, { line: 1, quantity: 2 }], amountKobo: sales.cinema.totalKobo + 100 }))).toMatchObject({ code: 'VALIDATION' });
      expect(failure(await refund({ lines: [{ line: 0, quantity: -1 }] }))).toMatchObject({ code: 'VALIDATION', fields: { 'lines.0.quantity': expect.any(Array) } });
      expect(failure(await refund({ lines: [{ line: 0, quantity: 0 }] }))).toMatchObject({ code: 'VALIDATION', fields: { 'lines.0.quantity': ['must be at least 1'] } });
      expect(failure(await refund({ lines: [{ line: 0, quantity: 4 }] }))).toMatchObject({ code: 'VALIDATION', fields: { 'lines.0.quantity': ['only 3 left to refund'] } });
      expect(failure(await refund({ lines: [{ line: 9, quantity: 1 }] }))).toMatchObject({ code: 'VALIDATION', fields: { 'lines.0.line': ['is not a line of this sale'] } });
      expect(failure(await refund({ tender: 'card', approvalCode: 'X' }))).toMatchObject({ code: 'VALIDATION', fields: { tender: expect.any(Array) } });
      expect(failure(await refund({ approval: approval('tunde') }))).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/Your own PIN cannot approve/) });
      const another = value(await api()['staff:list']({})).staff.find((s) => s.name === 'Tunde Bakare')!;
      expect(another.role).toBe('cashier');
      expect(failure(await refund({ approval: { supervisorId: ids.bola, pin: '0000' } }))).toMatchObject({ code: 'UNAUTHORIZED', fields: { 'approval.pin': expect.any(Array) } });
      expect(failure(await refund({ basis: 5 }))).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/a moment ago/) });

      expect(journalRows()).toBe(before.rows);
      expect(await drawer()).toBe(before.drawer);
    });

    it('a cashier’s PIN never approves, even when someone else asks', async () => {
      value(await api()['staff:sign-in']({ staffId: ids.ngozi, pin: pins.ngozi }));
      try {
        expect(failure(await refund({ approval: approval('tunde') }))).toMatchObject({ code: 'FORBIDDEN', message: 'Tunde Bakare is a cashier. Only a supervisor can approve a refund.' });
      } finally {
        value(await api()['staff:sign-in']({ staffId: ids.tunde, pin: pins.tunde }));
      }
    });

    it('a sale still unknown, a sale that does not exist, a sale from another terminal', async () => {
      const before = journalRows();
      expect(failure(await refund({ saleId: sales.unknown.id }))).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/not said yet whether this sale went through/) });
      expect(failure(await api()['correction:void']({ correctionId: correctionId(), saleId: sales.unknown.id, basis: 0, tender: 'cash', approval: approval('bola'), ...reason }))).toMatchObject({ code: 'CONFLICT' });
      expect(failure(await refund({ saleId: 'NO-SUCH-SALE-123' }))).toMatchObject({ code: 'NOT_FOUND' });

      // Another till's journal file copied here (a terminal renamed, a file moved): its sales stay its own.
      const other = openJournal({ file: journalFile(till.dataDir), terminalId: 'T02' });
      if (!other.ok) throw new Error(other.error.message);
      let foreign = '';
      try {
        value(other.value.shifts.open({ staffId: ids.bola, floatKobo: 0 }));
        foreign = sellInto(other.value, { staffId: ids.bola, state: 'confirmed', tender: 'cash' });
      } finally {
        other.value.close();
      }
      expect(failure(await api()['correction:options']({ saleId: foreign }))).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/made on terminal T02/) });
      expect(failure(await refund({ saleId: foreign }))).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/made on terminal T02/) });
      expect(journalRows()).toBe(before);
    });

    it('a refund of a rejected sale, a void of a confirmed one', async () => {
      expect(failure(await refund({ saleId: sales.rejected.id }))).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/with a void, not a refund/) });
      expect(failure(await api()['correction:void']({ correctionId: correctionId(), saleId: sales.cinema.id, basis: 0, tender: 'cash', approval: approval('bola'), ...reason }))).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/with a refund, not a void/),
      });
    });
  });

  describe('refunds', () => {
    it('part of a cash sale by line: the drawer gives it, the sale shows it, the partner owes the cancellation', async () => {
      const drawerBefore = await drawer();
      const [regular] = sales.cinema.lines;
      const id = correctionId();
      const result = value(
        await api()['correction:refund']({ correctionId: id, saleId: sales.cinema.id, basis: 0, tender: 'cash', lines: [{ line: 0, quantity: 2 }], approval: approval('bola'), ...reason }),
      );
      expect(result.correction).toMatchObject({
        id,
        kind: 'refund',
        tender: 'cash',
        route: 'drawer',
        state: 'done',
        amountKobo: 2 * regular!.unitKobo,
        lines: [{ line: 0, label: regular!.label, quantity: 2 }],
        askedBy: 'Tunde Bakare',
        approvedBy: 'Bola Adeyemi',
        reason: 'customer-cancelled',
        cancellation: { state: 'owed', partnerReference: sales.cinema.partnerReference },
      });
      expect(await drawer()).toBe(drawerBefore - 2 * regular!.unitKobo);
      const sale = value(await api()['sale:get']({ saleId: sales.cinema.id }));
      expect(sale.corrections).toEqual([result.correction]);
      expect(updates.at(-1)).toMatchObject({ id: sales.cinema.id, corrections: [expect.objectContaining({ id })] });
      // A double tap (the same correction id again) returns the same refund, never a second one.
      const again = value(
        await api()['correction:refund']({ correctionId: id, saleId: sales.cinema.id, basis: 0, tender: 'cash', lines: [{ line: 0, quantity: 2 }], approval: approval('bola'), ...reason }),
      );
      expect(again.correction).toEqual(result.correction);
      expect(await drawer()).toBe(drawerBefore - 2 * regular!.unitKobo);
    });

    it('refuses a refund drawn up before another landed; the rest goes back and nothing more can', async () => {
      expect(
        failure(await api()['correction:refund']({ correctionId: correctionId(), saleId: sales.cinema.id, basis: 0, tender: 'cash', lines: [{ line: 1, quantity: 1 }], approval: approval('ngozi'), ...reason })),
      ).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/a moment ago \(refund of NGN .* approved by Bola Adeyemi\)/) });
      const options = value(await api()['correction:options']({ saleId: sales.cinema.id }));
      expect(options.basis).toBe(1);
      expect(options.lines.map((l) => l.remaining)).toEqual([1, 2]);
      value(
        await api()['correction:refund']({
          correctionId: correctionId(),
          saleId: sales.cinema.id,
          basis: 1,
          tender: 'cash',
          lines: [{ line: 0, quantity: 1 }, { line: 1, quantity: 2 }],
          approval: approval('ngozi'),
          reason: 'venue-cancelled',
          note: 'Screen 3 closed',
        }),
      );
      const after = value(await api()['correction:options']({ saleId: sales.cinema.id }));
      expect(after).toMatchObject({ action: null, why: 'Everything paid for this sale has already been given back.', whySaid: { key: 'said.refund.nothingLeft' } });
      expect(after.tenders[0]).toMatchObject({ paidKobo: sales.cinema.totalKobo, returnedKobo: sales.cinema.totalKobo, remainingKobo: 0 });
      expect(
        failure(await api()['correction:refund']({ correctionId: correctionId(), saleId: sales.cinema.id, basis: 2, tender: 'cash', lines: [{ line: 0, quantity: 1 }], approval: approval('ngozi'), ...reason })),
      ).toMatchObject({ code: 'CONFLICT' });
    });

    it('card by the stand-alone terminal’s approval code, transfer by bank reference', async () => {
      const card = { correctionId: correctionId(), saleId: sales.card.id, basis: 0, tender: 'card' as const, lines: [{ line: 0, quantity: 1 }], approval: approval('bola'), ...reason };
      expect(failure(await api()['correction:refund'](card))).toMatchObject({ code: 'VALIDATION', fields: { approvalCode: expect.any(Array) } });
      const refunded = value(await api()['correction:refund']({ ...card, approvalCode: 'RFD-88121' }));
      expect(refunded.correction).toMatchObject({ route: 'approval-code', approvalCode: 'RFD-88121', state: 'done', amountKobo: sales.card.lines[0]!.unitKobo });

      const transfer = { correctionId: correctionId(), saleId: sales.transfer.id, basis: 0, tender: 'transfer' as const, lines: [{ line: 0, quantity: sales.transfer.lines[0]!.quantity }], approval: approval('ngozi'), ...reason };
      expect(failure(await api()['correction:refund'](transfer))).toMatchObject({ code: 'VALIDATION', fields: { transferReference: expect.any(Array) } });
      const sent = value(await api()['correction:refund']({ ...transfer, amountKobo: sales.transfer.totalKobo - 500_000, transferReference: 'GTB-RFD-0091' }));
      expect(sent.correction).toMatchObject({ route: 'bank', transferReference: 'GTB-RFD-0091', amountKobo: sales.transfer.totalKobo - 500_000 });
      // A fee was kept: every night is back, so no more can go, though the money is not all back.
      expect(value(await api()['correction:options']({ saleId: sales.transfer.id })).lines[0]).toMatchObject({ remaining: 0 });
    });

    it('two supervisors refunding the same ticket at the same moment produce one refund', async () => {
      const stay = await findStay(till.pos);
      const sale = value(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 10 } }));
      const attempt = (who: 'bola' | 'ngozi') =>
        api()['correction:refund']({ correctionId: correctionId(), saleId: sale.id, basis: 0, tender: 'cash', lines: [{ line: 0, quantity: sale.lines[0]!.quantity }], approval: approval(who), ...reason });
      const results = await Promise.all([attempt('bola'), attempt('ngozi'), attempt('bola')]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(['CONFLICT', 'CONFLICT']);
      expect(sql<{ n: number }>('SELECT count(*) AS n FROM corrections WHERE sale_id = ?', sale.id)[0]!.n).toBe(1);
    });
  });

  describe('voids', () => {
    it('a rejected sale’s cash stays in the drawer until a void gives it back', async () => {
      const report = value(await api()['shift:current']({})).report!;
      expect(report.cash.rejectedCashKobo).toBe(sales.rejected.totalKobo);
      const attention = async () => value(await api()['sale:attention']({})).sales.map((s) => s.id);
      // Staff are told the customer's cash is still here (Needs attention) until the void.
      expect(await attention()).toContain(sales.rejected.id);
      const before = report.cash.expectedKobo;
      const voided = value(
        await api()['correction:void']({ correctionId: correctionId(), saleId: sales.rejected.id, basis: 0, tender: 'cash', approval: approval('ngozi'), reason: 'not-completed', note: 'Partner refused the dates' }),
      );
      expect(voided.correction).toMatchObject({ kind: 'void', amountKobo: sales.rejected.totalKobo, lines: [], state: 'done', cancellation: null, approvedBy: 'Ngozi Okafor' });
      expect(await drawer()).toBe(before - sales.rejected.totalKobo);
      expect(value(await api()['correction:options']({ saleId: sales.rejected.id }))).toMatchObject({ action: null, why: expect.stringMatching(/already been given back/) });
      expect(await attention()).not.toContain(sales.rejected.id);
    });
  });

  describe('cancellations owed and the reports', () => {
    it('Staff -> Refunds lists the open cancellations; they move owed -> agreed -> closed', async () => {
      const open = value(await api()['cancellation:list']({})).cancellations;
      expect(open.map((c) => c.saleId)).toEqual(expect.arrayContaining([sales.cinema.id, sales.card.id, sales.transfer.id]));
      const first = open.find((c) => c.saleId === sales.card.id)!;
      expect(first).toMatchObject({ state: 'owed', partnerReference: sales.card.partnerReference, customerName: 'Adaeze Nwosu' });
      expect(failure(await api()['cancellation:close']({ correctionId: first.correctionId }))).toMatchObject({ code: 'CONFLICT', message: 'Record who agreed to the cancellation before closing it.' });
      expect(failure(await api()['cancellation:agree']({ correctionId: first.correctionId, agreedByName: 'Funke', agreedChannel: 'phone', feeWithheldKobo: -1 }))).toMatchObject({ code: 'VALIDATION' });
      const agreed = value(await api()['cancellation:agree']({ correctionId: first.correctionId, agreedByName: 'Funke Ade (reservations)', agreedChannel: 'phone', feeWithheldKobo: 150_000, note: 'Fee per policy' }));
      expect(agreed).toMatchObject({ state: 'agreed', agreedByName: 'Funke Ade (reservations)', agreedChannel: 'phone', feeWithheldKobo: 150_000 });
      const closed = value(await api()['cancellation:close']({ correctionId: first.correctionId, note: 'Credited on the partner statement' }));
      expect(closed).toMatchObject({ state: 'closed', notes: [expect.objectContaining({ state: 'agreed' }), expect.objectContaining({ state: 'closed', staffName: 'Tunde Bakare' })] });
      expect(value(await api()['cancellation:list']({})).cancellations.map((c) => c.correctionId)).not.toContain(first.correctionId);
      expect(value(await api()['cancellation:list']({ open: false })).cancellations.map((c) => c.correctionId)).toContain(first.correctionId);
    });

    it('the journal CSV carries every void and refund, linked to its sale, with who asked and who approved', async () => {
      value(await api()['staff:sign-in']({ staffId: ids.bola, pin: pins.bola }));
      const exported = value(await api()['journal:export']({}));
      const rows = csvObjects(exported.csv);
      const corrections = rows.filter((r) => r.record !== 'sale');
      const journalIds = sql<{ id: string; sale_id: string; amount_kobo: number; tender: string }>('SELECT id, sale_id, amount_kobo, tender FROM corrections ORDER BY id');
      expect(corrections.map((r) => r.correction_id).sort()).toEqual(journalIds.map((c) => c.id).sort());
      expect(exported.rows).toBe(rows.length);
      for (const journalRow of journalIds) {
        const row = corrections.find((r) => r.correction_id === journalRow.id)!;
        expect(row.sale_id).toBe(journalRow.sale_id);
        expect(rows.some((r) => r.record === 'sale' && r.sale_id === journalRow.sale_id)).toBe(true);
        expect(row[`${journalRow.tender}_ngn`]).toBe(`-${(journalRow.amount_kobo / 100).toFixed(2)}`);
      }
      const cinemaRefund = corrections.find((r) => r.sale_id === sales.cinema.id && r.approved_by === 'Bola Adeyemi')!;
      expect(cinemaRefund).toMatchObject({ record: 'refund', cashier: 'Tunde Bakare', money_route: 'drawer', money_state: 'done', correction_reason: 'customer-cancelled', given_back_items: `2 x ${sales.cinema.lines[0]!.label}`, cancellation_state: 'owed' });
      expect(corrections.find((r) => r.sale_id === sales.card.id)).toMatchObject({ card_approval_codes: 'RFD-88121', cancellation_state: 'closed', cancellation_agreed_by: 'Funke Ade (reservations)', cancellation_fee_ngn: '1500.00' });
      expect(corrections.find((r) => r.sale_id === sales.rejected.id)).toMatchObject({ record: 'void', given_back_items: '', cancellation_state: '' });
      // Each refund's money is in its own row only: the sale row does not repeat it, so the column sums each refund once.
      expect(exported.csv.startsWith('\uFEFFsale_id,')).toBe(true);
      expect(rows.filter((r) => r.record === 'sale').map((r) => r.given_back_ngn)).toEqual(rows.filter((r) => r.record === 'sale').map(() => ''));
      const kobo = (text: string | undefined) => Math.round(Number(text || '0') * 100);
      const moved = sql<{ total: number }>(
        `SELECT coalesce(sum(amount_kobo), 0) AS total FROM corrections c WHERE c.route <> 'terminal' OR EXISTS (SELECT 1 FROM correction_outcomes o WHERE o.correction_id = c.id AND o.outcome = 'done')`,
      )[0]!.total;
      expect(rows.reduce((total, r) => total + kobo(r.given_back_ngn), 0)).toBe(moved);
      expect(corrections.reduce((total, r) => total + kobo(r.cash_ngn) + kobo(r.card_ngn) + kobo(r.transfer_ngn), 0)).toBe(-moved);
    });

    it('the Z report shows voids and refunds per tender and per approver, and the cancellations still owed, exactly as the journal rows add up', async () => {
      const expected = await drawer();
      const z = value(await api()['shift:close']({ countedKobo: expected }));
      expect(z.differenceKobo).toBe(0);

      // Independent sums, straight from the journal rows of this shift.
      const shiftId = sql<{ id: number }>('SELECT id FROM shifts WHERE z_number = ?', z.zNumber)[0]!.id;
      const rows = sql<{ kind: string; tender: string; approver: string; amount: number }>(
        `SELECT c.kind, c.tender, s.name AS approver, c.amount_kobo AS amount FROM corrections c JOIN staff s ON s.id = c.approved_by WHERE c.shift_id = ? AND c.terminal_id = 'T01'`,
        shiftId,
      );
      const sum = (list: typeof rows) => ({ count: list.length, totalKobo: list.reduce((acc, r) => acc + r.amount, 0) });
      expect(z.corrections!.voids).toEqual(sum(rows.filter((r) => r.kind === 'void')));
      expect(z.corrections!.refunds).toEqual(sum(rows.filter((r) => r.kind === 'refund')));
      for (const line of z.corrections!.byTender) expect(line, `${line.kind} ${line.tender}`).toMatchObject(sum(rows.filter((r) => r.kind === line.kind && r.tender === line.tender)));
      expect(z.corrections!.byApprover.map((a) => [a.name, a.count, a.totalKobo])).toEqual(
        [...new Set(rows.map((r) => r.approver))].sort().map((name) => [name, sum(rows.filter((r) => r.approver === name)).count, sum(rows.filter((r) => r.approver === name)).totalKobo]),
      );
      expect(z.corrections!.refunds.count).toBe(5);
      expect(z.corrections!.voids.count).toBe(1);

      // The drawer: float + cash taken - change + in - out - cash given back, from the rows alone.
      const [cash] = sql<{ expected: number }>(
        `SELECT sh.float_kobo
                + (SELECT coalesce(sum(t.tendered_kobo - t.change_kobo), 0) FROM tenders t WHERE t.shift_id = sh.id AND t.kind = 'cash')
                + (SELECT coalesce(sum(CASE kind WHEN 'in' THEN amount_kobo ELSE -amount_kobo END), 0) FROM cash_movements WHERE shift_id = sh.id)
                - (SELECT coalesce(sum(amount_kobo), 0) FROM corrections WHERE shift_id = sh.id AND tender = 'cash') AS expected
         FROM shifts sh WHERE sh.id = ?`,
        shiftId,
      );
      expect(z.cash.expectedKobo).toBe(cash!.expected);

      const owed = sql<{ correction_id: string }>(
        `SELECT correction_id FROM cancellations k WHERE terminal_id = 'T01' AND NOT EXISTS (SELECT 1 FROM cancellation_moves m WHERE m.correction_id = k.correction_id AND m.to_state = 'closed') ORDER BY opened_at, correction_id`,
      );
      expect(z.cancellationsOwed!.map((c) => c.correctionId)).toEqual(owed.map((o) => o.correction_id));
      expect(value(await api()['shift:z-report']({ zNumber: z.zNumber }))).toEqual(z);
    });

    it('no money goes back outside a shift', async () => {
      const stayOpen = value(await api()['correction:options']({ saleId: sales.card.id }));
      expect(stayOpen.drawerKobo).toBeNull();
      expect(
        failure(await api()['correction:refund']({ correctionId: correctionId(), saleId: sales.card.id, basis: stayOpen.basis, tender: 'card', approvalCode: 'X1', lines: [{ line: 0, quantity: 1 }], approval: approval('ngozi'), ...reason })),
      ).toMatchObject({ code: 'SHIFT_REQUIRED' });
    });
  });

  describe('the front desk finds the sale', () => {
    it('by partner reference, by the customer’s phone as typed, or by name', async () => {
      const found = async (text: string) => value(await api()['sale:search']({ text, limit: 50 })).sales.map((s) => s.id);
      expect(await found(sales.card.partnerReference!)).toEqual([sales.card.id]);
      expect(await found(sales.card.partnerReference!.toLowerCase())).toEqual([sales.card.id]);
      for (const typed of ['0809 555 1212', '08095551212', '+234 809 555 1212', '2348095551212', '555 1212']) expect(await found(typed), typed).toEqual([sales.card.id]);
      expect(await found('adaeze nwosu')).toEqual([sales.card.id]);
      expect(await found('Nwosu')).toEqual([sales.card.id]);
      expect(await found('0809 555 0000')).toEqual([]);
      // What was given back shows with the sale found.
      const [sale] = value(await api()['sale:search']({ text: 'Adaeze', limit: 5 })).sales;
      expect(sale!.corrections).toEqual([expect.objectContaining({ kind: 'refund', approvalCode: 'RFD-88121' })]);
    });
  });

  describe('a kiosk', () => {
    it('never gives money back: it sends the customer to the front desk with the sale reference', async () => {
      const kiosk = openTill({ url: partner.url, profile: 'kiosk' });
      try {
        await readyToSell(kiosk.pos);
        const sale = sellInto(kiosk.journal, { staffId: 1, state: 'confirmed', tender: 'card', partnerReference: 'EX-KIOSK-42' });
        expect(failure(await kiosk.pos.api['correction:options']({ saleId: sale }))).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/Please see the front desk with your sale reference EX-KIOSK-42/) });
        expect(
          failure(await kiosk.pos.api['correction:refund']({ correctionId: correctionId(), saleId: sale, basis: 0, tender: 'card', approvalCode: 'A', lines: [{ line: 0, quantity: 1 }], approval: { supervisorId: 2, pin: '1111' }, ...reason })),
        ).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/front desk/) });
        value(await kiosk.pos.api['staff:sign-out']({}));
        expect(failure(await kiosk.pos.api['correction:options']({ saleId: sale }))).toMatchObject({ code: 'UNAUTHORIZED' });
      } finally {
        await kiosk.close();
      }
    });
  });
});
