import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Pos } from '../../electron/app/create-pos';
import { addDays } from '../../shared/dates';
import type { SaleView } from '../../shared/sales/sale-view';
import { saidIn } from '@renderer/i18n/error-text';
import { translator } from '../helpers/translator';
import {
  customer,
  failure,
  findShowing,
  findStay,
  newSaleId,
  openTill,
  purchasesOf,
  readyToSell,
  selectionOf,
  startSalesPartner,
  value,
  type SalesPartner,
  type Till,
} from '../helpers/sales-fixture';

/**
 * Partner faults aimed at the purchase itself (the reads before it are left alone), through the
 * sandbox over real HTTP. Every case ends with the sandbox's own record: never two purchases for
 * one sale, and a confirmed sale exactly when the sandbox holds its purchase.
 */

let partner: SalesPartner;
let till: Till;
/** Our clock, moved with `ourOffsetMs` (the sandbox has its own, see partner.shiftClock). */
let ourOffsetMs = 0;

beforeAll(async () => {
  partner = await startSalesPartner();
  till = openTill({ url: partner.url, clock: () => new Date(Date.now() + ourOffsetMs) });
  await readyToSell(till.pos);
});

afterAll(async () => {
  await till.close();
  await partner.close();
  fs.rmSync(till.dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  partner.faults.length = 0;
  partner.sandbox.faults.reset();
});

/** The sale once it has left `sent`/`unknown` (background reconciliation settles it). */
async function settled(pos: Pos, saleId: string): Promise<SaleView> {
  for (let i = 0; i < 200; i++) {
    const sale = value(await pos.api['sale:get']({ saleId }));
    if (sale.state === 'confirmed' || sale.state === 'rejected') return sale;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`sale ${saleId} did not settle`);
}

function expectPartnerAgrees(saleId: string, sale: SaleView) {
  const purchases = purchasesOf(partner.sandbox, saleId);
  expect(purchases.length).toBeLessThanOrEqual(1);
  expect(sale.state === 'confirmed').toBe(purchases.length === 1);
  if (purchases[0]) expect(sale.partnerReference).toBe(purchases[0].reference);
}

const stateChanges = (saleId: string) => value(till.journal.sales.events(saleId)).map((e) => e.toState);
const noteOf = (saleId: string, state: string) => value(till.journal.sales.events(saleId)).find((e) => e.toState === state)?.detail as { note?: any } | undefined;

describe('the partner commits but its answer is lost', () => {
  it('a timeout after commit leaves the sale unknown, then lookup settles it confirmed', async () => {
    const stay = await findStay(till.pos);
    partner.faults.push('hang-after-commit');
    const saleId = newSaleId();
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }));
    expect(sale.state).toBe('unknown');
    expect(sale.failureReason).toMatch(/not known whether/);
    expect(noteOf(saleId, 'unknown')?.note).toMatchObject({ code: 'OUTCOME_UNKNOWN', cause: 'timeout' });

    const final = await settled(till.pos, saleId);
    expect(final.state).toBe('confirmed');
    expect(final.bookingNumber).toMatch(/^BK-/);
    expect(stateChanges(saleId)).toEqual(['pending', 'sent', 'unknown', 'confirmed']);
    expectPartnerAgrees(saleId, final);
  });

  it('a dropped connection after commit leaves the sale unknown, and sale:settle confirms it', async () => {
    const showing = await findShowing(till.pos);
    const selection = selectionOf(showing, [['Regular', 1]]);
    partner.sandbox.faults.set({ dropAfterCommitNext: 1 });
    const saleId = newSaleId();
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, customer, tender: { kind: 'card' } }));
    expect(sale.state).toBe('unknown');
    // Resubmitting while the outcome is unknown returns the sale; it never buys again.
    const attempts = partner.purchaseAttempts();
    expect(value(await till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, customer, tender: { kind: 'card' } })).state).toMatch(/unknown|confirmed/);
    expect(partner.purchaseAttempts()).toBe(attempts);

    const final = value(await till.pos.api['sale:settle']({ saleId }));
    expect(final.state).toBe('confirmed');
    expect(final.partnerAmountKobo).toBe(final.totalKobo);
    expectPartnerAgrees(saleId, final);
  });

  it('a server error after commit is not taken as a refusal: unknown, then confirmed', async () => {
    const stay = await findStay(till.pos);
    partner.faults.push('error-after-commit');
    const saleId = newSaleId();
    // Paid in cash with change, which the cashier was never told to give while the outcome was unknown.
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 2 + 500_000 } }));
    expect(sale.state).toBe('unknown');
    const final = await settled(till.pos, saleId);
    expect(final.state).toBe('confirmed');
    expectPartnerAgrees(saleId, final);
    // Opened later (after a restart, say), its screen cannot say the change was given.
    expect(final.changeUnsure).toBe(true);
    expect(value(await till.pos.api['sale:get']({ saleId })).changeUnsure).toBe(true);
  });

  it('an unknown sale stays unknown while lookups fail, and is never bought again', async () => {
    const stay = await findStay(till.pos);
    // From the moment it commits, the partner fails every call, lookups included.
    partner.faults.push({ hang: true, afterCommit: () => partner.sandbox.faults.set({ failNext: 1_000 }) });
    const saleId = newSaleId();
    expect(value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } })).state).toBe('unknown');
    for (let i = 0; i < 3; i++) expect(value(await till.pos.api['sale:settle']({ saleId })).state).toBe('unknown');
    partner.sandbox.faults.reset();
    const final = await settled(till.pos, saleId);
    expect(final.state).toBe('confirmed');
    expectPartnerAgrees(saleId, final);
  });
});

describe('the partner refuses or fails before committing', () => {
  it('503 before commit: unknown (a 503 may come after a commit too), never retried, then rejected once the partner has no record', async () => {
    const stay = await findStay(till.pos);
    partner.faults.push('fail-before');
    const saleId = newSaleId();
    const attempts = partner.purchaseAttempts();
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 2 } }));
    expect(sale.state).toBe('unknown');
    expect(sale.failureReason).toMatch(/HTTP 503/);
    const final = await settled(till.pos, saleId);
    expect(final.state).toBe('rejected');
    expect(final.failureReason).toMatch(/no record of this sale, so nothing was charged/);
    expect(partner.purchaseAttempts() - attempts).toBe(1);
    expect(purchasesOf(partner.sandbox, saleId)).toEqual([]);
    // The cash went back to the customer: the drawer does not expect it.
    const report = value(await till.pos.api['shift:current']({})).report!;
    expect(report.unsettled.map((u) => u.id)).not.toContain(saleId);
  });

  it('a cinema sale given up because the partner has no record of it gives its seats back at once', async () => {
    const showing = await findShowing(till.pos, 'Abuja Protocol');
    const selection = selectionOf(showing, [['Regular', 2]]);
    const regular = async () => value(await till.pos.api['cinema:tickets']({ filmId: selection.filmId, locationId: selection.locationId })).categories.find((c) => c.title === 'Regular')!.slotsRemaining;
    const start = await regular();
    const hold = value(await till.pos.api['sale:hold'](selection));
    partner.faults.push('fail-before');
    const saleId = newSaleId();
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'cash', tenderedKobo: hold.quote.totalKobo } }));
    expect(sale.state).toBe('unknown');
    expect(await regular()).toBe(start - 2);
    expect((await settled(till.pos, saleId)).state).toBe('rejected');
    for (let i = 0; i < 100 && (await regular()) !== start; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await regular()).toBe(start);
    expect(purchasesOf(partner.sandbox, saleId)).toEqual([]);
  });

  it('500 before commit: unknown (a server error may come after a commit), then rejected once the partner has no record', async () => {
    const stay = await findStay(till.pos);
    partner.faults.push({ error500Before: true });
    const saleId = newSaleId();
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }));
    expect(sale.state).toBe('unknown');
    const final = await settled(till.pos, saleId);
    expect(final.state).toBe('rejected');
    expect(final.failureReason).toMatch(/no record of this sale, so nothing was charged/);
    expect(stateChanges(saleId)).toEqual(['pending', 'sent', 'unknown', 'rejected']);
    expectPartnerAgrees(saleId, final);
  });

  it('a validation refusal (4xx) is rejected with the field the partner named', async () => {
    const stay = await findStay(till.pos);
    // The partner's "today" is two days ahead, so our check-in (tomorrow) is in its past.
    partner.shiftClock(2 * 86_400_000);
    try {
      const saleId = newSaleId();
      const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }));
      expect(sale.state).toBe('rejected');
      expect(sale.failureReason).toMatch(/checkin_date: must not be in the past/);
      expect(noteOf(saleId, 'rejected')?.note).toMatchObject({ code: 'PARTNER_REJECTED', status: 422, fields: { checkin_date: expect.any(Array) } });
      expectPartnerAgrees(saleId, sale);
    } finally {
      partner.shiftClock(-2 * 86_400_000);
    }
  });

  it('sold out between quote and purchase (another buyer took the rooms): rejected SOLD_OUT', async () => {
    const stay = await findStay(till.pos, { roomsLeft: 1, maxRoomsLeft: 3 });
    partner.faults.push({
      before: async () => {
        const other = await partner.sandbox.handle(
          new Request(`${partner.url}/v2/partner/hotels/buy`, {
            method: 'POST',
            headers: { 'X-API-KEY': 'lobby-sandbox-key', TransactionMedium: 'POS', 'Content-Type': 'application/json' },
            body: JSON.stringify({
              room_id: stay.selection.roomId,
              number_of_guests: 1,
              number_of_rooms: stay.roomsLeft,
              checkin_date: stay.selection.checkIn,
              checkout_date: stay.selection.checkOut,
              customer_info: { name: 'Another Buyer', email: 'other@example.com', phone_number: '+2348090000000', dob: '1980-01-01' },
              merchant_reference: 'another-till',
            }),
          }),
        );
        expect(other.status).toBe(201);
      },
    });
    const saleId = newSaleId();
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }));
    expect(sale.state).toBe('rejected');
    expect(noteOf(saleId, 'rejected')?.note).toMatchObject({ code: 'SOLD_OUT' });
    expect(sale.failureReason).toMatch(/Not enough rooms/);
    expectPartnerAgrees(saleId, sale);
  });

  it('tickets taken by another buyer before the hold: the hold is refused SOLD_OUT and nothing is written down', async () => {
    const showing = await findShowing(till.pos, 'Harmattan Heart');
    const twin = showing.categories.find((c) => c.title === 'Twin Seat')!;
    const live = value(await till.pos.api['cinema:tickets']({ filmId: showing.film.id, locationId: showing.location.id })).categories.find((c) => c.id === twin.id)!;
    const other = value(await till.pos.api['sale:hold']({ ...selectionOf(showing, [['Twin Seat', live.slotsRemaining]]) }));
    try {
      const error = await till.pos.api['sale:hold'](selectionOf(showing, [['Twin Seat', 1]]));
      expect(error.ok).toBe(false);
      expect(!error.ok && error.error).toMatchObject({ code: 'SOLD_OUT', fields: { 'tickets.0.count': ['Twin Seat is sold out'] } });
      const saleId = newSaleId();
      const submitted = failure(await till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selectionOf(showing, [['Twin Seat', 1]]), customer, tender: { kind: 'card' } }));
      expect(submitted).toMatchObject({ code: 'SOLD_OUT', fields: { 'cinema.tickets.0.count': expect.any(Array) } });
      expect(value(till.journal.sales.get(saleId))).toBeNull();
    } finally {
      await till.pos.api['sale:release-hold']({ holdId: other.holdId });
    }
  });
});

describe('seats given back while the partner is busy', () => {
  it('a release answered 429 with Retry-After ("not now") is asked again: the seats are free at once, not when the hold lapses', async () => {
    const showing = await findShowing(till.pos, 'Abuja Protocol');
    const selection = selectionOf(showing, [['VIP', 2]]);
    const vip = async () => value(await till.pos.api['cinema:tickets']({ filmId: selection.filmId, locationId: selection.locationId })).categories.find((c) => c.title === 'VIP')!.slotsRemaining;
    const start = await vip();
    const hold = value(await till.pos.api['sale:hold'](selection));
    expect(await vip()).toBe(start - 2);
    partner.sandbox.faults.set({ throttleNext: 1 });
    expect(value(await till.pos.api['sale:release-hold']({ holdId: hold.holdId }))).toEqual({ released: true });
    expect(partner.sandbox.faults.get().throttleNext).toBe(0);
    expect(await vip()).toBe(start);
  });
});

describe('a hold that runs out', () => {
  it('lapsed by our clock: the seats are held again once before buying, never bought on the dead hold', async () => {
    const showing = await findShowing(till.pos, 'Eko Nights');
    const selection = selectionOf(showing, [['Regular', 2]]);
    const hold = value(await till.pos.api['sale:hold'](selection));
    // Four minutes pass for everyone: the partner lets the hold go, and we know it.
    partner.shiftClock(4 * 60_000);
    ourOffsetMs += 4 * 60_000;
    try {
      const saleId = newSaleId();
      const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } }));
      expect(sale.state).toBe('confirmed');
      const body = value(till.journal.sales.get(saleId))!.request as { reservation_ids: string[] };
      // Bought on reservations the partner took: it refuses a dead one ("Reservation expired").
      expect(body.reservation_ids).toHaveLength(1);
      expectPartnerAgrees(saleId, sale);
    } finally {
      partner.shiftClock(-4 * 60_000);
      ourOffsetMs -= 4 * 60_000;
    }
  });

  it('lapsed only at the partner: the purchase is refused HOLD_EXPIRED and nothing is bought', async () => {
    const showing = await findShowing(till.pos, 'Jollof Wars');
    const selection = selectionOf(showing, [['Kids', 2]]);
    const hold = value(await till.pos.api['sale:hold'](selection));
    partner.shiftClock(4 * 60_000);
    try {
      const saleId = newSaleId();
      const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } }));
      expect(sale.state).toBe('rejected');
      expect(sale.failureReason).toMatch(/Hold the seats again/);
      expect(noteOf(saleId, 'rejected')?.note).toMatchObject({ code: 'HOLD_EXPIRED' });
      expect(purchasesOf(partner.sandbox, saleId)).toEqual([]);
    } finally {
      partner.shiftClock(-4 * 60_000);
    }
  });

  it('a hold for other tickets is refused before anything is written', async () => {
    const showing = await findShowing(till.pos, 'Eko Nights');
    const hold = value(await till.pos.api['sale:hold'](selectionOf(showing, [['Regular', 1]])));
    const saleId = newSaleId();
    const error = failure(await till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selectionOf(showing, [['Regular', 2]]), holdId: hold.holdId, customer, tender: { kind: 'card' } }));
    expect(error).toMatchObject({ code: 'VALIDATION', fields: { holdId: expect.any(Array) } });
    expect(value(till.journal.sales.get(saleId))).toBeNull();
    await till.pos.api['sale:release-hold']({ holdId: hold.holdId });
  });
});

describe('sales left behind', () => {
  it('on start: pending -> rejected, sent with a purchase -> confirmed, sent without -> rejected after the settle window', async () => {
    const stay = await findStay(till.pos);
    // Three sales written straight into the journal as a crash would leave them.
    const journal = till.journal;
    const staffId = 1;
    const base = { staffId, kind: 'hotel' as const, quoteKobo: stay.priceKobo * 2, details: {}, tenders: [{ kind: 'card' as const, amountKobo: stay.priceKobo * 2 }] };
    const ids = { pending: newSaleId('CRASH'), bought: newSaleId('CRASH'), lost: newSaleId('CRASH') };
    const body = (saleId: string) => ({
      room_id: stay.selection.roomId,
      number_of_guests: 1,
      number_of_rooms: 1,
      checkin_date: stay.selection.checkIn,
      checkout_date: addDays(stay.selection.checkIn, 2),
      customer_info: { name: customer.name, email: customer.email, phone_number: '+2348031234567', dob: customer.dob },
      merchant_reference: saleId,
    });
    for (const id of Object.values(ids)) value(journal.sales.create({ ...base, id, request: body(id) }));
    value(journal.sales.transition(ids.bought, 'sent'));
    value(journal.sales.transition(ids.lost, 'sent'));
    const bought = await partner.sandbox.handle(
      new Request(`${partner.url}/v2/partner/hotels/buy`, {
        method: 'POST',
        headers: { 'X-API-KEY': 'lobby-sandbox-key', TransactionMedium: 'POS', 'Content-Type': 'application/json' },
        body: JSON.stringify(body(ids.bought)),
      }),
    );
    expect(bought.status).toBe(201);

    // A second till process on the same journal file: createSales recovers on start.
    const restarted = openTill({ url: partner.url, dataDir: till.dataDir });
    try {
      // Sales are staff business: sign in on the restarted till (the shift is still open).
      await readyToSell(restarted.pos);
      expect(value(restarted.journal.sales.get(ids.pending))).toMatchObject({ state: 'rejected', failureReason: expect.stringMatching(/before this sale was sent/) });
      const [first, second] = await Promise.all([settled(restarted.pos, ids.bought), settled(restarted.pos, ids.lost)]);
      expect(first.state).toBe('confirmed');
      expect(second.state).toBe('rejected');
      expect(second.failureReason).toMatch(/no record of this sale/);
      // Read after the restart by a French cashier: the till's own reasons in her language, not main's English.
      const fr = saidIn(translator('fr'));
      const cutOff = value(await restarted.pos.api['sale:get']({ saleId: ids.pending }));
      expect(fr(cutOff.failureSaid!)).toBe('La caisse s’est arrêtée avant que cette vente soit envoyée au partenaire : rien n’a été débité.');
      expect(fr(second.failureSaid!)).toMatch(/^Le partenaire n’a aucune trace de cette vente/);
      expect(value(restarted.journal.sales.events(ids.lost)).map((e) => e.toState)).toEqual(['pending', 'sent', 'unknown', 'rejected']);
      for (const id of Object.values(ids)) expectPartnerAgrees(id, value(await restarted.pos.api['sale:get']({ saleId: id })));
    } finally {
      await restarted.close();
    }
  });
});
