import { afterAll, beforeAll, expect, it } from 'vitest';
import { lagosMidnight, parseIsoDate } from '../../shared/dates';
import { lateSaleMinutes, showtimeMinutes } from '../../shared/showtime';
import { customer, failure, findShowing, newSaleId, openTill, readyToSell, selectionOf, startSalesPartner, value, type SalesPartner, type Till } from '../helpers/sales-fixture';

/**
 * A showing is sold until lateSaleMinutes after it starts, by the till's own clock: after that it is
 * no longer listed, a hold or a sale of it is refused before anything is bought, and a day whose
 * showings are all over is no longer offered as a date. The real sandbox over HTTP (whose own
 * "today" is real: the showing is a later day there) and a real journal file.
 */

let partner: SalesPartner;
let till: Till;
let now = new Date();

beforeAll(async () => {
  partner = await startSalesPartner();
  till = openTill({ url: partner.url, clock: () => now });
  await readyToSell(till.pos);
});

afterAll(async () => {
  await till.close();
  await partner.close();
});

it(`sells a showing until ${lateSaleMinutes} minutes after it starts, then neither lists nor sells it, and drops its day once all of it is over`, async () => {
  const showing = await findShowing(till.pos);
  const { film, location, date, showtime } = showing;
  const startsAt = lagosMidnight(parseIsoDate(date)!).getTime() + showtimeMinutes(showtime.start)! * 60_000;
  const listed = async () => value(await till.pos.api['cinema:showtimes']({ filmId: film.id, locationId: location.id, date })).showtimes.map((s) => s.id);
  const days = async () => value(await till.pos.api['cinema:dates']({ filmId: film.id, locationId: location.id, month: Number(date.slice(5, 7)) })).dates;
  const selection = selectionOf(showing, [['Regular', 1]]);

  // A latecomer, trailers still running: listed, and held.
  now = new Date(startsAt + (lateSaleMinutes - 1) * 60_000);
  expect(await listed()).toContain(showtime.id);
  expect(await days()).toContain(date);
  const hold = value(await till.pos.api['sale:hold'](selection));
  value(await till.pos.api['sale:release-hold']({ holdId: hold.holdId }));

  // Past the late-sale time: gone from the list; a hold or a sale of it is refused, nothing bought.
  now = new Date(startsAt + (lateSaleMinutes + 1) * 60_000);
  expect(await listed()).not.toContain(showtime.id);
  const before = { purchases: partner.sandbox.transactions().length, attempts: partner.purchaseAttempts() };
  expect(failure(await till.pos.api['sale:hold'](selection))).toMatchObject({ code: 'VALIDATION', said: { key: 'said.showStarted', values: { minutes: lateSaleMinutes } } });
  const refused = failure(await till.pos.api['sale:submit']({ saleId: newSaleId('LATE'), kind: 'cinema', cinema: selection, customer, tender: { kind: 'cash', tenderedKobo: 10_000_000 } }));
  expect(refused).toMatchObject({ code: 'VALIDATION', said: { key: 'said.showStarted' }, fields: { 'cinema.showtimeId': [expect.stringMatching(/started more than/)] } });
  expect({ purchases: partner.sandbox.transactions().length, attempts: partner.purchaseAttempts() }).toEqual(before);

  // Late that evening every showing of the day is over: the screens open on the next day instead.
  now = new Date(lagosMidnight(parseIsoDate(date)!).getTime() + (24 * 60 - 1) * 60_000);
  expect(await listed()).toEqual([]);
  expect(await days()).not.toContain(date);
});
