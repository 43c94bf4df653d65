import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, migrations, openJournal, type Journal } from '../../electron/journal';
import { applyMigrations } from '../../electron/journal/migrate';
import { corrections } from '../../electron/journal/migrations/0006-corrections';
import { hashPin } from '../../electron/journal/pin-hash';
import { registerChainFunctions } from '../../electron/journal/chain-functions';
import { cinemaLines, sellInto, totalOf } from '../helpers/corrections-fixture';

/**
 * The money rules of voids and refunds live in the journal itself: these tests write rows with
 * plain SQL on a second connection, past every check in the code, and watch the triggers refuse.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-corrections-'));
const file = journalFile(root);
let journal: Journal;
let raw: Database.Database;
const staff = { boss: 0, deputy: 0, cashier: 0 };
let now = Date.parse('2026-11-21T08:00:00.000Z');
const clock = () => new Date((now += 1000));

beforeAll(async () => {
  const opened = openJournal({ file, terminalId: 'T01', clock });
  if (!opened.ok) throw new Error(opened.error.message);
  journal = opened.value;
  for (const [key, name, role] of [
    ['boss', 'Bola Adeyemi', 'supervisor'],
    ['deputy', 'Ngozi Okafor', 'supervisor'],
    ['cashier', 'Tunde Bakare', 'cashier'],
  ] as const) {
    const created = await journal.staff.create({ name, role, pin: '2468' });
    if (!created.ok) throw new Error(created.error.message);
    staff[key] = created.value.id;
  }
  const shift = journal.shifts.open({ staffId: staff.boss, floatKobo: 5_000_000 });
  if (!shift.ok) throw new Error(shift.error.message);
  raw = new Database(file);
  raw.pragma('foreign_keys = ON');
  // The hash chain's triggers (when present) call sha256(), which every connection must provide.
  registerChainFunctions(raw);
});

afterAll(() => {
  raw.close();
  journal.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const shiftId = () => (journal.shifts.current() as { ok: true; value: { id: number } }).value.id;

/** A correction row as plain SQL, defaulting to a valid cash refund of one Regular ticket. */
function insert(row: Record<string, unknown>) {
  const values = {
    id: `C-${Math.random().toString(36).slice(2, 10)}`,
    seq: 1,
    terminal_id: 'T01',
    shift_id: shiftId(),
    kind: 'refund',
    tender: 'cash',
    route: 'drawer',
    amount_kobo: 250_000,
    lines_json: JSON.stringify([{ line: 0, quantity: 1 }]),
    approval_code: null,
    transfer_reference: null,
    reason: 'customer-cancelled',
    note: 'changed plans',
    asked_by: staff.cashier,
    approved_by: staff.boss,
    created_at: new Date().toISOString(),
    ...row,
  };
  raw
    .prepare(
      `INSERT INTO corrections (id, sale_id, seq, terminal_id, shift_id, kind, tender, route, amount_kobo, lines_json, approval_code, transfer_reference, reason, note, asked_by, approved_by, created_at)
       VALUES (@id, @sale_id, @seq, @terminal_id, @shift_id, @kind, @tender, @route, @amount_kobo, @lines_json, @approval_code, @transfer_reference, @reason, @note, @asked_by, @approved_by, @created_at)`,
    )
    .run(values);
  return values.id as string;
}

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the journal to refuse');
};

describe('the journal refuses illegal corrections by itself', () => {
  it('keeps a refund within what was paid and what was sold, line by line', () => {
    const sale = sellInto(journal, { staffId: staff.cashier, state: 'confirmed', tender: 'cash' });
    // 3 Regular at 2,500 + 2 VIP at 4,500 = 16,500 paid in cash
    expect(refusal(() => insert({ sale_id: sale, amount_kobo: 250_001 }))).toBe('A refund cannot be more than the price of the items it takes back.');
    expect(refusal(() => insert({ sale_id: sale, lines_json: JSON.stringify([{ line: 0, quantity: 4 }]), amount_kobo: 1_000_000 }))).toBe('That is more items than are left to refund on this sale.');
    expect(refusal(() => insert({ sale_id: sale, lines_json: JSON.stringify([{ line: 7, quantity: 1 }]) }))).toBe('That is more items than are left to refund on this sale.');
    expect(refusal(() => insert({ sale_id: sale, lines_json: JSON.stringify([{ line: 0, quantity: -1 }]) }))).toBe('Each refunded line is named once, with a whole number of items above zero.');
    expect(refusal(() => insert({ sale_id: sale, lines_json: JSON.stringify([{ line: 0, quantity: 1.5 }]) }))).toBe('Each refunded line is named once, with a whole number of items above zero.');
    expect(refusal(() => insert({ sale_id: sale, lines_json: JSON.stringify([{ line: 0, quantity: 1 }, { line: 0, quantity: 1 }]) }))).toBe(
      'Each refunded line is named once, with a whole number of items above zero.',
    );
    expect(refusal(() => insert({ sale_id: sale, amount_kobo: -5 }))).toMatch(/CHECK constraint failed/);
    expect(refusal(() => insert({ sale_id: sale, tender: 'card', route: 'approval-code', approval_code: 'X1' }))).toBe('That is more than is left of what the customer paid this way.');

    insert({ sale_id: sale, seq: 1, lines_json: JSON.stringify([{ line: 0, quantity: 2 }]), amount_kobo: 500_000 });
    insert({ sale_id: sale, seq: 2, lines_json: JSON.stringify([{ line: 0, quantity: 1 }, { line: 1, quantity: 2 }]), amount_kobo: 1_150_000 });
    // Every item is back: nothing more may go, not even one kobo.
    expect(refusal(() => insert({ sale_id: sale, seq: 3, lines_json: JSON.stringify([{ line: 1, quantity: 1 }]), amount_kobo: 1 }))).toBe('That is more items than are left to refund on this sale.');
    const corrections = journal.corrections.forSale(sale);
    expect(corrections.ok && corrections.value.reduce((sum, c) => sum + c.amountKobo, 0)).toBe(totalOf(cinemaLines));
  });

  it('numbers a sale’s corrections in order, so two from the same starting point make one', () => {
    const sale = sellInto(journal, { staffId: staff.cashier, state: 'confirmed', tender: 'cash' });
    insert({ sale_id: sale, seq: 1 });
    expect(refusal(() => insert({ sale_id: sale, seq: 1 }))).toMatch(/a moment ago|UNIQUE/);
    expect(refusal(() => insert({ sale_id: sale, seq: 3 }))).toBe('Someone else gave money back for this sale a moment ago. Look at the sale again before giving more.');
    insert({ sale_id: sale, seq: 2 });
  });

  it('voids only rejected sales, refunds only confirmed ones, and neither while the outcome is unknown', () => {
    const confirmed = sellInto(journal, { staffId: staff.cashier, state: 'confirmed', tender: 'cash' });
    const rejected = sellInto(journal, { staffId: staff.cashier, state: 'rejected', tender: 'cash' });
    const unknown = sellInto(journal, { staffId: staff.cashier, state: 'unknown', tender: 'cash' });
    const kindRule = 'A rejected sale is voided and a confirmed sale is refunded, never the other way round.';
    expect(refusal(() => insert({ sale_id: confirmed, kind: 'void', lines_json: '[]', amount_kobo: 100 }))).toBe(kindRule);
    expect(refusal(() => insert({ sale_id: rejected }))).toBe(kindRule);
    expect(refusal(() => insert({ sale_id: unknown }))).toBe("This sale's outcome is not known yet, so no money can be given back until it is settled.");
    expect(refusal(() => insert({ sale_id: rejected, kind: 'void', lines_json: '[]', amount_kobo: totalOf(cinemaLines) + 1 }))).toBe('That is more than is left of what the customer paid this way.');
    insert({ sale_id: rejected, kind: 'void', lines_json: '[]', amount_kobo: totalOf(cinemaLines) });
  });

  it('needs an active supervisor other than the person asking, on the sale’s own terminal, in an open shift', () => {
    const sale = sellInto(journal, { staffId: staff.cashier, state: 'confirmed', tender: 'cash' });
    expect(refusal(() => insert({ sale_id: sale, approved_by: staff.cashier, asked_by: staff.deputy }))).toBe('Only an active supervisor can approve giving money back.');
    expect(refusal(() => insert({ sale_id: sale, approved_by: staff.boss, asked_by: staff.boss }))).toMatch(/CHECK constraint failed/);
    expect(refusal(() => insert({ sale_id: sale, terminal_id: 'T02' }))).toBe('Money for a sale is given back only on the terminal that made the sale.');
    expect(refusal(() => insert({ sale_id: 'NO-SUCH-SALE' }))).toMatch(/terminal that made the sale|FOREIGN KEY/);
  });

  it('never changes or deletes a correction, a terminal answer or a cancellation step', () => {
    const sale = sellInto(journal, { staffId: staff.cashier, state: 'confirmed', tender: 'cash' });
    const id = insert({ sale_id: sale });
    raw.prepare(`INSERT INTO cancellations (correction_id, sale_id, terminal_id, partner_reference, opened_at) VALUES (?, ?, 'T01', 'EX1', ?)`).run(id, sale, new Date().toISOString());
    expect(refusal(() => raw.prepare('UPDATE corrections SET amount_kobo = 1 WHERE id = ?').run(id))).toBe('A recorded void or refund cannot be changed.');
    expect(refusal(() => raw.prepare('DELETE FROM corrections WHERE id = ?').run(id))).toBe('Journal rows are never deleted.');
    expect(refusal(() => raw.prepare('DELETE FROM cancellations WHERE correction_id = ?').run(id))).toBe('Journal rows are never deleted.');
    expect(refusal(() => raw.prepare('UPDATE cancellations SET partner_reference = ? WHERE correction_id = ?').run('EX2', id))).toBe('A cancellation record cannot be changed; record its next step instead.');
    expect(refusal(() => raw.prepare(`INSERT INTO correction_outcomes (correction_id, terminal_id, outcome, detail, at) VALUES (?, 'T01', 'failed', 'x', 'now')`).run(id))).toBe(
      "Only a card terminal's answer is recorded after a void or refund.",
    );
  });

  it('moves a cancellation owed -> agreed -> closed, never closed before agreed, fee within the refund', () => {
    const sale = sellInto(journal, { staffId: staff.cashier, state: 'confirmed', tender: 'transfer', partnerReference: 'EX7788' });
    const recorded = journal.corrections.record({
      id: 'REFUND-TRANSFER-1',
      saleId: sale,
      seq: 1,
      kind: 'refund',
      tender: 'transfer',
      route: 'bank',
      amountKobo: 450_000,
      lines: [{ line: 1, quantity: 1 }],
      transferReference: 'GTB-REF-0001',
      reason: 'venue-cancelled',
      note: 'screen 3 closed for repairs',
      askedBy: staff.cashier,
      approvedBy: staff.deputy,
    });
    if (!recorded.ok) throw new Error(recorded.error.message);
    expect(recorded.value.correction.cancellation).toMatchObject({ state: 'owed', partnerReference: 'EX7788', moves: [] });
    expect(journal.corrections.moveCancellation({ to: 'closed', correctionId: 'REFUND-TRANSFER-1', staffId: staff.cashier })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: 'Record who agreed to the cancellation before closing it.' },
    });
    expect(
      journal.corrections.moveCancellation({ to: 'agreed', correctionId: 'REFUND-TRANSFER-1', agreedByName: 'Funke at Marina', agreedChannel: 'phone', feeWithheldKobo: 450_001, staffId: staff.cashier }),
    ).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: 'The fee withheld cannot be more than the refund.' } });
    const agreed = journal.corrections.moveCancellation({ to: 'agreed', correctionId: 'REFUND-TRANSFER-1', agreedByName: 'Funke at Marina', agreedChannel: 'phone', feeWithheldKobo: 20_000, staffId: staff.cashier });
    expect(agreed).toMatchObject({ ok: true, value: { cancellation: { state: 'agreed', moves: [{ agreedByName: 'Funke at Marina', agreedChannel: 'phone', feeWithheldKobo: 20_000 }] } } });
    expect(journal.corrections.cancellations({ open: true })).toMatchObject({ ok: true, value: expect.arrayContaining([expect.objectContaining({ id: 'REFUND-TRANSFER-1' })]) });
    expect(journal.corrections.moveCancellation({ to: 'closed', correctionId: 'REFUND-TRANSFER-1', note: 'credited on the March statement', staffId: staff.boss })).toMatchObject({
      ok: true,
      value: { cancellation: { state: 'closed' } },
    });
    const open = journal.corrections.cancellations({ open: true });
    expect(open.ok && open.value.map((c) => c.id)).not.toContain('REFUND-TRANSFER-1');
  });

  it('counts a card-terminal attempt until the terminal says it failed, and takes one final answer', () => {
    const sale = sellInto(journal, { staffId: staff.cashier, state: 'confirmed', tender: 'card' });
    const attempt = (id: string, seq: number) =>
      journal.corrections.record({
        id,
        saleId: sale,
        seq,
        kind: 'refund',
        tender: 'card',
        route: 'terminal',
        amountKobo: totalOf(cinemaLines),
        lines: [
          { line: 0, quantity: 3 },
          { line: 1, quantity: 2 },
        ],
        reason: 'sold-twice',
        note: 'sold twice by mistake',
        askedBy: staff.cashier,
        approvedBy: staff.boss,
      });
    expect(attempt('CARD-ATTEMPT-1', 1)).toMatchObject({ ok: true, value: { correction: { state: 'pending', cancellation: null } } });
    // While the terminal has not answered, the money counts as going back.
    expect(attempt('CARD-ATTEMPT-2', 2)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(journal.corrections.settle('CARD-ATTEMPT-1', { outcome: 'unknown', detail: 'no answer' })).toMatchObject({ ok: true, value: { state: 'unknown' } });
    expect(journal.corrections.settle('CARD-ATTEMPT-1', { outcome: 'failed', detail: 'Declined by the bank.' })).toMatchObject({ ok: true, value: { state: 'failed', problem: 'Declined by the bank.' } });
    expect(refusal(() => raw.prepare(`INSERT INTO correction_outcomes (correction_id, terminal_id, outcome, terminal_reference, detail, at) VALUES ('CARD-ATTEMPT-1', 'T01', 'done', 'R1', '', 'now')`).run())).toBe(
      "The card terminal's answer for this void or refund is already recorded.",
    );
    // Failed: nothing went back, so the whole amount can go back again.
    expect(attempt('CARD-ATTEMPT-2', 2)).toMatchObject({ ok: true, value: { correction: { state: 'pending' } } });
    expect(journal.corrections.settle('CARD-ATTEMPT-2', { outcome: 'done', terminalReference: 'TRM-REF-9' })).toMatchObject({
      ok: true,
      value: { state: 'done', terminalReference: 'TRM-REF-9', cancellation: { state: 'owed' } },
    });
    expect(journal.corrections.unsettled()).toMatchObject({ ok: true, value: [] });
  });

  it('a journal opened as another terminal refuses to correct this terminal’s sales', () => {
    const sale = sellInto(journal, { staffId: staff.cashier, state: 'confirmed', tender: 'cash' });
    const other = openJournal({ file, terminalId: 'T02', clock });
    if (!other.ok) throw new Error(other.error.message);
    try {
      value(other.value.shifts.open({ staffId: staff.boss, floatKobo: 1_000_000 }));
      const refused = other.value.corrections.record({
        id: 'FROM-T02-1',
        saleId: sale,
        seq: 1,
        kind: 'refund',
        tender: 'cash',
        route: 'drawer',
        amountKobo: 250_000,
        lines: [{ line: 0, quantity: 1 }],
        reason: 'other',
        note: 'wrong till',
        askedBy: staff.cashier,
        approvedBy: staff.boss,
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: 'Money for a sale is given back only on the terminal that made the sale.' } });
    } finally {
      other.value.close();
    }
  });
});

describe('upgrading a journal from before voids and refunds (migration 6)', () => {
  it('keeps its sales and Z reports as they were, and their sales can be refunded afterwards', async () => {
    const older = path.join(root, 'older', 'journal.sqlite');
    fs.mkdirSync(path.dirname(older), { recursive: true });
    const db = new Database(older);
    db.pragma('foreign_keys = ON');
    registerChainFunctions(db);
    applyMigrations(db, migrations.slice(0, migrations.indexOf(corrections)));
    const at = '2026-11-20T09:00:00.000Z';
    db.prepare("INSERT INTO staff (terminal_id, name, role, pin_hash, created_at) VALUES ('T09', 'Ada', 'supervisor', ?, ?)").run(await hashPin('2468'), at);
    db.prepare("INSERT INTO staff (terminal_id, name, role, pin_hash, created_at) VALUES ('T09', 'Kemi', 'cashier', ?, ?)").run(await hashPin('1357'), at);
    db.prepare("INSERT INTO shifts (terminal_id, number, opened_by, opened_at, float_kobo) VALUES ('T09', 1, 1, ?, 0)").run(at);
    const details = JSON.stringify({ title: 'Old sale', subtitle: '', lines: [{ label: 'Regular', quantity: 2, unitKobo: 250_000, totalKobo: 500_000 }], customer: { name: 'Guest', email: 'g@example.com', phone: '+2348031234567', dob: null } });
    db.prepare("INSERT INTO sales (id, terminal_id, shift_id, staff_id, kind, state, quote_kobo, request_json, details_json, created_at, updated_at) VALUES ('OLD-1', 'T09', 1, 2, 'cinema', 'pending', 500000, '{}', ?, ?, ?)").run(details, at, at);
    db.prepare("INSERT INTO tenders (sale_id, terminal_id, shift_id, kind, amount_kobo, tendered_kobo, change_kobo) VALUES ('OLD-1', 'T09', 1, 'cash', 500000, 500000, 0)").run();
    db.prepare("INSERT INTO sale_events (sale_id, terminal_id, shift_id, from_state, to_state, at, detail_json) VALUES ('OLD-1', 'T09', 1, NULL, 'pending', ?, '{}')").run(at);
    for (const [from, to] of [['pending', 'sent'], ['sent', 'confirmed']] as const) {
      db.prepare(`UPDATE sales SET state = ?, partner_reference = CASE WHEN ? = 'confirmed' THEN 'EX-OLD-1' ELSE partner_reference END WHERE id = 'OLD-1'`).run(to, to);
      db.prepare("INSERT INTO sale_events (sale_id, terminal_id, shift_id, from_state, to_state, at, detail_json) VALUES ('OLD-1', 'T09', 1, ?, ?, ?, '{}')").run(from, to, at);
    }
    // A Z report as the app wrote it before voids and refunds: none of their lines.
    const oldZ = {
      terminalId: 'T09', shiftId: 1, shiftNumber: 1, openedAt: at, openedBy: { id: 1, name: 'Ada' }, generatedAt: at,
      sales: { confirmedCount: 1, confirmedKobo: 500_000, rejectedCount: 0, unsettledCount: 0, amountMismatchCount: 0 },
      byKind: [], byTender: [], byCashier: [],
      cash: { floatKobo: 0, cashInKobo: 0, cashOutKobo: 0, tenderedKobo: 500_000, changeKobo: 0, cashSalesKobo: 500_000, unsettledCashKobo: 0, expectedKobo: 500_000 },
      cashMovements: [], unsettled: [], zNumber: 1, closedAt: at, closedBy: { id: 1, name: 'Ada' }, countedKobo: 500_000, differenceKobo: 0,
    };
    db.prepare("UPDATE shifts SET closed_by = 1, closed_at = ?, counted_kobo = 500000, expected_kobo = 500000, z_number = 1, z_report_json = ? WHERE id = 1").run(at, JSON.stringify(oldZ));
    db.close();

    const opened = openJournal({ file: older, terminalId: 'T09' });
    if (!opened.ok) throw new Error(opened.error.message);
    const upgraded = opened.value;
    try {
      expect(upgraded.schema.to).toBe(migrations.length);
      expect(value(upgraded.shifts.zReport(1))).toEqual(oldZ);
      expect(value(upgraded.sales.get('OLD-1'))).toMatchObject({ state: 'confirmed', partnerReference: 'EX-OLD-1' });
      value(upgraded.shifts.open({ staffId: 1, floatKobo: 1_000_000 }));
      const refund = value(
        upgraded.corrections.record({ id: 'R-OLD-1', saleId: 'OLD-1', seq: 1, kind: 'refund', tender: 'cash', route: 'drawer', amountKobo: 250_000, lines: [{ line: 0, quantity: 1 }], reason: 'customer-cancelled', note: 'came back next day', askedBy: 2, approvedBy: 1 }),
      );
      expect(refund.correction).toMatchObject({ shiftNumber: 2, cancellation: { state: 'owed', partnerReference: 'EX-OLD-1' } });
      // Yesterday's sale, today's drawer: the cash leaves the shift that gave it back.
      expect(value(upgraded.shifts.xReport()).cash).toMatchObject({ floatKobo: 1_000_000, cashBackKobo: 250_000, expectedKobo: 750_000 });
    } finally {
      upgraded.close();
    }
  });
});

function value<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
