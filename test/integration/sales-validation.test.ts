import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../shared/dates';
import type { ChannelName } from '../../shared/ipc/contract';
import {
  customer,
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
 * Bad input on every selling, staff and shift channel: VALIDATION naming the field, and nothing
 * changes, neither in the journal (sales, staff, shifts, cash) nor at the partner (no hold, no purchase).
 */

let partner: SalesPartner;
let till: Till;
let showing: Awaited<ReturnType<typeof findShowing>>;
let stay: Awaited<ReturnType<typeof findStay>>;

beforeAll(async () => {
  partner = await startSalesPartner();
  till = openTill({ url: partner.url });
  await readyToSell(till.pos);
  showing = await findShowing(till.pos);
  stay = await findStay(till.pos);
});

afterAll(async () => {
  await till.close();
  await partner.close();
});

/** Everything a bad request could have changed. */
function snapshot() {
  const report = value(till.journal.shifts.xReport());
  return {
    sales: value(till.journal.sales.search({ limit: 500 })).map((s) => `${s.id}:${s.state}`),
    staff: value(till.journal.staff.list()).map((s) => s.id),
    shift: report.shiftId,
    cash: report.cashMovements.length,
    purchases: partner.sandbox.transactions().length,
    purchaseAttempts: partner.purchaseAttempts(),
  };
}

type Case = [request: unknown, field: string];

async function expectRefused(channel: ChannelName, cases: Case[], options: { partnerUntouched?: boolean } = { partnerUntouched: true }) {
  for (const [request, field] of cases) {
    const before = snapshot();
    const requestsBefore = partner.requests();
    const result = await till.pos.dispatch(channel, request);
    const label = `${channel} ${JSON.stringify(request)}`;
    expect(result.ok, label).toBe(false);
    if (result.ok) continue;
    expect(result.error.code, label).toBe('VALIDATION');
    expect(Object.keys(result.error.fields ?? {}), label).toContain(field);
    expect(snapshot(), label).toEqual(before);
    if (options.partnerUntouched) expect(partner.requests(), label).toBe(requestsBefore);
  }
}

const cinemaRequest = () => ({ saleId: newSaleId(), kind: 'cinema', cinema: selectionOf(showing, [['Regular', 1]]), customer, tender: { kind: 'card' } });
const hotelRequest = () => ({ saleId: newSaleId(), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } });
const past = addDays(lagosDate(new Date()), -1);

describe('selling channels', () => {
  it('sale:hold', async () => {
    const good = selectionOf(showing, [['Regular', 1]]);
    const line = good.tickets[0]!;
    await expectRefused('sale:hold', [
      [{}, 'filmId'],
      [{ ...good, filmId: 'not-a-uuid' }, 'filmId'],
      [{ ...good, locationId: -3 }, 'locationId'],
      [{ ...good, date: '2026-13-01' }, 'date'],
      [{ ...good, showtimeId: 'evening' }, 'showtimeId'],
      [{ ...good, tickets: [] }, 'tickets'],
      [{ ...good, tickets: [{ ...line, count: -2 }] }, 'tickets.0.count'],
      [{ ...good, tickets: [{ ...line, count: 0 }] }, 'tickets.0.count'],
      [{ ...good, tickets: [{ ...line, count: 1.5 }] }, 'tickets.0.count'],
      [{ ...good, tickets: [line, line] }, 'tickets'],
      [{ ...good, seats: ['A1'] }, 'seats'],
    ]);
    // Checked in main against the partner's data (read, never held).
    await expectRefused(
      'sale:hold',
      [
        [{ ...good, date: past }, 'date'],
        [{ ...good, showtimeId: 999_999 }, 'showtimeId'],
        [{ ...good, tickets: [{ categoryId: '00000000-0000-4000-8000-000000000000', count: 1 }] }, 'tickets.0.categoryId'],
      ],
      { partnerUntouched: false },
    );
  });

  it('sale:release-hold, sale:get, sale:settle, sale:attention, sale:search, journal:export', async () => {
    await expectRefused('sale:release-hold', [
      [{ holdId: '' }, 'holdId'],
      [{ holdId: 7 }, 'holdId'],
    ]);
    await expectRefused('sale:get', [
      [{}, 'saleId'],
      [{ saleId: '-starts-with-a-dash' }, 'saleId'],
      [{ saleId: 'x'.repeat(65) }, 'saleId'],
      [{ saleId: 'has spaces in it' }, 'saleId'],
    ]);
    await expectRefused('sale:settle', [[{ saleId: 12345678 }, 'saleId']]);
    await expectRefused('sale:attention', [[{ all: true }, 'all']]);
    await expectRefused('sale:search', [
      [{ limit: 0 }, 'limit'],
      [{ from: 'yesterday' }, 'from'],
      [{ text: 'x'.repeat(101) }, 'text'],
      [{ from: '2026-11-21', to: '2026-11-01' }, 'from'],
    ]);
    await expectRefused('journal:export', [
      [{ from: '2026-02-30' }, 'from'],
      [{ to: 20261121 }, 'to'],
      [{ from: '2026-11-21', to: '2026-11-01' }, 'from'],
    ]);
  });

  it('sale:submit: wrong types, negative counts, empty tickets, bad customers and tenders', async () => {
    const cinema = cinemaRequest();
    const hotel = hotelRequest();
    await expectRefused('sale:submit', [
      [{ ...cinema, saleId: undefined }, 'saleId'],
      [{ ...cinema, saleId: 'no spaces allowed' }, 'saleId'],
      [{ ...cinema, kind: 'boat' }, 'kind'],
      [{ ...cinema, cinema: { ...cinema.cinema, tickets: [] } }, 'cinema.tickets'],
      [{ ...cinema, cinema: { ...cinema.cinema, tickets: [{ ...cinema.cinema.tickets[0]!, count: -1 }] } }, 'cinema.tickets.0.count'],
      [{ ...cinema, cinema: { ...cinema.cinema, date: '21-11-2026' } }, 'cinema.date'],
      [{ ...cinema, customer: { ...customer, phone: '12345' } }, 'customer.phone'],
      [{ ...cinema, customer: { ...customer, email: 'not an email' } }, 'customer.email'],
      [{ ...cinema, customer: { ...customer, name: '' } }, 'customer.name'],
      [{ ...cinema, customer: { ...customer, dob: '1990-02-31' } }, 'customer.dob'],
      [{ ...cinema, tender: { kind: 'cheque' } }, 'tender.kind'],
      [{ ...cinema, tender: { kind: 'cash', tenderedKobo: -500 } }, 'tender.tenderedKobo'],
      [{ ...cinema, tender: { kind: 'cash', tenderedKobo: 100.5 } }, 'tender.tenderedKobo'],
      [{ ...cinema, tender: { kind: 'transfer', reference: '' } }, 'tender.reference'],
      [{ ...hotel, hotel: { ...hotel.hotel, guests: 0 } }, 'hotel.guests'],
      [{ ...hotel, hotel: { ...hotel.hotel, guests: 500 } }, 'hotel.guests'],
      [{ ...hotel, hotel: { ...hotel.hotel, rooms: -1 } }, 'hotel.rooms'],
      [{ ...hotel, hotel: { ...hotel.hotel, checkIn: 'tomorrow' } }, 'hotel.checkIn'],
      [{ ...hotel, hotel: { ...hotel.hotel, roomId: '1002' } }, 'hotel.roomId'],
    ]);
  });

  it('sale:submit: rules checked in main (dates, capacity, cash that does not cover the total) write nothing and buy nothing', async () => {
    const cinema = cinemaRequest();
    const hotel = hotelRequest();
    const checkIn = stay.selection.checkIn;
    await expectRefused(
      'sale:submit',
      [
        [{ ...hotel, hotel: { ...hotel.hotel, checkIn: past } }, 'hotel.checkIn'],
        [{ ...hotel, hotel: { ...hotel.hotel, checkOut: checkIn } }, 'hotel.checkOut'],
        [{ ...hotel, hotel: { ...hotel.hotel, checkOut: addDays(checkIn, -1) } }, 'hotel.checkOut'],
        [{ ...hotel, hotel: { ...hotel.hotel, guests: 49, rooms: 1 } }, 'hotel.guests'],
        [{ ...hotel, customer: { ...customer, dob: undefined } }, 'customer.dob'],
        [{ ...hotel, customer: { ...customer, dob: addDays(lagosDate(new Date()), 3) } }, 'customer.dob'],
        [{ ...hotel, tender: { kind: 'cash', tenderedKobo: stay.priceKobo } }, 'tender.tenderedKobo'],
        [{ ...cinema, cinema: { ...cinema.cinema, date: past } }, 'cinema.date'],
        [{ ...cinema, cinema: { ...cinema.cinema, showtimeId: 424_242 } }, 'cinema.showtimeId'],
        [{ ...cinema, tender: { kind: 'cash', tenderedKobo: 100 } }, 'tender.tenderedKobo'],
      ],
      { partnerUntouched: false },
    );
  });
});

describe('staff and shift channels', () => {
  it('staff:*', async () => {
    await expectRefused('staff:status', [[{ who: 'me' }, 'who']]);
    await expectRefused('staff:list', [[{ page: 2 }, 'page']]);
    await expectRefused('staff:setup', [
      [{ name: 'A', pin: '1234' }, 'name'],
      [{ name: 'Ada Obi', pin: '12' }, 'pin'],
      [{ name: 'Ada Obi', pin: 'abcd' }, 'pin'],
      [{ name: 'Ada Obi', pin: 1234 }, 'pin'],
    ]);
    await expectRefused('staff:sign-in', [
      [{ staffId: 'one', pin: '2468' }, 'staffId'],
      [{ staffId: -1, pin: '2468' }, 'staffId'],
      [{ staffId: 1, pin: '123456789' }, 'pin'],
    ]);
    await expectRefused('staff:sign-out', [[{ everyone: true }, 'everyone']]);
    await expectRefused('staff:create', [
      [{ name: 'Tunde Bakare', role: 'owner', pin: '1357' }, 'role'],
      [{ name: 'Tunde Bakare', role: 'cashier' }, 'pin'],
      [{ name: '  ', role: 'cashier', pin: '1357' }, 'name'],
    ]);
  });

  it('shift:*', async () => {
    await expectRefused('shift:current', [[{ report: 'x' }, 'report']]);
    await expectRefused('shift:open', [
      [{ floatKobo: -1 }, 'floatKobo'],
      [{ floatKobo: 1.5 }, 'floatKobo'],
      [{ floatKobo: '100' }, 'floatKobo'],
    ]);
    await expectRefused('shift:cash', [
      [{ kind: 'sideways', amountKobo: 100, reason: 'float top-up' }, 'kind'],
      [{ kind: 'in', amountKobo: 0, reason: 'float top-up' }, 'amountKobo'],
      [{ kind: 'in', amountKobo: 100, reason: 'x' }, 'reason'],
    ]);
    await expectRefused('shift:close', [[{ countedKobo: -1 }, 'countedKobo']]);
    await expectRefused('shift:z-report', [[{ zNumber: 0 }, 'zNumber']]);
  });
});

it('a kiosk takes card only', async () => {
  const kiosk = openTill({ url: partner.url, dataDir: till.dataDir, profile: 'kiosk' });
  try {
    const before = snapshot();
    const requests = partner.requests();
    const result = await kiosk.pos.api['sale:submit']({ ...(hotelRequest() as any), tender: { kind: 'cash', tenderedKobo: 100_000_000 } });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ code: 'VALIDATION', fields: { 'tender.kind': expect.any(Array) } });
    expect(snapshot()).toEqual(before);
    expect(partner.requests()).toBe(requests);
  } finally {
    await kiosk.close();
  }
});
