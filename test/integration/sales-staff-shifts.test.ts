import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../shared/dates';
import { rejectedNoteKey } from '@renderer/screens/checkout/rejected-note';
import {
  customer,
  failure,
  findShowing,
  findStay,
  newSaleId,
  openTill,
  selectionOf,
  startSalesPartner,
  value,
  type SalesPartner,
  type Till,
} from '../helpers/sales-fixture';

/** Staff with PINs, the shift from float to Z report, and who may do what. One till, in order. */

let partner: SalesPartner;
let till: Till;
let offsetMs = 0;

beforeAll(async () => {
  partner = await startSalesPartner();
  // A long settle window: an unknown sale stays unknown for this whole file.
  till = openTill({ url: partner.url, clock: () => new Date(Date.now() + offsetMs), tuning: { settleWindowMs: 10 * 60_000, reconcileDelaysMs: [60_000] } });
});

afterAll(async () => {
  await till.close();
  await partner.close();
});

const api = () => till.pos.api;
let supervisorId = 0;
let cashierId = 0;

// One story, told in order (vitest keeps it so under --sequence.shuffle): the first supervisor is
// set up, a cashier added, a shift opened, sold in and closed, then the kiosk sells in the next.
describe('a till’s first day', { shuffle: false }, () => {
  describe('staff', () => {
    it('a first run asks for a supervisor; nothing else works until someone signs in', async () => {
      expect(value(await api()['staff:status']({}))).toEqual({ signedIn: null, needsFirstSupervisor: true, shiftOpen: false, shiftNumber: null });
      expect(failure(await api()['shift:current']({}))).toMatchObject({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
      expect(failure(await api()['shift:open']({ floatKobo: 0 }))).toMatchObject({ code: 'UNAUTHORIZED', message: 'Sign in first.' });
      const showing = await findShowing(till.pos);
      expect(failure(await api()['sale:hold'](selectionOf(showing, [['Regular', 1]])))).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(failure(await api()['sale:attention']({}))).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('setup makes the first supervisor, once, and signs them in', async () => {
      const boss = value(await api()['staff:setup']({ name: 'Bola Adeyemi', pin: '2468' }));
      supervisorId = boss.id;
      expect(boss).toMatchObject({ name: 'Bola Adeyemi', role: 'supervisor' });
      expect(value(await api()['staff:status']({}))).toEqual({ signedIn: boss, needsFirstSupervisor: false, shiftOpen: false, shiftNumber: null });
      expect(failure(await api()['staff:setup']({ name: 'Someone Else', pin: '1111' }))).toMatchObject({ code: 'CONFLICT' });
      expect(value(await api()['staff:list']({})).staff).toEqual([boss]);
    });

    it('a supervisor adds a cashier; PINs are checked and a cashier is refused supervisor actions', async () => {
      const cashier = value(await api()['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }));
      cashierId = cashier.id;
      expect(failure(await api()['staff:create']({ name: 'tunde bakare', role: 'cashier', pin: '9999' }))).toMatchObject({ code: 'CONFLICT', fields: { name: expect.any(Array) } });
      expect(value(await api()['staff:sign-out']({}))).toEqual({ signedOut: true });
      expect(value(await api()['staff:sign-out']({}))).toEqual({ signedOut: false });

      expect(failure(await api()['staff:sign-in']({ staffId: cashier.id, pin: '7531' }))).toMatchObject({ code: 'UNAUTHORIZED', fields: { pin: ['is not right'] } });
      expect(failure(await api()['staff:sign-in']({ staffId: 999, pin: '1357' }))).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(value(await api()['staff:sign-in']({ staffId: cashier.id, pin: '1357' }))).toEqual(cashier);

      expect(failure(await api()['staff:create']({ name: 'Ngozi Okafor', role: 'supervisor', pin: '8642' }))).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/supervisor/) });
      expect(failure(await api()['shift:close']({ countedKobo: 0 }))).toMatchObject({ code: 'FORBIDDEN' });
      expect(failure(await api()['journal:export']({}))).toMatchObject({ code: 'FORBIDDEN' });
      expect(value(await api()['staff:list']({})).staff.map((s) => s.name)).toEqual(['Bola Adeyemi', 'Tunde Bakare']);
    });

    it('five wrong PINs lock that person for 30 seconds, even with the right PIN; others sign in; the lock doubles if it happens again', async () => {
      for (let i = 1; i <= 4; i++) expect(failure(await api()['staff:sign-in']({ staffId: cashierId, pin: '0000' })).message).toMatch(/not right/);
      expect(failure(await api()['staff:sign-in']({ staffId: cashierId, pin: '0000' })).message).toMatch(/locked for 30 seconds/);
      expect(failure(await api()['staff:sign-in']({ staffId: cashierId, pin: '1357' }))).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/Tunde Bakare.*locked/) });
      // The lock is Tunde's, not the till's.
      expect(value(await api()['staff:sign-in']({ staffId: supervisorId, pin: '2468' })).id).toBe(supervisorId);
      offsetMs += 29_000;
      expect(failure(await api()['staff:sign-in']({ staffId: cashierId, pin: '1357' })).message).toMatch(/locked for 1 more second/);
      offsetMs += 1_500;
      for (let i = 1; i <= 5; i++) await api()['staff:sign-in']({ staffId: cashierId, pin: '0000' });
      expect(failure(await api()['staff:sign-in']({ staffId: cashierId, pin: '1357' })).message).toMatch(/locked for 60 more seconds/);
      offsetMs += 61_000;
      expect(value(await api()['staff:sign-in']({ staffId: cashierId, pin: '1357' })).id).toBe(cashierId);
    });
  });

  describe('a shift', () => {
    let floatKobo = 0;
    let cinemaTotal = 0;
    let unknownCash = 0;

    it('no selling before a shift is open', async () => {
      expect(value(await api()['shift:current']({}))).toEqual({ report: null, overTwelveHours: false, firstShift: true });
      const stay = await findStay(till.pos);
      expect(failure(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }))).toMatchObject({ code: 'SHIFT_REQUIRED' });
    });

    it('opens with a float, takes cash in and out with reasons, and sells', async () => {
      floatKobo = 2_000_000;
      const opened = value(await api()['shift:open']({ floatKobo }));
      expect(opened).toMatchObject({ shiftNumber: 1, openedBy: { id: cashierId, name: 'Tunde Bakare' }, cash: { floatKobo, expectedKobo: floatKobo } });
      expect(failure(await api()['shift:open']({ floatKobo }))).toMatchObject({ code: 'CONFLICT' });
      expect(value(await api()['staff:status']({}))).toMatchObject({ shiftOpen: true, shiftNumber: 1 });
      value(await api()['shift:cash']({ kind: 'in', amountKobo: 500_000, reason: 'change from the bank' }));
      const afterOut = value(await api()['shift:cash']({ kind: 'out', amountKobo: 150_000, reason: 'petty cash: drinking water' }));
      expect(afterOut.cashMovements.map((m) => [m.kind, m.amountKobo, m.staffName])).toEqual([
        ['in', 500_000, 'Tunde Bakare'],
        ['out', 150_000, 'Tunde Bakare'],
      ]);
      expect(failure(await api()['shift:cash']({ kind: 'out', amountKobo: 100_000_000, reason: 'more than the drawer holds' }))).toMatchObject({ code: 'VALIDATION' });

      const showing = await findShowing(till.pos);
      const cinema = value(
        await api()['sale:submit']({ saleId: newSaleId(), kind: 'cinema', cinema: selectionOf(showing, [['Regular', 2]]), customer, tender: { kind: 'cash', tenderedKobo: 1_000_000 } }),
      );
      cinemaTotal = cinema.totalKobo;
      // Confirmed at once: the cashier was told to give the change then.
      expect(cinema.tenders[0]!.changeKobo).toBeGreaterThan(0);
      expect(cinema.changeUnsure).toBeUndefined();
      const stay = await findStay(till.pos);
      const hotel = value(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card', approvalCode: 'POS-77' } }));
      expect([cinema.state, hotel.state]).toEqual(['confirmed', 'confirmed']);

      // Refused by the partner (its "today" is two days on, so the check-in is in its past): the
      // customer's cash stays in the drawer until a void gives it back.
      partner.shiftClock(2 * 86_400_000);
      const rejected = value(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 2 } }));
      partner.shiftClock(-2 * 86_400_000);
      expect(rejected.state).toBe('rejected');
      // No answer: the cash stays in the drawer until the partner says what happened.
      partner.faults.push({ error500Before: true });
      const unknown = value(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 2 } }));
      expect(unknown.state).toBe('unknown');
      unknownCash = unknown.totalKobo;

      const { report, overTwelveHours } = value(await api()['shift:current']({}));
      expect(overTwelveHours).toBe(false);
      expect(report!.sales).toEqual({ confirmedCount: 2, confirmedKobo: cinema.totalKobo + hotel.totalKobo, rejectedCount: 1, unsettledCount: 1, amountMismatchCount: 0 });
      expect(report!.byKind).toEqual([
        { kind: 'cinema', count: 1, totalKobo: cinema.totalKobo },
        { kind: 'hotel', count: 1, totalKobo: hotel.totalKobo },
      ]);
      expect(report!.byTender.find((t) => t.kind === 'card')).toEqual({ kind: 'card', count: 1, totalKobo: hotel.totalKobo });
      expect(report!.byCashier).toEqual([{ staffId: cashierId, name: 'Tunde Bakare', count: 2, totalKobo: cinema.totalKobo + hotel.totalKobo }]);
      expect(report!.cash.expectedKobo).toBe(floatKobo + 500_000 - 150_000 + cinemaTotal + unknownCash + rejected.totalKobo);
      expect(report!.cash.rejectedCashKobo).toBe(rejected.totalKobo);
      expect(report!.unsettled.map((u) => u.id)).toEqual([unknown.id]);
      // The rejected sale's cash is still the customer's: listed until a void gives it back (after a
      // restart it may have settled while nobody looked at its screen), and its screen says to give it back.
      expect(value(await api()['sale:attention']({})).sales.map((s) => s.id)).toEqual([unknown.id, rejected.id]);
      expect(rejectedNoteKey(rejected)).toBe('sale.rejectedNote');
    });

    it('warns once the shift has run past 12 hours', async () => {
      offsetMs += 12 * 3_600_000 + 60_000;
      expect(value(await api()['shift:current']({})).overTwelveHours).toBe(true);
    });

    let inFlightId = '';
    it('refuses to close while a sale is in flight', async () => {
      value(await api()['staff:sign-in']({ staffId: supervisorId, pin: '2468' }));
      const stay = await findStay(till.pos);
      partner.faults.push('hang-after-commit');
      const attempts = partner.purchaseAttempts();
      inFlightId = newSaleId();
      const inFlight = api()['sale:submit']({ saleId: inFlightId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } });
      // The purchase has reached the partner, which committed it and is not answering.
      while (partner.purchaseAttempts() === attempts) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(failure(await api()['shift:close']({ countedKobo: 0 }))).toMatchObject({ code: 'CONFLICT' });
      expect(value(await inFlight).state).toBe('unknown');
    });

    it('closes against the counted cash with a numbered Z report showing the difference and the unsettled sales', async () => {
      const expected = value(await api()['shift:current']({})).report!.cash.expectedKobo;
      const z = value(await api()['shift:close']({ countedKobo: expected - 2_500 }));
      expect(z).toMatchObject({ zNumber: 1, countedKobo: expected - 2_500, differenceKobo: -2_500, closedBy: { id: supervisorId, name: 'Bola Adeyemi' } });
      expect(z.cash.expectedKobo).toBe(expected);
      expect(z.sales.confirmedCount).toBe(2);
      // The sale whose request never reached the partner was looked up and not found; the shift's
      // twelve hours are far past the grace window, so it is rejected now. The one the partner took
      // and never answered is still unknown.
      expect(z.sales.rejectedCount).toBe(2);
      expect(z.unsettled.map((sale) => sale.id)).toEqual([inFlightId]);
      expect(value(await api()['shift:z-report']({ zNumber: 1 }))).toEqual(z);
      expect(failure(await api()['shift:z-report']({ zNumber: 2 }))).toMatchObject({ code: 'NOT_FOUND' });
      expect(value(await api()['shift:current']({}))).toEqual({ report: null, overTwelveHours: false, firstShift: false });
      const stay = await findStay(till.pos);
      expect(failure(await api()['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }))).toMatchObject({ code: 'SHIFT_REQUIRED' });
    });

    it('finds sales and exports the journal as CSV for a supervisor', async () => {
      const today = lagosDate(new Date(Date.now() + offsetMs));
      const all = value(await api()['sale:search']({ limit: 100 })).sales;
      expect(all).toHaveLength(5);
      const confirmed = all.find((s) => s.state === 'confirmed' && s.kind === 'hotel')!;
      expect(value(await api()['sale:search']({ text: confirmed.partnerReference! })).sales.map((s) => s.id)).toEqual([confirmed.id]);
      expect(value(await api()['sale:search']({ text: customer.name, limit: 100 })).sales).toHaveLength(5);
      expect(value(await api()['sale:search']({ from: '2020-01-01', to: '2020-01-31' })).sales).toEqual([]);

      const exported = value(await api()['journal:export']({ from: '2020-01-01' }));
      expect(exported.fileName).toBe(`lobby-pos-T01-2020-01-01-to-${today}.csv`);
      expect(exported.rows).toBe(all.length);
      for (const sale of all) expect(exported.csv).toContain(sale.id);
      expect(value(await api()['journal:export']({ from: '2020-01-01', to: '2020-01-02' }))).toMatchObject({ rows: 0, fileName: 'lobby-pos-T01-2020-01-01-to-2020-01-02.csv' });
    });
  });

  describe('a kiosk', () => {
    it('sells by card as self-service once staff have opened a shift', async () => {
      value(await api()['shift:open']({ floatKobo: 0 }));
      const kiosk = openTill({ url: partner.url, dataDir: till.dataDir, profile: 'kiosk', clock: () => new Date(Date.now() + offsetMs) });
      try {
        const stay = await findStay(kiosk.pos);
        const sale = value(await kiosk.pos.api['sale:submit']({ saleId: newSaleId('KIOSK'), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }));
        expect(sale).toMatchObject({ state: 'confirmed', staffName: null });
        expect(value(await api()['shift:current']({})).report!.byCashier).toEqual([{ staffId: null, name: 'Self-service', count: 1, totalKobo: sale.totalKobo }]);
      } finally {
        await kiosk.close();
      }
    });
  });
});
