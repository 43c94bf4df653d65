import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient, type PartnerClient } from '../../electron/partner/client';
import type { PartnerResult } from '../../electron/partner/partner-error';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox, type SandboxServer } from '../../electron/sandbox';
import { addDays, lagosDate } from '../../shared/dates';
import { resolveShowtimes } from '../../shared/catalog/schedule';
import { customer, findShowing, findStay, newSaleId, openTill, purchasesOf, readyToSell, selectionOf, value, type Till } from '../helpers/sales-fixture';

/**
 * Issue 17: every partner call the till makes, in each base-URL layout a partner may use, against
 * the sandbox over real HTTP, with every request checked for X-API-KEY (the header the live
 * service reads), TransactionMedium POS, and the layout's path prefixes.
 *
 * - live: base https://<host>, experiences under /v1, hotels under /v2 (partner-api-notes.md);
 * - docs: experiences under /api/v1, hotels under /v2 (partner-api.md);
 * - api base: the base URL ends in /api, prefixes /v1 and /v2 (so /api/v1 and /api/v2).
 */

const layouts = [
  { name: 'live (/v1, /v2)', base: '', experiencePrefix: '/v1', hotelPrefix: '/v2', experiencePath: '/v1/partner/', hotelPath: '/v2/partner/' },
  { name: 'docs (/api/v1, /v2)', base: '', experiencePrefix: '/api/v1', hotelPrefix: '/v2', experiencePath: '/api/v1/partner/', hotelPath: '/v2/partner/' },
  { name: 'api base (/api + /v1, /v2)', base: '/api', experiencePrefix: '/v1', hotelPrefix: '/v2', experiencePath: '/api/v1/partner/', hotelPath: '/api/v2/partner/' },
] as const;

interface Sent {
  method: string;
  path: string;
  headers: Headers;
  body: string | null;
}

function okValue<T>(result: PartnerResult<T>, what: string): T {
  if (!result.ok) throw new Error(`${what} failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

describe.each(layouts)('layout $name', (layout) => {
  let sandbox: Sandbox;
  let server: SandboxServer;
  const sent: Sent[] = [];
  const recordingFetch: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    sent.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, headers: new Headers(init?.headers), body: typeof init?.body === 'string' ? init.body : null });
    return fetch(input, init);
  };
  const options = () => ({
    baseUrl: server.url + layout.base,
    apiKey: () => SANDBOX_DEFAULT_API_KEY,
    experiencePrefix: layout.experiencePrefix,
    hotelPrefix: layout.hotelPrefix,
    fetch: recordingFetch,
    timeoutMs: 3000,
    retry: { attempts: 1, baseDelayMs: 0 },
  });

  /** Every request so far went out with the key, the medium and the layout's prefixes. */
  function expectEveryRequestRight() {
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      const where = `${request.method} ${request.path}`;
      expect(request.headers.get('x-api-key'), where).toBe(SANDBOX_DEFAULT_API_KEY);
      expect(request.headers.get('transactionmedium'), where).toBe('POS');
      expect(request.headers.get('accept'), where).toBe('application/json');
      expect(request.headers.get('authorization'), where).toBeNull();
      expect(request.path.startsWith(layout.experiencePath) || request.path.startsWith(layout.hotelPath), where).toBe(true);
      if (request.path.includes('/hotels')) expect(request.path.startsWith(layout.hotelPath), where).toBe(true);
      else expect(request.path.startsWith(layout.experiencePath), where).toBe(true);
    }
  }

  beforeAll(async () => {
    sandbox = createSandbox();
    server = await startSandboxServer({ sandbox });
  });
  afterAll(() => server.close());

  it('every partner operation of the client succeeds, each request with X-API-KEY, TransactionMedium POS and the prefixes', async () => {
    sent.length = 0;
    const client: PartnerClient = createPartnerClient(options());
    const films = okValue(await client.listExperiences({ cinema: true, perPage: 50 }), 'list').experiences;
    expect(films.length).toBeGreaterThan(0);
    const today = lagosDate(new Date());
    let chosen: { filmId: string; locationId: number; date: string; timeId: number } | null = null;
    for (const film of films) {
      const details = okValue(await client.getExperience(film.id), 'details');
      const location = details.cinema_info!.locations[0]!;
      const dates = okValue(await client.getCinemaDates(film.id, Number(today.slice(5, 7)), location.id), 'dates');
      for (const date of [...dates, addDays(today, 1), addDays(today, 2)]) {
        const time = resolveShowtimes(details.cinema_info!, date, location.id)[0];
        if (date >= today && time) {
          chosen = { filmId: film.id, locationId: location.id, date, timeId: time.id };
          break;
        }
      }
      if (chosen) break;
    }
    if (!chosen) throw new Error('no showing in the sandbox');
    const category = okValue(await client.getTickets(chosen.filmId, chosen.locationId), 'tickets').find((t) => t.slots_remaining >= 2)!;
    const contact = { email: 'tickets@lobbypos.example', phone_number: '+2348000000000' };
    const released = okValue(await client.holdTickets({ tickets: [{ ticket_type: 'entertainment', resource_id: category.id, quantity: 1 }], customer_info: contact }), 'hold');
    okValue(await client.releaseHold(released.reservations[0]!.reservation_id), 'release');
    const held = okValue(await client.holdTickets({ tickets: [{ ticket_type: 'entertainment', resource_id: category.id, quantity: 2 }], customer_info: contact }), 'hold');
    const merchantReference = `layout-${layout.experiencePrefix}-${Date.now()}`;
    const bought = okValue(
      await client.buyTickets({
        experience_id: chosen.filmId,
        tickets: [{ id: category.id, count: 2 }],
        customer_info: { name: 'Adaeze Okafor', email: 'adaeze@example.ng', phone_number: '+2348031234567' },
        reservation_ids: held.reservations.map((r) => r.reservation_id),
        merchant_reference: merchantReference,
        attendance_date: chosen.date,
        time_id: chosen.timeId,
        cinema_location_id: chosen.locationId,
      }),
      'buy',
    );
    const purchaseBody = JSON.parse(sent.find((request) => request.path.endsWith('/experience/buy/tickets'))!.body!);
    expect(purchaseBody.attendance_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const hotels = okValue(await client.listHotels({ availableRoomsOnly: true, perPage: 10 }), 'hotels').hotels;
    okValue(await client.listHotelPackages({ city: 'Lagos', perPage: 5 }), 'packages');
    let room: { id: number } | undefined;
    for (const hotel of hotels) {
      room = okValue(await client.listRooms(hotel.id, { perPage: 50 }), 'rooms').rooms.find((r) => r.is_available && r.number_of_rooms > 1);
      if (room) break;
    }
    const checkIn = addDays(today, 1);
    const booked = okValue(
      await client.bookHotel({
        room_id: room!.id,
        number_of_guests: 1,
        number_of_rooms: 1,
        checkin_date: checkIn,
        checkout_date: addDays(checkIn, 1),
        customer_info: { name: 'Adaeze Okafor', email: 'adaeze@example.ng', phone_number: '+2348031234567', dob: '1990-01-01' },
        merchant_reference: `${merchantReference}-room`,
      }),
      'book',
    );

    expect(okValue(await client.lookupTransaction({ merchantReference }), 'lookup by ours')?.reference).toBe(bought.reference);
    expect(okValue(await client.lookupTransaction({ reference: booked.reference }), 'lookup by reference')?.type).toBe('hotel');
    expect(okValue(await client.lookupTransaction({ reference: 'EX0000000000' }), 'lookup of nothing')).toBeNull();
    okValue(await client.ping(), 'ping');

    const operations = new Set(sent.map((request) => `${request.method} ${request.path.split('?')[0]!.replace(/\/[^/]*\d[^/]*$/, '/{id}')}`));
    expect(operations.size).toBeGreaterThanOrEqual(12);
    expectEveryRequestRight();
  });

  describe('the till itself', () => {
    let till: Till;
    beforeAll(async () => {
      till = openTill({ url: server.url, partner: options() });
      await readyToSell(till.pos);
    });
    afterAll(async () => {
      await till.close();
      fs.rmSync(till.dataDir, { recursive: true, force: true });
    });

    it('browses, holds, sells a film and a room, and settles an unknown sale, each request right', async () => {
      sent.length = 0;
      value(await till.pos.api['cinema:films']({}));
      const showing = await findShowing(till.pos);
      value(await till.pos.api['cinema:film']({ filmId: showing.film.id }));
      value(await till.pos.api['cinema:dates']({ filmId: showing.film.id, locationId: showing.location.id, month: Number(showing.date.slice(5, 7)) }));
      const selection = selectionOf(showing, [['Regular', 1]]);
      const hold = value(await till.pos.api['sale:hold'](selection));
      const cinemaSale = newSaleId('LAYOUT');
      const film = value(await till.pos.api['sale:submit']({ saleId: cinemaSale, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } }));
      expect(film.state).toBe('confirmed');
      const journaled = value(till.journal.sales.get(cinemaSale))!.request as { attendance_date: string };
      expect(journaled.attendance_date).toBe(showing.date);

      const released = value(await till.pos.api['sale:hold'](selection));
      value(await till.pos.api['sale:release-hold']({ holdId: released.holdId }));

      const stay = await findStay(till.pos);
      const room = value(await till.pos.api['sale:submit']({ saleId: newSaleId('LAYOUT'), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }));
      expect(room.state).toBe('confirmed');

      sandbox.faults.set({ dropAfterCommitNext: 1 });
      const lost = newSaleId('LAYOUT');
      expect(value(await till.pos.api['sale:submit']({ saleId: lost, kind: 'hotel', hotel: (await findStay(till.pos)).selection, customer, tender: { kind: 'card' } })).state).toBe('unknown');
      expect(value(await till.pos.api['sale:settle']({ saleId: lost })).state).toBe('confirmed');
      expect(purchasesOf(sandbox, lost)).toHaveLength(1);
      value(await till.pos.api['app:health']({ refresh: true }));

      expect(sent.some((request) => request.path.includes('/transaction?merchant_reference='))).toBe(true);
      expect(sent.some((request) => request.method === 'DELETE' && request.path.includes('/validate/'))).toBe(true);
      expectEveryRequestRight();
    });
  });
});
