import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../helpers/temp-folder';
import { journalFile, migrations, openJournal, registerChainFunctions, verifyJournalFile, type CreateSaleInput, type Journal, type SaleState } from '../../electron/journal';
import { drawerOpenings } from '../../electron/journal/migrations/0015-drawer-openings';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-shifts-'));
const file = journalFile(root);
let journal: Journal;
let now = Date.parse('2025-03-14T07:00:00.000Z');
const clock = () => new Date((now += 1000));
const staff: Record<'sade' | 'emeka' | 'kemi', number> = { sade: 0, emeka: 0, kemi: 0 };

beforeAll(async () => {
  const opened = openJournal({ file, terminalId: 'FD1', clock });
  if (!opened.ok) throw new Error(opened.error.message);
  journal = opened.value;
  for (const [key, name, role] of [
    ['sade', 'Sade Balogun', 'supervisor'],
    ['emeka', 'Emeka Nnamdi', 'cashier'],
    ['kemi', 'Kemi Lawal', 'cashier'],
  ] as const) {
    const created = await journal.staff.create({ name, role, pin: '9021' });
    if (!created.ok) throw new Error(created.error.message);
    staff[key] = created.value.id;
  }
});
afterAll(() => {
  journal.close();
  fs.rmSync(root, { recursive: true, force: true });
});

let saleCount = 0;
/** Writes a sale and walks it to `state` the way the sales layer would. */
function sell(input: Omit<CreateSaleInput, 'id' | 'request' | 'details'>, state: SaleState, partnerAmountKobo?: number, sold: object = {}): string {
  const id = `FD1-${++saleCount}`;
  const created = journal.sales.create({ id, request: {}, details: { customer: { name: 'Guest' }, ...sold }, ...input });
  if (!created.ok) throw new Error(created.error.message);
  const path: Record<SaleState, [SaleState, object][]> = {
    pending: [],
    sent: [['sent', {}]],
    unknown: [['sent', {}], ['unknown', { failureReason: 'no answer' }]],
    confirmed: [['sent', {}], ['confirmed', { partnerReference: `R${saleCount}`, ...(partnerAmountKobo ? { partnerAmountKobo } : {}) }]],
    rejected: [['sent', {}], ['rejected', { failureReason: 'sold out' }]],
  };
  // A self-service sale is only sent once its card payment at the terminal is approved.
  if (input.staffId === null && state !== 'pending') {
    const paid = journal.payments.begin({ saleId: id, device: 'simulated', amountKobo: input.quoteKobo });
    if (!paid.ok) throw new Error(paid.error.message);
    const approved = journal.payments.move(paid.value.reference, 'approved', { transactionReference: `T${saleCount}`, authCode: '123456', maskedPan: '**** 4081', scheme: 'visa' });
    if (!approved.ok) throw new Error(approved.error.message);
  }
  for (const [to, detail] of path[state]) {
    const moved = journal.sales.transition(id, to, detail);
    if (!moved.ok) throw new Error(moved.error.message);
  }
  return id;
}

// One scripted shift, step by step, in order (vitest keeps it so under --sequence.shuffle).
describe('a shift from open to Z report', { shuffle: false }, () => {
  let unsettledId = '';

  it('refuses to sell or move cash before a shift is open', () => {
    expect(journal.shifts.current()).toEqual({ ok: true, value: null });
    expect(journal.sales.create({ id: 'EARLY', staffId: staff.emeka, kind: 'cinema', quoteKobo: 1, request: {}, details: {} })).toMatchObject({ ok: false, error: { code: 'SHIFT_REQUIRED' } });
    expect(journal.shifts.moveCash({ kind: 'in', amountKobo: 100, reason: 'x', staffId: staff.sade })).toMatchObject({ ok: false, error: { code: 'SHIFT_REQUIRED' } });
    expect(journal.shifts.xReport()).toMatchObject({ ok: false, error: { code: 'SHIFT_REQUIRED' } });
    expect(journal.shifts.close({ staffId: staff.sade, countedKobo: 0 })).toMatchObject({ ok: false, error: { code: 'SHIFT_REQUIRED' } });
  });

  it('adds up a scripted shift exactly as worked out by hand', () => {
    const opened = journal.shifts.open({ staffId: staff.sade, floatKobo: 2_000_000 });
    expect(opened).toMatchObject({ ok: true, value: { number: 1, terminalId: 'FD1', floatKobo: 2_000_000, closedAt: null } });
    expect(journal.shifts.open({ staffId: staff.sade, floatKobo: 0 })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });

    expect(journal.shifts.moveCash({ kind: 'in', amountKobo: 500_000, reason: 'Change from the bank', staffId: staff.sade }).ok).toBe(true);
    expect(journal.shifts.moveCash({ kind: 'out', amountKobo: 300_000, reason: 'Generator diesel', staffId: staff.sade }).ok).toBe(true);
    expect(journal.shifts.moveCash({ kind: 'out', amountKobo: 100, reason: '  ', staffId: staff.sade })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { reason: expect.any(Array) } } });

    // 1. cinema, cash: 7,000 paid with 10,000 -> 3,000 change
    sell({ staffId: staff.emeka, kind: 'cinema', quoteKobo: 700_000, tenders: [{ kind: 'cash', amountKobo: 700_000, tenderedKobo: 1_000_000 }] }, 'confirmed', undefined, { film: { id: 'f', title: 'Eko Nights' }, tickets: [{ categoryId: 'c0', count: 2 }, { categoryId: 'c1', count: 1 }] });
    // 2. hotel, card
    sell({ staffId: staff.kemi, kind: 'hotel', quoteKobo: 4_500_000, tenders: [{ kind: 'card', amountKobo: 4_500_000, approvalCode: '004512' }] }, 'confirmed', undefined, { hotel: { id: 7, name: 'Lagoon Crest Hotel' }, nights: 3, rooms: 1 });
    // 3. cinema, transfer
    sell({ staffId: staff.emeka, kind: 'cinema', quoteKobo: 350_000, tenders: [{ kind: 'transfer', amountKobo: 350_000, transferReference: 'UBA-1029' }] }, 'confirmed', undefined, { film: { id: 'f', title: 'Jollof Wars' }, tickets: [{ categoryId: 'c0', count: 1 }] });
    // 4. cinema, cash, rejected: the cash stays in the drawer until a void gives it back, approved by a supervisor
    const rejectedId = sell({ staffId: staff.kemi, kind: 'cinema', quoteKobo: 250_000, tenders: [{ kind: 'cash', amountKobo: 250_000, tenderedKobo: 500_000 }] }, 'rejected', undefined, { film: { id: 'f', title: 'Eko Nights' }, tickets: [{ categoryId: 'c0', count: 5 }] });
    const voided = journal.corrections.record({
      id: 'VOID-FD1-4', saleId: rejectedId, seq: 1, kind: 'void', tender: 'cash', route: 'drawer', amountKobo: 250_000, lines: [],
      reason: 'not-completed', note: 'sold out at the partner', askedBy: staff.kemi, approvedBy: staff.sade,
    });
    expect(voided.ok).toBe(true);
    // 5. hotel, exact cash, outcome unknown: the cash is still in the drawer
    unsettledId = sell({ staffId: staff.kemi, kind: 'hotel', quoteKobo: 1_200_000, tenders: [{ kind: 'cash', amountKobo: 1_200_000, tenderedKobo: 1_200_000 }] }, 'unknown');
    // 6. hotel, split: 10,000 cash paid with 20,000 + 20,000 card; the partner charged 1 Naira more
    sell(
      {
        staffId: staff.emeka,
        kind: 'hotel',
        quoteKobo: 3_000_000,
        tenders: [
          { kind: 'cash', amountKobo: 1_000_000, tenderedKobo: 2_000_000 },
          { kind: 'card', amountKobo: 2_000_000 },
        ],
      },
      'confirmed',
      3_000_100,
      { hotel: { id: 7, name: 'Lagoon Crest Hotel' }, nights: 2, rooms: 2 },
    );
    // 7. kiosk (self-service), card
    sell({ staffId: null, kind: 'cinema', quoteKobo: 400_000, tenders: [{ kind: 'card', amountKobo: 400_000 }] }, 'confirmed', undefined, { film: { id: 'f', title: 'Eko Nights' }, tickets: [{ categoryId: 'c0', count: 1 }] });

    const x = journal.shifts.xReport();
    if (!x.ok) throw new Error(x.error.message);
    expect(x.value.sales).toEqual({ confirmedCount: 5, confirmedKobo: 8_950_000, rejectedCount: 1, unsettledCount: 1, amountMismatchCount: 1 });
    expect(x.value.byKind).toEqual([
      { kind: 'cinema', count: 3, totalKobo: 1_450_000 },
      { kind: 'hotel', count: 2, totalKobo: 7_500_000 },
    ]);
    expect(x.value.byTender).toEqual([
      { kind: 'cash', count: 2, totalKobo: 1_700_000 },
      { kind: 'card', count: 3, totalKobo: 6_900_000 },
      { kind: 'transfer', count: 1, totalKobo: 350_000 },
    ]);
    // What sold, largest takings first: tickets summed over categories, a hotel's nights times rooms; the rejected and unsettled sales are not in it.
    expect(x.value.byTitle).toEqual([
      { kind: 'hotel', title: 'Lagoon Crest Hotel', count: 2, units: 7, totalKobo: 7_500_000 },
      { kind: 'cinema', title: 'Eko Nights', count: 2, units: 4, totalKobo: 1_100_000 },
      { kind: 'cinema', title: 'Jollof Wars', count: 1, units: 1, totalKobo: 350_000 },
    ]);
    expect(x.value.byCashier).toEqual([
      { staffId: staff.emeka, name: 'Emeka Nnamdi', count: 3, totalKobo: 4_050_000 },
      { staffId: staff.kemi, name: 'Kemi Lawal', count: 1, totalKobo: 4_500_000 },
      { staffId: null, name: 'Self-service', count: 1, totalKobo: 400_000 },
    ]);
    // 20,000 float + 42,000 handed over - 13,000 change + 2,500 of the rejected sale + 5,000 in - 3,000 out - 2,500 voided = 51,000
    expect(x.value.cash).toEqual({
      floatKobo: 2_000_000,
      cashInKobo: 500_000,
      cashOutKobo: 300_000,
      tenderedKobo: 4_200_000,
      changeKobo: 1_300_000,
      cashSalesKobo: 1_700_000,
      unsettledCashKobo: 1_200_000,
      rejectedCashKobo: 250_000,
      cashBackKobo: 250_000,
      expectedKobo: 5_100_000,
    });
    expect(x.value.cashMovements.map((m) => [m.kind, m.amountKobo, m.reason, m.staffName])).toEqual([
      ['in', 500_000, 'Change from the bank', 'Sade Balogun'],
      ['out', 300_000, 'Generator diesel', 'Sade Balogun'],
    ]);
    expect(x.value.unsettled).toEqual([expect.objectContaining({ id: unsettledId, state: 'unknown', quoteKobo: 1_200_000, staffName: 'Kemi Lawal' })]);
  });

  it('refuses to take out more cash than the drawer should hold', () => {
    expect(journal.shifts.moveCash({ kind: 'out', amountKobo: 5_100_001, reason: 'Banking', staffId: staff.sade })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', fields: { amountKobo: expect.any(Array) } },
    });
  });

  it('closes with counted against expected, stores Z report 1, and never changes it', () => {
    const closed = journal.shifts.close({ staffId: staff.sade, countedKobo: 5_050_000 });
    if (!closed.ok) throw new Error(closed.error.message);
    expect(closed.value.shift).toMatchObject({ number: 1, closedBy: staff.sade, countedKobo: 5_050_000, expectedKobo: 5_100_000, zNumber: 1 });
    expect(closed.value.zReport).toMatchObject({ zNumber: 1, countedKobo: 5_050_000, differenceKobo: -50_000, closedBy: { id: staff.sade, name: 'Sade Balogun' } });
    expect(closed.value.zReport.unsettled.map((s) => s.id)).toEqual([unsettledId]);
    expect(journal.shifts.current()).toEqual({ ok: true, value: null });

    // Settling the sale later does not rewrite history: Z 1 still shows it as it stood at close.
    expect(journal.sales.transition(unsettledId, 'confirmed', { partnerReference: 'LATE' }).ok).toBe(true);
    expect(journal.shifts.zReport(1)).toEqual({ ok: true, value: closed.value.zReport });

    const raw = registerChainFunctions(new Database(file));
    expect(() => raw.prepare("UPDATE shifts SET z_report_json = '{}' WHERE z_number = 1").run()).toThrow(/can no longer be changed/);
    expect(() => raw.prepare('UPDATE shifts SET counted_kobo = 5100000 WHERE z_number = 1').run()).toThrow(/can no longer be changed/);
    expect(() => raw.prepare("INSERT INTO cash_movements (terminal_id, shift_id, kind, amount_kobo, reason, staff_id, at) VALUES ('FD1', 1, 'in', 5, 'late', 1, 'x')").run()).toThrow(/open shift/);
    raw.close();
  });

  it('numbers the next shift and Z report on from the last', () => {
    expect(journal.shifts.open({ staffId: staff.kemi, floatKobo: 0 })).toMatchObject({ ok: true, value: { number: 2 } });
    const closed = journal.shifts.close({ staffId: staff.sade, countedKobo: 0 });
    expect(closed).toMatchObject({ ok: true, value: { zReport: { zNumber: 2, shiftNumber: 2, differenceKobo: 0, sales: { confirmedCount: 0 } } } });
    expect(journal.shifts.open({ staffId: staff.emeka, floatKobo: 1_000 })).toMatchObject({ ok: true, value: { number: 3 } });
    expect(journal.shifts.close({ staffId: staff.sade, countedKobo: 1_000 })).toMatchObject({ ok: true, value: { zReport: { zNumber: 3 } } });
    expect(journal.shifts.zReport(1)).toMatchObject({ ok: true, value: { zNumber: 1, shiftNumber: 1 } });
    expect(journal.shifts.zReport(4)).toEqual({ ok: true, value: null });
  });
});

describe('the drawer opened without a sale ("no sale")', () => {
  it('is recorded in the open shift with who and why, listed on the X and Z reports, chained, and never changed or deleted', async () => {
    const noSaleFile = journalFile(tempFolder('lobby-journal-no-sale-'));
    let at = Date.parse('2025-03-15T07:00:00.000Z');
    const opened = openJournal({ file: noSaleFile, terminalId: 'NS1', clock: () => new Date((at += 1000)) });
    if (!opened.ok) throw new Error(opened.error.message);
    const till = opened.value;
    try {
      const ada = await till.staff.create({ name: 'Ada Okafor', role: 'supervisor', pin: '9021' });
      if (!ada.ok) throw new Error(ada.error.message);
      const staffId = ada.value.id;
      // Before a shift: there is no drawer count to answer for it.
      expect(till.shifts.openDrawer({ reason: 'Change for a note', staffId })).toMatchObject({ ok: false, error: { code: 'SHIFT_REQUIRED' } });
      expect(till.shifts.open({ staffId, floatKobo: 1_000_000 }).ok).toBe(true);
      expect(till.shifts.openDrawer({ reason: '   ', staffId })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });

      const seen: string[] = [];
      const stop = till.shifts.whileOpeningDrawer((opening) => seen.push(`${opening.id} ${opening.reason} ${opening.staffName} shift ${opening.shiftNumber}`));
      const first = till.shifts.openDrawer({ reason: 'Change for a ₦1,000 note', staffId });
      const second = till.shifts.openDrawer({ reason: 'Checked a note', staffId });
      stop();
      if (!first.ok || !second.ok) throw new Error('not recorded');
      expect(seen).toEqual([`${first.value.id} Change for a ₦1,000 note Ada Okafor shift 1`, `${second.value.id} Checked a note Ada Okafor shift 1`]);

      const x = till.shifts.xReport();
      if (!x.ok) throw new Error(x.error.message);
      expect(x.value.drawerOpenings).toEqual([
        { id: first.value.id, reason: 'Change for a ₦1,000 note', staffName: 'Ada Okafor', approvedByName: null, at: first.value.at },
        { id: second.value.id, reason: 'Checked a note', staffName: 'Ada Okafor', approvedByName: null, at: second.value.at },
      ]);
      // No money moved: the drawer's figure is the float alone.
      expect(x.value.cash.expectedKobo).toBe(1_000_000);
      const closed = till.shifts.close({ staffId, countedKobo: 1_000_000 });
      if (!closed.ok) throw new Error(closed.error.message);
      expect(closed.value.zReport.drawerOpenings).toHaveLength(2);
      expect(till.shifts.zReport(closed.value.zReport.zNumber)).toMatchObject({ ok: true, value: { drawerOpenings: x.value.drawerOpenings } });
      // After the close, nothing more is recorded under it.
      expect(till.shifts.openDrawer({ reason: 'After hours', staffId })).toMatchObject({ ok: false, error: { code: 'SHIFT_REQUIRED' } });
    } finally {
      till.close();
    }

    const raw = registerChainFunctions(new Database(noSaleFile));
    try {
      expect(raw.prepare<[], string>("SELECT tbl FROM chain WHERE tbl = 'drawer_openings'").pluck().all()).toEqual(['drawer_openings', 'drawer_openings']);
      expect(() => raw.prepare("UPDATE drawer_openings SET reason = 'Nothing' WHERE id = 1").run()).toThrow(/cannot be changed/);
      expect(() => raw.prepare('DELETE FROM drawer_openings WHERE id = 1').run()).toThrow(/never deleted/);
      // The shift is closed, and another terminal's shift is not this one's.
      expect(() => raw.prepare("INSERT INTO drawer_openings (terminal_id, shift_id, staff_id, reason, at) VALUES ('NS1', 1, 1, 'late', 'x')").run()).toThrow(/open shift/);
      expect(() => raw.prepare("INSERT INTO drawer_openings (terminal_id, shift_id, staff_id, reason, at) VALUES ('NS1', 1, 1, ' ', 'x')").run()).toThrow(/CHECK|open shift/);
    } finally {
      raw.close();
    }
    expect(verifyJournalFile(noSaleFile)).toMatchObject({ ok: true, findings: [] });
  });

  it("records a supervisor's approval of a cashier's no sale beside it, and refuses any other approver by itself", async () => {
    const { file, till, ids } = await tillWithFourStaff('lobby-journal-no-sale-approved-', 0);
    const { bola, tunde, kemi } = ids;
    try {
      const seen: Array<string | null> = [];
      const stop = till.shifts.whileOpeningDrawer((opening) => seen.push(opening.approvedByName));
      const approved = till.shifts.openDrawer({ reason: 'Change for a note', staffId: tunde, approvedBy: bola });
      // A cashier's approval is refused by the database itself, and the opening with it (one transaction).
      expect(till.shifts.openDrawer({ reason: 'Checked a note', staffId: tunde, approvedBy: kemi })).toMatchObject({ ok: false });
      stop();
      expect(approved).toMatchObject({ ok: true, value: { staffId: tunde, approvedBy: bola } });
      expect(seen).toEqual(['Bola Adeyemi']);
      const x = till.shifts.xReport();
      if (!x.ok) throw new Error(x.error.message);
      expect(x.value.drawerOpenings).toEqual([expect.objectContaining({ reason: 'Change for a note', staffName: 'Tunde Bakare', approvedByName: 'Bola Adeyemi' })]);
    } finally {
      till.close();
    }

    const raw = registerChainFunctions(new Database(file));
    try {
      expect(raw.prepare<[], string>("SELECT tbl FROM chain WHERE tbl LIKE 'drawer_%' ORDER BY seq").pluck().all()).toEqual(['drawer_openings', 'drawer_opening_approvals']);
      const insert = raw.prepare<[number, string, number]>("INSERT INTO drawer_opening_approvals (id, terminal_id, approved_by, at) VALUES (?, ?, ?, '2025-03-15T08:00:00.000Z')");
      raw.prepare("INSERT INTO drawer_openings (terminal_id, shift_id, staff_id, reason, at) VALUES ('NA1', 1, ?, 'Counted the notes', '2025-03-15T08:00:00.000Z')").run(ids.tunde);
      const unapproved = raw.prepare<[], number>('SELECT max(id) FROM drawer_openings').pluck().get()!;
      // Not by a cashier, not by the person who opened the drawer, not for another terminal, not twice.
      expect(() => insert.run(unapproved, 'NA1', ids.kemi)).toThrow(/Only an active supervisor other than the person who opened the drawer/);
      raw.prepare("INSERT INTO drawer_openings (terminal_id, shift_id, staff_id, reason, at) VALUES ('NA1', 1, ?, 'Own drawer', '2025-03-15T08:00:00.000Z')").run(ids.bola);
      const own = raw.prepare<[], number>('SELECT max(id) FROM drawer_openings').pluck().get()!;
      expect(() => insert.run(own, 'NA1', ids.bola)).toThrow(/other than the person who opened the drawer/);
      expect(() => insert.run(unapproved, 'XX9', ids.bola)).toThrow(/Only an active supervisor/);
      expect(() => insert.run(1, 'NA1', ids.bola)).toThrow(/UNIQUE|PRIMARY KEY/);
      // Nor by a supervisor who has left.
      raw.prepare('UPDATE staff SET active = 0 WHERE id = ?').run(ids.bola);
      expect(() => insert.run(unapproved, 'NA1', ids.bola)).toThrow(/Only an active supervisor/);
      raw.prepare('UPDATE staff SET active = 1 WHERE id = ?').run(ids.bola);
      expect(() => raw.prepare('UPDATE drawer_opening_approvals SET approved_by = approved_by WHERE id = 1').run()).toThrow(/cannot be changed/);
      expect(() => raw.prepare('DELETE FROM drawer_opening_approvals WHERE id = 1').run()).toThrow(/never deleted/);
    } finally {
      raw.close();
    }
    expect(verifyJournalFile(file)).toMatchObject({ ok: true, findings: [] });
  });

  it("records a supervisor's approval of a cashier's cash out beside it, and refuses any other approver by itself", async () => {
    const { file, till, ids } = await tillWithFourStaff('lobby-journal-cash-out-approved-', 500_000);
    const { bola, tunde, kemi } = ids;
    try {
      const seen: Array<string | null> = [];
      const stop = till.shifts.whileMovingCash((movement) => seen.push(movement.approvedByName));
      const approved = till.shifts.moveCash({ kind: 'out', amountKobo: 150_000, reason: 'Diesel for the generator', staffId: tunde, approvedBy: bola });
      // A cashier's approval is refused by the database itself, and the cash out with it (one transaction).
      expect(till.shifts.moveCash({ kind: 'out', amountKobo: 20_000, reason: 'Water', staffId: tunde, approvedBy: kemi })).toMatchObject({ ok: false });
      // Cash in is never an approved move: the database refuses an approval of one.
      expect(till.shifts.moveCash({ kind: 'in', amountKobo: 20_000, reason: 'Coins', staffId: tunde, approvedBy: bola })).toMatchObject({ ok: false });
      expect(till.shifts.moveCash({ kind: 'out', amountKobo: 10_000, reason: 'Stamps', staffId: kemi }).ok).toBe(true);
      stop();
      expect(approved).toMatchObject({ ok: true, value: { staffId: tunde, approvedBy: bola } });
      expect(seen).toEqual(['Bola Adeyemi', null]);
      const x = till.shifts.xReport();
      if (!x.ok) throw new Error(x.error.message);
      expect(x.value.cashMovements).toEqual([
        expect.objectContaining({ kind: 'out', amountKobo: 150_000, staffName: 'Tunde Bakare', approvedByName: 'Bola Adeyemi' }),
        expect.objectContaining({ kind: 'out', amountKobo: 10_000, staffName: 'Kemi Ade', approvedByName: null }),
      ]);
      // The refused ones took nothing out of the drawer.
      expect(x.value.cash.expectedKobo).toBe(500_000 - 150_000 - 10_000);
    } finally {
      till.close();
    }

    const raw = registerChainFunctions(new Database(file));
    try {
      expect(raw.prepare<[], string>("SELECT tbl FROM chain WHERE tbl LIKE 'cash_%' ORDER BY seq").pluck().all()).toEqual(['cash_movements', 'cash_movement_approvals', 'cash_movements']);
      const insert = raw.prepare<[number, string, number]>("INSERT INTO cash_movement_approvals (id, terminal_id, approved_by, at) VALUES (?, ?, ?, '2025-03-15T08:00:00.000Z')");
      const unapproved = raw.prepare<[], number>("SELECT max(id) FROM cash_movements WHERE kind = 'out'").pluck().get()!;
      // Not by a cashier, not by the person who took the cash, not for another terminal, not twice.
      expect(() => insert.run(unapproved, 'NA1', ids.tunde)).toThrow(/Only an active supervisor other than the person who took the cash/);
      raw.prepare("INSERT INTO cash_movements (terminal_id, shift_id, kind, amount_kobo, reason, staff_id, at) VALUES ('NA1', 1, 'out', 100, 'Own cash out', ?, '2025-03-15T08:00:00.000Z')").run(ids.bola);
      const own = raw.prepare<[], number>('SELECT max(id) FROM cash_movements').pluck().get()!;
      expect(() => insert.run(own, 'NA1', ids.bola)).toThrow(/other than the person who took the cash/);
      expect(() => insert.run(unapproved, 'XX9', ids.bola)).toThrow(/Only an active supervisor/);
      const first = raw.prepare<[], number>('SELECT min(id) FROM cash_movement_approvals').pluck().get()!;
      expect(() => insert.run(first, 'NA1', ids.bola)).toThrow(/UNIQUE|PRIMARY KEY/);
      // Nor by a supervisor who has left.
      raw.prepare('UPDATE staff SET active = 0 WHERE id = ?').run(ids.bola);
      expect(() => insert.run(unapproved, 'NA1', ids.bola)).toThrow(/Only an active supervisor/);
      raw.prepare('UPDATE staff SET active = 1 WHERE id = ?').run(ids.bola);
      expect(() => raw.prepare('UPDATE cash_movement_approvals SET approved_by = approved_by').run()).toThrow(/cannot be changed/);
      expect(() => raw.prepare('DELETE FROM cash_movement_approvals').run()).toThrow(/never deleted/);
    } finally {
      raw.close();
    }
    expect(verifyJournalFile(file)).toMatchObject({ ok: true, findings: [] });
  });

  it('records the drawer left open in the open shift, on its X report, and refuses by itself any other such record', async () => {
    const { file, till, ids } = await tillWithFourStaff('lobby-journal-drawer-left-open-', 0);
    try {
      const recorded = till.shifts.recordDrawerLeftOpen({ openedAt: '2025-03-15T08:00:00.000Z', closedAt: '2025-03-15T08:04:30.000Z' });
      expect(recorded).toMatchObject({ ok: true, value: { shiftId: 1 } });
      expect(till.shifts.recordDrawerLeftOpen({ openedAt: 'yesterday', closedAt: '2025-03-15T08:04:30.000Z' })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
      const x = till.shifts.xReport();
      if (!x.ok) throw new Error(x.error.message);
      expect(x.value.drawerLeftOpen).toEqual([{ openedAt: '2025-03-15T08:00:00.000Z', closedAt: '2025-03-15T08:04:30.000Z' }]);
      const closed = till.shifts.close({ staffId: ids.bola, countedKobo: 0 });
      if (!closed.ok) throw new Error(closed.error.message);
      expect(closed.value.zReport.drawerLeftOpen).toEqual(x.value.drawerLeftOpen);
      // With no shift open there is no report to count it on.
      expect(till.shifts.recordDrawerLeftOpen({ openedAt: '2025-03-15T09:00:00.000Z', closedAt: '2025-03-15T09:02:00.000Z' })).toMatchObject({ ok: false, error: { code: 'SHIFT_REQUIRED' } });
    } finally {
      till.close();
    }

    const raw = registerChainFunctions(new Database(file));
    try {
      const insert = raw.prepare<[string, number, string, string]>('INSERT INTO drawer_left_open (terminal_id, shift_id, opened_at, closed_at) VALUES (?, ?, ?, ?)');
      // Not in a closed shift, not for another terminal, not shut before it opened; never changed or deleted.
      expect(() => insert.run('NA1', 1, '2025-03-15T10:00:00.000Z', '2025-03-15T10:02:00.000Z')).toThrow(/only in this terminal's open shift/);
      raw.prepare("INSERT INTO shifts (terminal_id, number, opened_by, opened_at, float_kobo) VALUES ('NA1', 2, ?, '2025-03-15T11:00:00.000Z', 0)").run(ids.bola);
      expect(() => insert.run('XX9', 2, '2025-03-15T11:10:00.000Z', '2025-03-15T11:12:00.000Z')).toThrow(/only in this terminal's open shift/);
      expect(() => insert.run('NA1', 2, '2025-03-15T11:10:00.000Z', '2025-03-15T11:09:00.000Z')).toThrow(/CHECK constraint/);
      insert.run('NA1', 2, '2025-03-15T11:10:00.000Z', '2025-03-15T11:12:00.000Z');
      expect(() => raw.prepare("UPDATE drawer_left_open SET closed_at = '2025-03-15T11:10:30.000Z'").run()).toThrow(/cannot be changed/);
      expect(() => raw.prepare('DELETE FROM drawer_left_open').run()).toThrow(/never deleted/);
    } finally {
      raw.close();
    }
    expect(verifyJournalFile(file)).toMatchObject({ ok: true, findings: [] });
  });

  it('arrives on a journal written before it (step 14) with a shift open, and its openings chain on from the head', async () => {
    const upgraded = journalFile(tempFolder('lobby-journal-no-sale-upgrade-'));
    const before = openJournal({ file: upgraded, terminalId: 'UP1' });
    if (!before.ok) throw new Error(before.error.message);
    const bola = await before.value.staff.create({ name: 'Bola Adeyemi', role: 'supervisor', pin: '2468' });
    if (!bola.ok) throw new Error(bola.error.message);
    expect(before.value.shifts.open({ staffId: bola.value.id, floatKobo: 200_000 }).ok).toBe(true);
    expect(before.value.shifts.moveCash({ kind: 'in', amountKobo: 5_000, reason: 'Coins for change', staffId: bola.value.id }).ok).toBe(true);
    before.value.close();
    // As step 14 left the file: no drawer_openings yet (nor step 16's approvals of them).
    const stepOfOpenings = migrations.indexOf(drawerOpenings) + 1;
    const rewind = new Database(upgraded);
    rewind.exec('DROP TABLE drawer_opening_approvals; DROP TABLE drawer_openings');
    rewind.pragma(`user_version = ${stepOfOpenings - 1}`);
    const head = rewind.prepare<[], { seq: number; hash: string }>('SELECT seq, hash FROM chain ORDER BY seq DESC LIMIT 1').get()!;
    rewind.close();

    const after = openJournal({ file: upgraded, terminalId: 'UP1' });
    if (!after.ok) throw new Error(after.error.message);
    try {
      expect(after.value.schema).toEqual({ from: stepOfOpenings - 1, to: migrations.length });
      expect(after.value.shifts.xReport()).toMatchObject({ ok: true, value: { shiftNumber: 1, drawerOpenings: [], cash: { expectedKobo: 205_000 } } });
      expect(after.value.shifts.openDrawer({ reason: 'Change for a note', staffId: bola.value.id }).ok).toBe(true);
    } finally {
      after.value.close();
    }
    const raw = new Database(upgraded, { readonly: true });
    const link = raw.prepare<[], { seq: number; tbl: string; prev_hash: string }>('SELECT seq, tbl, prev_hash FROM chain ORDER BY seq DESC LIMIT 1').get()!;
    raw.close();
    expect(link).toEqual({ seq: head.seq + 1, tbl: 'drawer_openings', prev_hash: head.hash });
    expect(verifyJournalFile(upgraded)).toMatchObject({ ok: true, findings: [] });
  });
});

/**
 * A journal of its own (terminal NA1) with supervisors Bola and Sade (a second one, so that Bola
 * may leave) and cashiers Tunde and Kemi, Bola's shift open with `floatKobo` in the drawer.
 */
async function tillWithFourStaff(folderPrefix: string, floatKobo: number) {
  const file = journalFile(tempFolder(folderPrefix));
  const opened = openJournal({ file, terminalId: 'NA1' });
  if (!opened.ok) throw new Error(opened.error.message);
  const till = opened.value;
  const made = await Promise.all([
    till.staff.create({ name: 'Bola Adeyemi', role: 'supervisor', pin: '2468' }),
    till.staff.create({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }),
    till.staff.create({ name: 'Kemi Ade', role: 'cashier', pin: '8642' }),
    till.staff.create({ name: 'Sade Bello', role: 'supervisor', pin: '9753' }),
  ]);
  const [bola, tunde, kemi] = made.map((m) => (m.ok ? m.value.id : Number.NaN)) as [number, number, number];
  const shift = till.shifts.open({ staffId: bola, floatKobo });
  if (!shift.ok) throw new Error(shift.error.message);
  return { file, till, ids: { bola, tunde, kemi } };
}
