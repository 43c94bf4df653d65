import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SaleView } from '../../shared/sales/sale-view';
import {
  customer,
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

/** Complete sales through createPos(...).api against the sandbox over real HTTP, on a real journal file. */

let partner: SalesPartner;
let till: Till;
let updates: SaleView[] = [];

beforeAll(async () => {
  partner = await startSalesPartner();
  till = openTill({ url: partner.url });
  till.pos.events.subscribe((event, payload) => {
    if (event === 'sale:updated') updates.push(payload as SaleView);
  });
  await readyToSell(till.pos);
});

afterAll(async () => {
  await till.close();
  await partner.close();
});

beforeEach(() => {
  updates = [];
  partner.faults.length = 0;
});

const statesOf = (saleId: string) => updates.filter((u) => u.id === saleId).map((u) => u.state);

describe('a cinema sale', () => {
  it('holds, writes the sale down before sending it, and confirms it with the partner references', async () => {
    const showing = await findShowing(till.pos);
    const selection = selectionOf(showing, [['Regular', 2], ['VIP', 1]]);
    const hold = value(await till.pos.api['sale:hold'](selection));
    const price = (title: string) => showing.categories.find((c) => c.title === title)!.priceKobo;
    const expectedTotal = 2 * price('Regular') + price('VIP');
    expect(hold.quote.totalKobo).toBe(expectedTotal);
    expect(hold.quote.lines.map((l) => [l.title, l.count, l.totalKobo])).toEqual([
      ['Regular', 2, 2 * price('Regular')],
      ['VIP', 1, price('VIP')],
    ]);
    expect(Date.parse(hold.expiresAt) - Date.now()).toBeGreaterThan(2 * 60_000);

    const saleId = newSaleId();
    const sale = value(
      await till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'cash', tenderedKobo: expectedTotal + 150_000 } }),
    );
    expect(sale).toMatchObject({ id: saleId, kind: 'cinema', state: 'confirmed', totalKobo: expectedTotal, partnerAmountKobo: expectedTotal, amountMismatch: false, failureReason: null });
    expect(sale.title).toBe(`${showing.film.title} · ${showing.location.name}`);
    expect(sale.subtitle).toContain(showing.showtime.start);
    expect(sale.tenders).toEqual([{ kind: 'cash', amountKobo: expectedTotal, tenderedKobo: expectedTotal + 150_000, changeKobo: 150_000, approvalCode: null, transferReference: null }]);
    expect(sale.staffName).toBe('Bola Adeyemi');
    // Paid in cash, the sale is written down already sent (one commit): the screens hear sent, then the answer;
    // the journal still holds every move.
    expect(statesOf(saleId)).toEqual(['sent', 'confirmed']);
    expect(value(till.journal.sales.events(saleId)).map((e) => e.toState)).toEqual(['pending', 'sent', 'confirmed']);

    const [purchase, ...more] = purchasesOf(partner.sandbox, saleId);
    expect(more).toEqual([]);
    expect(sale.partnerReference).toBe(purchase!.reference);
    expect(sale.invoiceId).toBe(String(purchase!.invoice_id));

    const journaled = value(till.journal.sales.get(saleId))!;
    expect(journaled.request).toMatchObject({
      experience_id: showing.film.id,
      tickets: selection.tickets.map((t) => ({ id: t.categoryId, count: t.count })),
      customer_info: { name: customer.name, email: customer.email, phone_number: '+2348031234567', dob: customer.dob },
      merchant_reference: saleId,
      // YYYY-MM-DD as the dates endpoint gives it: the live service answers DD-MM-YYYY with a 500.
      attendance_date: showing.date,
      time_id: showing.showtime.id,
      cinema_location_id: showing.location.id,
    });
    expect((journaled.request as { reservation_ids: string[] }).reservation_ids).toHaveLength(2);
    expect(journaled.details).toMatchObject({ kind: 'cinema', film: { id: showing.film.id }, date: showing.date, showtime: { id: showing.showtime.id } });
    expect(value(till.journal.sales.events(saleId)).map((e) => [e.fromState, e.toState])).toEqual([
      [null, 'pending'],
      ['pending', 'sent'],
      ['sent', 'confirmed'],
    ]);
    expect(value(await till.pos.api['sale:get']({ saleId }))).toEqual(sale);
  });

  it('holds the tickets itself when no hold is given, then buys on that hold', async () => {
    const showing = await findShowing(till.pos, 'Lagos Traffic 2');
    const selection = selectionOf(showing, [['Student', 3]]);
    const before = value(await till.pos.api['cinema:tickets']({ filmId: selection.filmId, locationId: selection.locationId })).categories;
    const saleId = newSaleId();
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, customer: { ...customer, dob: undefined }, tender: { kind: 'card', approvalCode: 'A1B2' } }));
    expect(sale.state).toBe('confirmed');
    expect(sale.tenders[0]).toMatchObject({ kind: 'card', approvalCode: 'A1B2' });
    expect((value(till.journal.sales.get(saleId))!.request as { reservation_ids: string[] }).reservation_ids).toHaveLength(1);
    const after = value(await till.pos.api['cinema:tickets']({ filmId: selection.filmId, locationId: selection.locationId })).categories;
    const student = (list: typeof before) => list.find((c) => c.title === 'Student')!.slotsRemaining;
    expect(student(before) - student(after)).toBe(3);
  });

  it('gives held seats back on release-hold', async () => {
    const showing = await findShowing(till.pos, 'Abuja Protocol');
    const selection = selectionOf(showing, [['VIP', 4]]);
    const vip = async () =>
      value(await till.pos.api['cinema:tickets']({ filmId: selection.filmId, locationId: selection.locationId })).categories.find((c) => c.title === 'VIP')!.slotsRemaining;
    const start = await vip();
    const hold = value(await till.pos.api['sale:hold'](selection));
    expect(await vip()).toBe(start - 4);
    expect(value(await till.pos.api['sale:release-hold']({ holdId: hold.holdId }))).toEqual({ released: true });
    expect(await vip()).toBe(start);
    expect(value(await till.pos.api['sale:release-hold']({ holdId: hold.holdId }))).toEqual({ released: false });
  });
});

describe('a hotel booking', () => {
  it('reads the room fresh, charges price x nights x rooms and keeps the booking number', async () => {
    const stay = await findStay(till.pos, { roomsLeft: 3 });
    const selection = { ...stay.selection, rooms: 2, guests: 3, checkOut: addNights(stay.selection.checkIn, 3) };
    const saleId = newSaleId();
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: selection, customer, tender: { kind: 'transfer', reference: 'GTB-20261121-0042' } }));
    expect(sale).toMatchObject({ state: 'confirmed', totalKobo: stay.priceKobo * 3 * 2, partnerAmountKobo: stay.priceKobo * 3 * 2, amountMismatch: false });
    expect(sale.bookingNumber).toMatch(/^BK-/);
    expect(sale.subtitle).toMatch(/3 nights, 2 rooms, 3 guests$/);
    expect(sale.lines).toEqual([{ label: expect.stringContaining('per night'), quantity: 6, unitKobo: stay.priceKobo, totalKobo: stay.priceKobo * 6 }]);
    expect(sale.tenders[0]).toMatchObject({ kind: 'transfer', transferReference: 'GTB-20261121-0042' });
    expect(value(till.journal.sales.get(saleId))!.request).toEqual({
      room_id: selection.roomId,
      number_of_guests: 3,
      number_of_rooms: 2,
      checkin_date: selection.checkIn,
      checkout_date: selection.checkOut,
      customer_info: { name: customer.name, email: customer.email, phone_number: '+2348031234567', dob: customer.dob },
      merchant_reference: saleId,
    });
    const [booking] = purchasesOf(partner.sandbox, saleId);
    expect(booking?.type === 'hotel' && booking.details.booking_number).toBe(sale.bookingNumber);
  });

  it('flags a charged amount that differs from the quote, keeps both, and lists it for attention', async () => {
    const stay = await findStay(till.pos);
    partner.faults.push({ answer: (envelope) => ({ ...envelope, data: { ...envelope.data, amount: envelope.data.amount + 1000 } }) });
    const saleId = newSaleId();
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }));
    const quote = stay.priceKobo * 2;
    expect(sale).toMatchObject({ state: 'confirmed', totalKobo: quote, partnerAmountKobo: quote + 100_000, amountMismatch: true });
    const attention = value(await till.pos.api['sale:attention']({})).sales;
    expect(attention.map((s) => s.id)).toContain(saleId);
    expect(value(await till.pos.api['shift:current']({})).report!.sales.amountMismatchCount).toBeGreaterThanOrEqual(1);
  });
});

describe('the same sale submitted again', () => {
  it('100 concurrent submissions of one sale id reach the partner once and all answer that sale', async () => {
    const showing = await findShowing(till.pos, 'Kingdom of Oyo');
    const selection = selectionOf(showing, [['Regular', 1]]);
    const hold = value(await till.pos.api['sale:hold'](selection));
    const saleId = newSaleId('TAP');
    const attemptsBefore = partner.purchaseAttempts();
    const request = { saleId, kind: 'cinema' as const, cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'cash' as const, tenderedKobo: 1_000_000 } };
    const answers = await Promise.all(Array.from({ length: 100 }, () => till.pos.api['sale:submit'](request)));

    expect(partner.purchaseAttempts() - attemptsBefore).toBe(1);
    expect(purchasesOf(partner.sandbox, saleId)).toHaveLength(1);
    const sales = answers.map(value);
    expect(new Set(sales.map((s) => `${s.id} ${s.state} ${s.partnerReference}`))).toEqual(new Set([`${saleId} confirmed ${sales[0]!.partnerReference}`]));
    expect(value(till.journal.sales.events(saleId)).map((e) => e.toState)).toEqual(['pending', 'sent', 'confirmed']);
    expect(statesOf(saleId)).toEqual(['sent', 'confirmed']);

    // Later, the same request (a retry) gets the sale back; the same id with other details is not
    // a retry (as with a payment API's idempotency key): refused, and nothing is sent.
    const again = value(await till.pos.api['sale:submit'](request));
    expect(again).toEqual(value(await till.pos.api['sale:get']({ saleId })));
    // The screen's language is not part of what was asked.
    expect(value(await till.pos.api['sale:submit']({ ...request, language: 'fr' })).id).toBe(saleId);
    for (const other of [{ ...request, tender: { kind: 'card' as const } }, { ...request, cinema: selectionOf(showing, [['Regular', 3]]) }]) {
      expect(await till.pos.api['sale:submit'](other)).toMatchObject({ ok: false, error: { code: 'CONFLICT', said: { key: 'said.saleIdReused' } } });
    }
    expect(partner.purchaseAttempts() - attemptsBefore).toBe(1);
    expect(purchasesOf(partner.sandbox, saleId)).toHaveLength(1);
  });

  it('the same id asking for something else while the first is on its way is refused, and the first goes on alone', async () => {
    const showing = await findShowing(till.pos, 'Kingdom of Oyo');
    const saleId = newSaleId('TAP');
    const request = { saleId, kind: 'cinema' as const, cinema: selectionOf(showing, [['Regular', 1]]), customer, tender: { kind: 'cash' as const, tenderedKobo: 1_000_000 } };
    const [first, twin, other] = await Promise.all([
      till.pos.api['sale:submit'](request),
      till.pos.api['sale:submit'](request),
      till.pos.api['sale:submit']({ ...request, tender: { kind: 'cash' as const, tenderedKobo: 2_000_000 } }),
    ]);
    expect(value(first).state).toBe('confirmed');
    expect(value(twin)).toEqual(value(first));
    expect(other).toMatchObject({ ok: false, error: { code: 'CONFLICT', said: { key: 'said.saleIdReused' } } });
    expect(purchasesOf(partner.sandbox, saleId)).toHaveLength(1);
    expect(value(till.journal.sales.get(saleId))!.tenders[0]!.tenderedKobo).toBe(1_000_000);
  });

  it('one hold is bought once: a second sale on the same hold, at once or later, is refused', async () => {
    const showing = await findShowing(till.pos, 'Kingdom of Oyo');
    const selection = selectionOf(showing, [['VIP', 2]]);
    const hold = value(await till.pos.api['sale:hold'](selection));
    const ids = [newSaleId('TWIN'), newSaleId('TWIN')];
    const answers = await Promise.all(ids.map((saleId) => till.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } })));
    expect(answers.filter((a) => a.ok).map((a) => a.ok && a.value.state)).toEqual(['confirmed']);
    expect(answers.filter((a) => !a.ok).map((a) => !a.ok && a.error.code)).toEqual(['CONFLICT']);
    expect(ids.flatMap((id) => purchasesOf(partner.sandbox, id))).toHaveLength(1);
    const later = await till.pos.api['sale:submit']({ saleId: newSaleId('TWIN'), kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } });
    expect(!later.ok && later.error).toMatchObject({ code: 'CONFLICT', fields: { holdId: expect.any(Array) } });
  });

  it('a resubmitted hotel booking is not booked twice either', async () => {
    const stay = await findStay(till.pos);
    const saleId = newSaleId('TAP');
    const request = { saleId, kind: 'hotel' as const, hotel: stay.selection, customer, tender: { kind: 'card' as const } };
    const [first, second] = await Promise.all([till.pos.api['sale:submit'](request), till.pos.api['sale:submit'](request)]);
    const third = await till.pos.api['sale:submit'](request);
    expect(value(first)).toEqual(value(second));
    expect(value(third).partnerReference).toBe(value(first).partnerReference);
    expect(purchasesOf(partner.sandbox, saleId)).toHaveLength(1);
  });
});

function addNights(date: string, nights: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + nights * 86_400_000).toISOString().slice(0, 10);
}
