import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, legalTransitions, openJournal, registerChainFunctions, saleStates, type CreateSaleInput, type Journal, type SaleState } from '../../electron/journal';
import { migrations } from '../../electron/journal/migrations';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-sales-'));
const file = journalFile(root);
let journal: Journal;
let cashierId: number;
let now = Date.parse('2025-03-14T08:00:00.000Z');
/** Each reading moves time on by a second, so every row has its own, ordered timestamp. */
const clock = () => new Date((now += 1000));

beforeAll(async () => {
  const opened = openJournal({ file, terminalId: 'BO2', clock });
  if (!opened.ok) throw new Error(opened.error.message);
  journal = opened.value;
  const cashier = await journal.staff.create({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' });
  if (!cashier.ok) throw new Error(cashier.error.message);
  cashierId = cashier.value.id;
  expect(journal.shifts.open({ staffId: cashierId, floatKobo: 1_000_000 }).ok).toBe(true);
});
afterAll(() => {
  journal.close();
  fs.rmSync(root, { recursive: true, force: true });
});

let saleCount = 0;
function saleInput(overrides: Partial<CreateSaleInput> = {}): CreateSaleInput {
  const id = `BO2-${++saleCount}`;
  return {
    id,
    staffId: cashierId,
    kind: 'cinema',
    quoteKobo: 700_000,
    request: { tickets: [{ id: 'tc-1', count: 2 }], merchant_reference: id },
    details: { items: [{ title: 'Regular', count: 2, priceKobo: 350_000 }], customer: { name: 'Amaka Obi', email: 'amaka@example.ng' } },
    tenders: [{ kind: 'cash', amountKobo: 700_000, tenderedKobo: 1_000_000 }],
    ...overrides,
  };
}

function created(input: CreateSaleInput) {
  const result = journal.sales.create(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value.sale;
}

describe('writing a sale down', () => {
  it('stores it pending in the open shift with terminal, tenders, change and a first event', () => {
    const sale = created(saleInput());
    expect(sale).toMatchObject({ terminalId: 'BO2', staffId: cashierId, state: 'pending', quoteKobo: 700_000, amountMismatch: false });
    expect(sale.tenders).toEqual([{ kind: 'cash', amountKobo: 700_000, tenderedKobo: 1_000_000, changeKobo: 300_000, approvalCode: null, transferReference: null }]);
    const shift = journal.shifts.current();
    expect(shift.ok && sale.shiftId).toBe(shift.ok && shift.value?.id);
    expect(journal.sales.events(sale.id)).toMatchObject({ ok: true, value: [{ fromState: null, toState: 'pending' }] });
  });

  it('returns the existing sale untouched when the same id comes again', () => {
    const first = journal.sales.create(saleInput());
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.created).toBe(true);
    const again = journal.sales.create({ ...saleInput(), id: first.value.sale.id, quoteKobo: 1, tenders: [], details: { other: true } });
    expect(again).toEqual({ ok: true, value: { sale: first.value.sale, created: false } });
    expect(journal.sales.events(first.value.sale.id)).toMatchObject({ ok: true, value: [{ toState: 'pending' }] });
  });

  it('writes a sale down already sent in one transaction: the same two moves, one commit, and nothing when it cannot be written', () => {
    const input = saleInput();
    const result = journal.sales.createSent(input);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({ created: true, sale: { id: input.id, state: 'sent', quoteKobo: 700_000 } });
    const events = journal.sales.events(input.id);
    expect(events).toMatchObject({ ok: true, value: [{ fromState: null, toState: 'pending' }, { fromState: 'pending', toState: 'sent' }] });
    // Written in one moment (this test's clock moves a second at every reading).
    expect(events.ok && events.value[1]!.at).toBe(events.ok && events.value[0]!.at);
    // The same id again: untouched, whichever way it is written.
    expect(journal.sales.createSent({ ...input, details: { other: true } })).toEqual({ ok: true, value: { sale: result.value.sale, created: false } });
    expect(journal.sales.create(input)).toEqual({ ok: true, value: { sale: result.value.sale, created: false } });
    // A sale that cannot be written (a member of staff not on file) leaves no row and no event behind.
    const refused = journal.sales.createSent(saleInput({ staffId: 999 }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(journal.sales.get(`BO2-${saleCount}`)).toEqual({ ok: true, value: null });
  });

  it('refuses tenders that do not add up, cash that does not cover, and bad ids, naming the field', () => {
    const short = journal.sales.create(saleInput({ tenders: [{ kind: 'card', amountKobo: 600_000 }] }));
    expect(short).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { tenders: expect.any(Array) } } });
    const notCovered = journal.sales.create(saleInput({ tenders: [{ kind: 'cash', amountKobo: 700_000, tenderedKobo: 500_000 }] }));
    expect(notCovered).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { 'tenders.0.tenderedKobo': expect.any(Array) } } });
    const badId = journal.sales.create(saleInput({ id: 'has space' }));
    expect(badId).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { id: expect.any(Array) } } });
    const stranger = journal.sales.create(saleInput({ staffId: 999 }));
    expect(stranger).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { staffId: expect.any(Array) } } });
    const fractional = journal.sales.create(saleInput({ quoteKobo: 12.5 }));
    expect(fractional).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { quoteKobo: expect.any(Array) } } });
  });

  it('records split tenders: card with approval code and bank transfer with reference', () => {
    const sale = created(
      saleInput({
        kind: 'hotel',
        quoteKobo: 9_000_000,
        tenders: [
          { kind: 'card', amountKobo: 5_000_000, approvalCode: 'A12345' },
          { kind: 'transfer', amountKobo: 4_000_000, transferReference: 'GTB-778812' },
        ],
      }),
    );
    expect(sale.tenders.map((t) => [t.kind, t.amountKobo, t.approvalCode, t.transferReference])).toEqual([
      ['card', 5_000_000, 'A12345', null],
      ['transfer', 4_000_000, null, 'GTB-778812'],
    ]);
  });
});

describe('moving a sale along', () => {
  it('appends one event per transition and keeps partner references, flagging an amount mismatch', () => {
    const sale = created(saleInput());
    expect(journal.sales.transition(sale.id, 'sent')).toMatchObject({ ok: true, value: { state: 'sent' } });
    expect(journal.sales.transition(sale.id, 'unknown', { failureReason: 'No answer within 15 s' })).toMatchObject({ ok: true, value: { state: 'unknown' } });
    const confirmed = journal.sales.transition(sale.id, 'confirmed', {
      partnerReference: 'EXP48213',
      invoiceId: '99120',
      partnerAmountKobo: 720_000,
      note: { settledBy: 'transaction lookup' },
    });
    expect(confirmed).toMatchObject({
      ok: true,
      value: { state: 'confirmed', partnerReference: 'EXP48213', invoiceId: '99120', partnerAmountKobo: 720_000, quoteKobo: 700_000, amountMismatch: true },
    });
    const events = journal.sales.events(sale.id);
    if (!events.ok) throw new Error(events.error.message);
    expect(events.value.map((e) => [e.fromState, e.toState])).toEqual([
      [null, 'pending'],
      ['pending', 'sent'],
      ['sent', 'unknown'],
      ['unknown', 'confirmed'],
    ]);
    expect(events.value[3]!.detail).toMatchObject({ partnerReference: 'EXP48213', note: { settledBy: 'transaction lookup' } });
    expect(new Set(events.value.map((e) => e.at)).size).toBe(4);
  });

  it('matches the legal moves exactly, and refuses every other one without writing an event', () => {
    const reach: Record<SaleState, SaleState[]> = { pending: [], sent: ['sent'], unknown: ['sent', 'unknown'], confirmed: ['sent', 'confirmed'], rejected: ['rejected'] };
    for (const from of saleStates) {
      for (const to of saleStates) {
        const sale = created(saleInput());
        for (const step of reach[from]) journal.sales.transition(sale.id, step, { failureReason: 'test' });
        const eventsBefore = journal.sales.events(sale.id);
        const result = journal.sales.transition(sale.id, to, { failureReason: 'test' });
        expect(result.ok, `${from} -> ${to}`).toBe(legalTransitions[from].includes(to));
        if (!result.ok) {
          expect(result.error.code).toBe('CONFLICT');
          expect(journal.sales.events(sale.id)).toEqual(eventsBefore);
          expect(journal.sales.get(sale.id)).toMatchObject({ ok: true, value: { state: from } });
        }
      }
    }
  });

  it('needs a reason to reject, and says so for a sale it does not know', () => {
    const sale = created(saleInput());
    expect(journal.sales.transition(sale.id, 'rejected')).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { failureReason: expect.any(Array) } } });
    expect(journal.sales.transition('NO-SUCH', 'sent')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(journal.sales.transition(sale.id, 'refunded' as SaleState)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });

  it('writes what waits on a confirmation (the receipt job) in the same commit as the sale, and keeps the sale whatever that work does', () => {
    // Another connection on the file sees only what is committed.
    const outside = new Database(file, { readonly: true });
    const committed = (id: string) => ({
      state: (outside.prepare('SELECT state FROM sales WHERE id = ?').pluck().get(id) as string) ?? null,
      jobs: outside.prepare("SELECT count(*) FROM print_jobs WHERE sale_id = ? AND kind = 'receipt'").pluck().get(id) as number,
    });
    const seen: Array<ReturnType<typeof committed>> = [];
    let throwAfterQueueing = false;
    const stop = journal.sales.whileConfirming((saleId) => {
      expect(journal.printJobs.enqueue({ kind: 'receipt', saleId, payload: { receipt: saleId } }).ok).toBe(true);
      seen.push(committed(saleId));
      if (throwAfterQueueing) throw new Error('the printer code broke');
    });
    try {
      const sale = created(saleInput());
      journal.sales.transition(sale.id, 'sent');
      expect(seen).toEqual([]);
      expect(journal.sales.transition(sale.id, 'confirmed', { partnerReference: 'EXP70001' })).toMatchObject({ ok: true, value: { state: 'confirmed' } });
      // Inside: neither the confirmation nor the job was on disk yet. After: both are.
      expect(seen).toEqual([{ state: 'sent', jobs: 0 }]);
      expect(committed(sale.id)).toEqual({ state: 'confirmed', jobs: 1 });

      throwAfterQueueing = true;
      const other = created(saleInput());
      journal.sales.transition(other.id, 'sent');
      expect(journal.sales.transition(other.id, 'confirmed', { partnerReference: 'EXP70002' })).toMatchObject({ ok: true, value: { state: 'confirmed' } });
      // The work's own write is taken back; the sale is confirmed all the same.
      expect(committed(other.id)).toEqual({ state: 'confirmed', jobs: 0 });

      stop();
      const third = created(saleInput());
      journal.sales.transition(third.id, 'sent');
      journal.sales.transition(third.id, 'confirmed', { partnerReference: 'EXP70003' });
      expect(seen).toHaveLength(2);
    } finally {
      stop();
      outside.close();
    }
  });
});

describe('rules the file itself keeps, whatever code writes to it', () => {
  // Like every writer of the journal, a raw connection registers the hash chain's sha256() first.
  const raw = () => registerChainFunctions(new Database(file));

  it('refuses to delete any journal row', () => {
    const sale = created(saleInput());
    expect(journal.shifts.moveCash({ kind: 'in', amountKobo: 50_000, reason: 'Change from the bank', staffId: cashierId }).ok).toBe(true);
    expect(journal.printJobs.enqueue({ kind: 'test', payload: { lines: ['Test page'] } }).ok).toBe(true);
    const db = raw();
    for (const table of ['sales', 'sale_events', 'tenders', 'shifts', 'staff', 'cash_movements', 'print_jobs']) {
      expect(db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck().get(), table).toBeGreaterThan(0);
      expect(() => db.prepare(`DELETE FROM ${table}`).run(), table).toThrow(/never deleted/);
    }
    db.close();
    expect(journal.sales.get(sale.id)).toMatchObject({ ok: true, value: { id: sale.id } });
  });

  it('refuses an illegal state change and any rewrite of what was sold', () => {
    const sale = created(saleInput());
    const db = raw();
    expect(() => db.prepare("UPDATE sales SET state = 'confirmed' WHERE id = ?").run(sale.id)).toThrow(/not allowed/);
    db.prepare("UPDATE sales SET state = 'sent' WHERE id = ?").run(sale.id);
    expect(() => db.prepare("UPDATE sales SET state = 'confirmed', quote_kobo = 1 WHERE id = ?").run(sale.id)).toThrow(/cannot be changed/);
    expect(() => db.prepare("UPDATE tenders SET amount_kobo = 1 WHERE sale_id = ?").run(sale.id)).toThrow(/cannot be changed/);
    expect(() => db.prepare("UPDATE sale_events SET to_state = 'confirmed' WHERE sale_id = ?").run(sale.id)).toThrow(/cannot be changed/);
    db.prepare("UPDATE sales SET state = 'rejected', failure_reason = 'x' WHERE id = ?").run(sale.id);
    expect(() => db.prepare("UPDATE sales SET state = 'confirmed' WHERE id = ?").run(sale.id)).toThrow(/not allowed/);
    db.close();
  });

  it('lets one partner reference confirm one sale only, whatever code writes', () => {
    const first = created(saleInput());
    const second = created(saleInput());
    for (const sale of [first, second]) expect(journal.sales.transition(sale.id, 'sent').ok).toBe(true);
    expect(journal.sales.transition(first.id, 'confirmed', { partnerReference: 'EX4440001112' }).ok).toBe(true);
    expect(journal.sales.saleWithReference('EX4440001112')).toEqual({ ok: true, value: first.id });
    expect(journal.sales.saleWithReference('EX0000000000')).toEqual({ ok: true, value: null });
    // The same reference for another sale: refused by the file, and nothing moved.
    expect(journal.sales.transition(second.id, 'confirmed', { partnerReference: 'EX4440001112' })).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: expect.stringMatching(/already confirms another sale/) } });
    expect(journal.sales.get(second.id)).toMatchObject({ ok: true, value: { state: 'sent', partnerReference: null } });
    const db = raw();
    expect(() => db.prepare("UPDATE sales SET state = 'confirmed', partner_reference = 'EX4440001112' WHERE id = ?").run(second.id)).toThrow(/one purchase is one sale/);
    db.close();
  });

  it('opens a file from before that rule which already holds two sales with one reference, and keeps selling', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-reference-'));
    const older = journalFile(dir);
    const sent = (j: Journal, id: string, staffId: number) => {
      expect(j.sales.create({ ...saleInput(), id, staffId, request: { merchant_reference: id } }).ok).toBe(true);
      const moved = j.sales.transition(id, 'sent');
      if (!moved.ok) throw new Error(moved.error.message);
    };
    try {
      const first = openJournal({ file: older, terminalId: 'BO9', clock });
      if (!first.ok) throw new Error(first.error.message);
      const staff = await first.value.staff.create({ name: 'Ngozi Obi', role: 'supervisor', pin: '2468' });
      if (!staff.ok) throw new Error(staff.error.message);
      expect(first.value.shifts.open({ staffId: staff.value.id, floatKobo: 0 }).ok).toBe(true);
      for (const id of ['OLD-1', 'OLD-2', 'OLD-3']) sent(first.value, id, staff.value.id);
      expect(first.value.sales.transition('OLD-1', 'confirmed', { partnerReference: 'EX7770001112' }).ok).toBe(true);
      first.value.close();
      // As step 9 left a file: no rule yet, and a second sale confirmed on the same reference (a replayed answer).
      const db = registerChainFunctions(new Database(older));
      db.exec('DROP TRIGGER sales_partner_reference_once; DROP TRIGGER sales_partner_reference_once_insert; DROP INDEX sales_by_partner_reference');
      db.prepare("UPDATE sales SET state = 'confirmed', partner_reference = 'EX7770001112' WHERE id = 'OLD-2'").run();
      db.pragma('user_version = 9');
      db.close();

      const reopened = openJournal({ file: older, terminalId: 'BO9', clock });
      if (!reopened.ok) throw new Error(reopened.error.message);
      try {
        expect(reopened.value.schema).toEqual({ from: 9, to: migrations.length });
        expect(reopened.value.sales.get('OLD-2')).toMatchObject({ ok: true, value: { state: 'confirmed', partnerReference: 'EX7770001112' } });
        expect(reopened.value.sales.transition('OLD-3', 'confirmed', { partnerReference: 'EX7770001112' })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
        expect(reopened.value.sales.transition('OLD-3', 'confirmed', { partnerReference: 'EX7770009999' }).ok).toBe(true);
      } finally {
        reopened.value.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a sale that does not start pending, and money that is not whole kobo', () => {
    const db = raw();
    const insert = (state: string, quote: unknown) =>
      db
        .prepare(
          `INSERT INTO sales (id, terminal_id, shift_id, staff_id, kind, state, quote_kobo, request_json, details_json, created_at, updated_at)
           VALUES (?, 'BO2', (SELECT id FROM shifts WHERE closed_at IS NULL), NULL, 'cinema', ?, ?, '{}', '{}', 'x', 'x')`,
        )
        .run(`RAW-${state}-${String(quote)}`, state, quote);
    expect(() => insert('confirmed', 100)).toThrow(/pending first/);
    expect(() => insert('pending', 12.5)).toThrow(/cannot store REAL value in INTEGER column/);
    expect(() => insert('pending', '100')).not.toThrow();
    db.close();
  });
});

describe('finding sales', () => {
  it('lists by state oldest first, and searches by reference or customer newest first', () => {
    const a = created(saleInput({ details: { customer: { name: 'Ifeoma 100%_Real' } } }));
    const b = created(saleInput({ details: { customer: { name: 'Ifeoma Nwosu' } } }));
    journal.sales.transition(b.id, 'sent');
    journal.sales.transition(b.id, 'unknown', { failureReason: 'timeout' });
    journal.sales.transition(a.id, 'sent');
    journal.sales.transition(a.id, 'confirmed', { bookingNumber: 'HB-5521' });

    const unknown = journal.sales.listByState(['unknown']);
    if (!unknown.ok) throw new Error(unknown.error.message);
    expect(unknown.value.map((s) => s.id)).toContain(b.id);
    expect(unknown.value.every((s) => s.state === 'unknown')).toBe(true);
    const ids = unknown.value.map((s) => s.createdAt);
    expect([...ids].sort()).toEqual(ids);

    expect(journal.sales.search({ text: 'HB-5521' })).toMatchObject({ ok: true, value: [{ id: a.id }] });
    expect(journal.sales.search({ text: 'ifeoma' })).toMatchObject({ ok: true, value: [{ id: b.id }, { id: a.id }] });
    // % and _ are matched literally, not as wildcards.
    expect(journal.sales.search({ text: '100%_' })).toMatchObject({ ok: true, value: [{ id: a.id }] });
    expect(journal.sales.search({ text: 'Ifeoma', from: b.createdAt })).toMatchObject({ ok: true, value: [{ id: b.id }] });
    expect(journal.sales.search({ text: 'Ifeoma', to: b.createdAt })).toMatchObject({ ok: true, value: [{ id: a.id }] });
    expect(journal.sales.search({ limit: 0 })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });
});
