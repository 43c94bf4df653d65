import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox } from '../../electron/sandbox';
import { createPartnerClient } from '../../electron/partner/client';
import { loadConfig } from '../../electron/core/config/load';
import type { PosConfig } from '../../electron/core/config/schema';
import { createPos, type Pos } from '../../electron/app/create-pos';
import { silentLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import type { HealthItem } from '../../shared/app';
import type { Result } from '../../shared/result';

/** The browsing channels through createPos, against the sandbox over real HTTP. */

let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
let pos: Pos;
let dataDir: string;
let partnerRequests = 0;

/** Requests of the channel under test: the hotel prices asked beside a list (hotel-prices.test.ts) are not counted. */
const countingFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.includes('/hotels/packages')) partnerRequests += 1;
  return fetch(input, init);
};

const idle = async (): Promise<HealthItem> => ({ state: 'ok', label: 'Idle', detail: 'Not part of this test.' });

function posFor(baseUrl: string, options: { training?: boolean } = {}): Pos {
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir, 'partner-url': options.training ? '' : baseUrl, 'partner-timeout-ms': '5000' } });
  if (!loaded.ok) throw new Error(loaded.message);
  const config: PosConfig = loaded.config;
  const secrets = createFileSecretStore({ dataDir, env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } });
  const partner = createPartnerClient({
    baseUrl,
    apiKey: () => secrets.getApiKey(),
    fetch: countingFetch,
    timeoutMs: config.partner.timeoutMs,
    retry: { attempts: 2, baseDelayMs: 5 },
  });
  return createPos(config, { version: '0.0.0-test', logger: silentLogger, secrets, partner, probes: { printer: idle, journal: idle } });
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const lagosToday = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-partner-pos-'));
  sandbox = createSandbox();
  server = await startSandboxServer({ sandbox, port: 0 });
  pos = posFor(server.url);
});

afterAll(async () => {
  await pos.close();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  sandbox.faults.reset();
  partnerRequests = 0;
});

describe('hotels:list', () => {
  it('takes prices in kobo and finds the same hotels as the partner given Naira', async () => {
    const page = value(await pos.api['hotels:list']({ minPriceKobo: 4_000_000, maxPriceKobo: 9_000_050, amenities: ['wifi'], perPage: 100 }));
    const client = createPartnerClient({ baseUrl: server.url, apiKey: () => SANDBOX_DEFAULT_API_KEY });
    const direct = await client.listHotels({ minPriceNaira: 40_000, maxPriceNaira: 90_000.5, amenities: ['wifi'], perPage: 100 });
    if (!direct.ok) throw new Error(direct.error.message);
    expect(page.hotels.map((h) => h.id)).toEqual(direct.value.hotels.map((h) => h.id));
    expect(page.count).toBe(direct.value.count);
    expect(page.hotels.length).toBeGreaterThan(0);

    for (const hotel of page.hotels.slice(0, 5)) {
      expect(hotel.amenities).toContain('wifi');
      const rooms = value(await pos.api['hotels:rooms']({ hotelId: hotel.id, perPage: 100 })).rooms;
      expect(rooms.some((room) => room.priceKobo >= 4_000_000 && room.priceKobo <= 9_000_050)).toBe(true);
    }
  });

  it('answers in the app types: camelCase, no wire names', async () => {
    const page = value(await pos.api['hotels:list']({ city: 'Lagos', propertyType: 'hotel', perPage: 3 }));
    expect(page.perPage).toBe(3);
    expect(page.nextPage === null || page.nextPage === 2).toBe(true);
    for (const hotel of page.hotels) {
      expect(hotel).toMatchObject({ city: 'Lagos', propertyType: 'hotel' });
      expect(hotel.images.every((image) => typeof image.url === 'string')).toBe(true);
    }
    expect(JSON.stringify(page)).not.toMatch(/"(property_type|check_in_time|next_page|per_page|image_url)"/);
  });

  it('refuses bad requests with VALIDATION naming the fields, without calling the partner', async () => {
    const bad: Array<[unknown, string]> = [
      [{ city: 'Lagos', colour: 'blue' }, 'colour'],
      [{ minPriceKobo: -100 }, 'minPriceKobo'],
      [{ minPriceKobo: 150.5 }, 'minPriceKobo'],
      [{ minPriceKobo: 5_000_000, maxPriceKobo: 1_000_000 }, 'minPriceKobo'],
      [{ perPage: 0 }, 'perPage'],
      [{ perPage: 1000 }, 'perPage'],
      [{ propertyType: 'castle' }, 'propertyType'],
      [{ amenities: ['wifi,pool'] }, 'amenities.0'],
      [{ availableRoomsOnly: 'yes' }, 'availableRoomsOnly'],
      [{ page: -1 }, 'page'],
    ];
    for (const [request, field] of bad) {
      const result = await pos.api['hotels:list'](request as never);
      expect(result.ok, JSON.stringify(request)).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe('VALIDATION');
      expect(Object.keys(result.error.fields ?? {}).join(' '), JSON.stringify(request)).toContain(field);
    }
    expect(partnerRequests).toBe(0);
  });

  it('tells the cashier when the partner is down', async () => {
    sandbox.faults.set({ failNext: 5 });
    const result = await pos.api['hotels:list']({});
    expect(result).toMatchObject({ ok: false, error: { code: 'PARTNER_UNAVAILABLE' } });
    expect(partnerRequests).toBe(2);
  });
});

describe('hotels:rooms', () => {
  it('gives the hotel summary and its rooms in kobo, fresh on every call', async () => {
    const [hotel] = value(await pos.api['hotels:list']({ availableRoomsOnly: true, perPage: 1 })).hotels;
    const first = value(await pos.api['hotels:rooms']({ hotelId: hotel!.id }));
    expect(first.hotel).toEqual({ id: hotel!.id, name: hotel!.name });
    for (const room of first.rooms) {
      expect(room.hotelId).toBe(hotel!.id);
      expect(Number.isInteger(room.priceKobo)).toBe(true);
      if (room.breakdown.roomKobo !== null && room.breakdown.convenienceFeeKobo !== null) {
        expect(room.breakdown.roomKobo + room.breakdown.convenienceFeeKobo).toBe(room.priceKobo);
      }
      if (room.roomsLeft === 0) expect(room.isAvailable).toBe(false);
    }
    const room = first.rooms.find((r) => r.isAvailable && r.roomsLeft > 0)!;
    const client = createPartnerClient({ baseUrl: server.url, apiKey: () => SANDBOX_DEFAULT_API_KEY });
    const checkout = new Date(Date.parse(lagosToday()) + 86_400_000).toISOString().slice(0, 10);
    const booked = await client.bookHotel({
      room_id: room.id,
      number_of_guests: 1,
      number_of_rooms: 1,
      checkin_date: lagosToday(),
      checkout_date: checkout,
      customer_info: { name: 'Ngozi Eze', email: 'ngozi@example.ng', phone_number: '2348051234567', dob: '1990-06-01' },
    });
    expect(booked.ok).toBe(true);
    const second = value(await pos.api['hotels:rooms']({ hotelId: hotel!.id }));
    expect(second.rooms.find((r) => r.id === room.id)!.roomsLeft).toBe(room.roomsLeft - 1);
  });

  it('NOT_FOUND for a hotel the partner does not have; VALIDATION for a bad id', async () => {
    expect(await pos.api['hotels:rooms']({ hotelId: 987_654 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await pos.api['hotels:rooms']({ hotelId: 'abc' } as never)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });
});

describe('cinema channels', () => {
  it('cinema:films lists only films, with locations; featured and search pass through', async () => {
    const all = value(await pos.api['cinema:films']({ perPage: 100 }));
    expect(all.films.length).toBe(all.count);
    expect(all.films.every((film) => film.locations.length > 0 && film.showing !== '')).toBe(true);
    const featured = value(await pos.api['cinema:films']({ featured: true, perPage: 100 }));
    expect(featured.films.every((film) => film.featured)).toBe(true);
    expect(featured.films.length).toBeLessThan(all.films.length);
    const city = all.films[0]!.locations[0]!.city!;
    const inCity = value(await pos.api['cinema:films']({ search: city, perPage: 100 }));
    expect(inCity.films.length).toBeGreaterThan(0);
    expect(inCity.films.every((film) => film.locations.some((l) => l.city === city || l.state === city) || film.title.includes(city))).toBe(true);
    const paged = value(await pos.api['cinema:films']({ page: 2, perPage: 3 }));
    expect(paged.films.map((f) => f.id)).toEqual(all.films.slice(3, 6).map((f) => f.id));
  });

  it('cinema:film gives one film; an event or an unknown id is NOT_FOUND, a bad id VALIDATION', async () => {
    const [first] = value(await pos.api['cinema:films']({ perPage: 1 })).films;
    expect(value(await pos.api['cinema:film']({ filmId: first!.id }))).toEqual(first);
    const client = createPartnerClient({ baseUrl: server.url, apiKey: () => SANDBOX_DEFAULT_API_KEY });
    const list = await client.listExperiences({ perPage: 100 });
    const event = list.ok ? list.value.experiences.find((e) => !e.cinema) : undefined;
    expect(event).toBeDefined();
    expect(await pos.api['cinema:film']({ filmId: event!.id })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await pos.api['cinema:film']({ filmId: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await pos.api['cinema:film']({ filmId: 'film-1' })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
  });

  it('cinema:showtimes agrees with cinema:dates for every film and location this month', async () => {
    const today = lagosToday();
    const month = Number(today.slice(5, 7));
    const daysInMonth = new Date(Date.UTC(Number(today.slice(0, 4)), month, 0)).getUTCDate();
    const films = value(await pos.api['cinema:films']({ perPage: 100 })).films;
    let checked = 0;
    for (const film of films) {
      for (const location of film.locations) {
        const { dates } = value(await pos.api['cinema:dates']({ filmId: film.id, locationId: location.id, month }));
        for (let day = Number(today.slice(8, 10)); day <= daysInMonth; day++) {
          const date = `${today.slice(0, 8)}${String(day).padStart(2, '0')}`;
          const { showtimes } = value(await pos.api['cinema:showtimes']({ filmId: film.id, locationId: location.id, date }));
          expect(showtimes.length > 0, `${film.title} at ${location.name} on ${date}`).toBe(dates.includes(date));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('a showtime from cinema:showtimes is one the partner sells', async () => {
    const films = value(await pos.api['cinema:films']({ perPage: 100 })).films;
    // Late in the evening today's showings are over (offered until 30 minutes after they start): tomorrow's then.
    const today = lagosToday();
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    for (const [film, date] of films.flatMap((film) => [today, tomorrow].map((date) => [film, date] as const))) {
      const location = film.locations[0]!;
      const { showtimes } = value(await pos.api['cinema:showtimes']({ filmId: film.id, locationId: location.id, date }));
      if (showtimes.length === 0) continue;
      const { categories } = value(await pos.api['cinema:tickets']({ filmId: film.id, locationId: location.id }));
      const category = categories.find((c) => !c.soldOut)!;
      const client = createPartnerClient({ baseUrl: server.url, apiKey: () => SANDBOX_DEFAULT_API_KEY });
        const bought = await client.buyTickets({
        experience_id: film.id,
        tickets: [{ id: category.id, count: 1 }],
        customer_info: { name: 'Emeka Obi', email: 'emeka@example.ng', phone_number: '+2348091234567' },
        attendance_date: date,
        time_id: showtimes.at(-1)!.id,
        cinema_location_id: location.id,
      });
      expect(bought.ok ? bought.value.amount : bought.error).toBe(category.priceKobo);
      return;
    }
    throw new Error('no film shows today or tomorrow in the sandbox');
  });

  it('cinema:showtimes: NOT_FOUND at a cinema not showing the film, VALIDATION for a bad date', async () => {
    const [film] = value(await pos.api['cinema:films']({ perPage: 1 })).films;
    expect(await pos.api['cinema:showtimes']({ filmId: film!.id, locationId: 999, date: lagosToday() })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await pos.api['cinema:showtimes']({ filmId: film!.id, locationId: 1, date: '2025-02-30' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    });
  });

  it('cinema:tickets gives prices in kobo, the breakdown adding up, sold-out categories marked', async () => {
    const films = value(await pos.api['cinema:films']({ perPage: 100 })).films;
    let soldOut = 0;
    for (const film of films) {
      const { categories } = value(await pos.api['cinema:tickets']({ filmId: film.id, locationId: film.locations[0]!.id }));
      expect(categories.length).toBeGreaterThan(0);
      for (const category of categories) {
        const { ticketKobo, convenienceFeeKobo, merchantCommissionKobo } = category.breakdown;
        expect(ticketKobo + convenienceFeeKobo + merchantCommissionKobo).toBe(category.priceKobo);
        expect(category.soldOut).toBe(category.slotsRemaining === 0);
        if (category.soldOut) soldOut += 1;
      }
    }
    expect(soldOut).toBeGreaterThan(0);
  });

  it('cinema:dates refuses a month outside 1-12', async () => {
    const [film] = value(await pos.api['cinema:films']({ perPage: 1 })).films;
    expect(await pos.api['cinema:dates']({ filmId: film!.id, locationId: film!.locations[0]!.id, month: 13 })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', fields: { month: expect.any(Array) } },
    });
  });
});

describe('app:health partner line', () => {
  it('is ok with the round trip when the partner answers, degraded in training mode', async () => {
    const health = value(await pos.api['app:health']({ refresh: true }));
    expect(health.partner).toMatchObject({ state: 'ok', label: 'Partner online' });
    const training = posFor(server.url, { training: true });
    expect(value(await training.api['app:health']({ refresh: true })).partner).toMatchObject({ state: 'degraded', label: 'Training mode' });
  });

  it('is down when the partner cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = posFor(`http://127.0.0.1:${port}`);
    const health = value(await unreachable.api['app:health']({ refresh: true }));
    expect(health.partner).toMatchObject({ state: 'down', label: 'Partner offline' });
    expect(health.partner.detail).toMatch(/could not be reached/);
  });
});
