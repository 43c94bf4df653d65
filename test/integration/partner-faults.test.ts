import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox } from '../../electron/sandbox';
import { createPartnerClient, type PartnerClient, type PartnerClientOptions } from '../../electron/partner/client';
import { createHttpFetch } from '../../electron/core/http/http-fetch';
import type { PartnerResult } from '../../electron/partner/partner-error';
import { toPosError } from '../../electron/partner/to-pos-error';
import { wireTicketPurchaseRequestSchema, type WireTicketPurchaseRequest } from '../../shared/partner';

/**
 * Every error class of the client against real sockets: the sandbox's faults over HTTP, a closed
 * port, and, for answers the sandbox never gives (bad JSON, wrong shapes, the live service's loose
 * variants, missing routes), a small scripted server in front of the sandbox.
 */

const key = SANDBOX_DEFAULT_API_KEY;
let clockOffsetMs = 0;
let sandbox: Sandbox;
let sandboxServer: { url: string; close(): Promise<void> };
let requests: Array<{ method: string; path: string }> = [];

// The transport the app's client uses by default, counted: every fault below meets the real one.
const httpFetch = createHttpFetch();
const countingFetch: typeof fetch = (input, init) => {
  const url = new URL(String(input));
  requests.push({ method: init?.method ?? 'GET', path: url.pathname + url.search });
  return httpFetch(input, init);
};

const clientFor = (options: Partial<PartnerClientOptions> = {}): PartnerClient =>
  createPartnerClient({
    baseUrl: sandboxServer.url,
    apiKey: () => key,
    fetch: countingFetch,
    timeoutMs: 2000,
    retry: { attempts: 3, baseDelayMs: 5 },
    // The documented layout (the default is the live one, /v1): the scripted answers below use it.
    experiencePrefix: '/api/v1',
    ...options,
  });

function failure<T>(result: PartnerResult<T>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value).slice(0, 200)}`);
  return result.error;
}
function value<T>(result: PartnerResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const lagosToday = () => new Date(Date.now() + clockOffsetMs + 3600_000).toISOString().slice(0, 10);
const customer = { name: 'Tunde Bakare', email: 'tunde@example.ng', phone_number: '08031234567' };

/** A purchase the sandbox accepts: one ticket of a regular (non-cinema) event that has not ended. */
let sellable: { experienceId: string; categoryId: string };
const purchase = (merchantReference: string): WireTicketPurchaseRequest => ({
  experience_id: sellable.experienceId,
  tickets: [{ id: sellable.categoryId, count: 1 }],
  customer_info: customer,
  merchant_reference: merchantReference,
});

let bookable: { hotelId: number; roomId: number };
const booking = (merchantReference: string) => ({
  room_id: bookable.roomId,
  number_of_guests: 1,
  number_of_rooms: 1,
  checkin_date: lagosToday(),
  checkout_date: new Date(Date.parse(lagosToday()) + 86_400_000).toISOString().slice(0, 10),
  customer_info: { ...customer, dob: '1979-03-30' },
  merchant_reference: merchantReference,
});

beforeAll(async () => {
  sandbox = createSandbox({ clock: () => new Date(Date.now() + clockOffsetMs) });
  sandboxServer = await startSandboxServer({ sandbox, port: 0 });
  const client = clientFor();
  const events = value(await client.listExperiences({ perPage: 100 })).experiences.filter((e) => !e.cinema);
  for (const event of events) {
    const category = value(await client.getTickets(event.id)).find((t) => t.slots_remaining > 10);
    if (category) {
      sellable = { experienceId: event.id, categoryId: category.id };
      break;
    }
  }
  for (const hotel of value(await client.listHotels({ availableRoomsOnly: true, perPage: 10 })).hotels) {
    const room = value(await client.listRooms(hotel.id, { perPage: 100 })).rooms.find((r) => r.is_available && r.number_of_rooms > 5);
    if (room) {
      bookable = { hotelId: hotel.id, roomId: room.id };
      break;
    }
  }
});

afterAll(async () => {
  await sandboxServer.close();
});

beforeEach(() => {
  sandbox.faults.reset();
  clockOffsetMs = 0;
  requests = [];
});

describe('not-sent', () => {
  it('a closed port: nothing left, retried like any read, and a purchase is not retried', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const client = clientFor({ baseUrl: `http://127.0.0.1:${port}` });
    expect(failure(await client.listHotels())).toMatchObject({ kind: 'not-sent', cause: 'ECONNREFUSED' });
    expect(requests).toHaveLength(3);
    requests = [];
    const error = failure(await client.buyTickets(purchase('closed-port')));
    expect(error.kind).toBe('not-sent');
    expect(requests).toHaveLength(1);
    expect(toPosError(error, { service: 'cinema', purchase: true }).code).toBe('PARTNER_UNAVAILABLE');
  });

  it('no key configured: nothing is sent at all', async () => {
    const client = clientFor({ apiKey: () => null });
    const error = failure(await client.listHotels());
    expect(error).toMatchObject({ kind: 'not-sent', cause: 'no-api-key' });
    expect(requests).toHaveLength(0);
    expect(toPosError(error, { service: 'hotels' }).message).toMatch(/supervisor/);
  });

  it('a key a header cannot carry (a line break inside it): nothing is sent, and the setting is named', async () => {
    // Spaces and a line break around the key are left off, as fetch left them: the key works.
    value(await clientFor({ apiKey: () => ` ${SANDBOX_DEFAULT_API_KEY}\r\n` }).listHotels());
    requests = [];
    for (const key of ['lobby\nsandbox-key', 'lobby\r\nX-Injected: 1', 'key\u0000']) {
      const client = clientFor({ apiKey: () => key });
      expect(failure(await client.listHotels()), JSON.stringify(key)).toMatchObject({ kind: 'not-sent', cause: 'configuration' });
      expect(failure(await client.buyTickets(purchase('bad-key')))).toMatchObject({ kind: 'not-sent', cause: 'configuration' });
    }
    expect(requests).toHaveLength(0);
  });
});

describe('no-answer', () => {
  it('a hung read times out, and the retry gets the answer', async () => {
    sandbox.faults.set({ hangNext: 1 });
    const once = failure(await clientFor({ timeoutMs: 300, retry: { attempts: 1, baseDelayMs: 0 } }).listHotels());
    expect(once).toMatchObject({ kind: 'no-answer', cause: 'timeout' });
    expect(toPosError(once, { service: 'hotels' }).code).toBe('PARTNER_UNAVAILABLE');

    requests = [];
    sandbox.faults.set({ hangNext: 1 });
    value(await clientFor({ timeoutMs: 300 }).listHotels());
    expect(requests).toHaveLength(2);
  });

  it('a hung purchase is not retried and its outcome is unknown', async () => {
    sandbox.faults.set({ hangNext: 1 });
    const error = failure(await clientFor({ timeoutMs: 300 }).buyTickets(purchase('hung-sale')));
    expect(error.kind).toBe('no-answer');
    expect(requests).toHaveLength(1);
    expect(toPosError(error, { service: 'cinema', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
  });

  it('a purchase committed then dropped: no-answer, once, and the lookup finds the sale', async () => {
    const before = sandbox.transactions().length;
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    const client = clientFor();
    const error = failure(await client.buyTickets(purchase('dropped-sale')));
    expect(error.kind).toBe('no-answer');
    expect(requests).toHaveLength(1);
    expect(sandbox.transactions()).toHaveLength(before + 1);
    const found = value(await client.lookupTransaction({ merchantReference: 'dropped-sale' }));
    expect(found).toMatchObject({ merchant_reference: 'dropped-sale', type: 'experience', status: 'successful' });
  });

  it('a booking committed then dropped is not sent again on the other path', async () => {
    const before = sandbox.transactions().length;
    sandbox.faults.set({ dropAfterCommitNext: 1 });
    const error = failure(await clientFor().bookHotel(booking('dropped-booking')));
    expect(error.kind).toBe('no-answer');
    // Asked once which booking route exists (a GET books nothing), then one POST, never a second.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/partner/hotels/buy', 'POST /v2/partner/hotels/buy']);
    expect(sandbox.transactions().filter((t) => t.merchant_reference === 'dropped-booking')).toHaveLength(1);
    expect(sandbox.transactions()).toHaveLength(before + 1);
  });
});

describe('unavailable', () => {
  it('a read that fails once is retried and succeeds', async () => {
    sandbox.faults.set({ failNext: 1 });
    value(await clientFor().listRooms(1));
    expect(requests).toHaveLength(2);
  });

  it('a read that keeps failing gives up after the configured attempts', async () => {
    sandbox.faults.set({ failNext: 10 });
    const error = failure(await clientFor({ retry: { attempts: 3, baseDelayMs: 1 } }).getExperience(sellable.experienceId));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(requests).toHaveLength(3);
  });

  it('a purchase, a booking and a hold that fail are not retried and change nothing', async () => {
    const before = sandbox.transactions().length;
    const client = clientFor();
    // Four failures: the purchase, the GET that asks which booking route exists, the booking, the hold.
    sandbox.faults.set({ failNext: 4 });
    expect(failure(await client.buyTickets(purchase('failed-sale')))).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(failure(await client.bookHotel(booking('failed-booking')))).toMatchObject({ kind: 'unavailable', status: 503 });
    const hold = await client.holdTickets({
      tickets: [{ ticket_type: 'entertainment', resource_id: sellable.categoryId, quantity: 1 }],
      customer_info: { email: customer.email, phone_number: customer.phone_number },
    });
    expect(failure(hold).kind).toBe('unavailable');
    expect(requests.map((r) => r.method)).toEqual(['POST', 'GET', 'POST', 'POST']);
    expect(sandbox.transactions()).toHaveLength(before);
  });
});

describe('rejected', () => {
  it('401 for a wrong key, without the key in any message', async () => {
    const secret = 'wrong-key-3f9a1c77';
    const error = failure(await clientFor({ apiKey: () => secret }).listHotels());
    expect(error).toMatchObject({ kind: 'rejected', status: 401 });
    expect(requests).toHaveLength(1);
    const mapped = toPosError(error, { service: 'hotels' });
    expect(mapped.code).toBe('PARTNER_REJECTED');
    expect(JSON.stringify([error, mapped])).not.toContain(secret);
  });

  it('422 with field errors for a booking that breaks the rules', async () => {
    const client = clientFor();
    const error = failure(await client.bookHotel({ ...booking('bad-dates'), checkout_date: lagosToday() }));
    expect(error).toMatchObject({ kind: 'rejected', status: 422 });
    expect(Object.keys(error.fields ?? {})).toContain('checkout_date');
    const mapped = toPosError(error, { service: 'hotels', purchase: true });
    expect(mapped.code).toBe('PARTNER_REJECTED');
    expect(mapped.fields?.checkout_date).toEqual(error.fields?.checkout_date);
  });

  it('400 for a malformed id, 404 for an unknown one', async () => {
    const client = clientFor();
    expect(failure(await client.getExperience('not-a-uuid'))).toMatchObject({ kind: 'rejected', status: 400 });
    const unknown = failure(await client.getExperience('00000000-0000-4000-8000-000000000000'));
    expect(unknown).toMatchObject({ kind: 'rejected', status: 404 });
    expect(toPosError(unknown, { service: 'cinema' }).code).toBe('NOT_FOUND');
    expect(failure(await client.listRooms(987_654))).toMatchObject({ kind: 'rejected', status: 404 });
    expect(requests).toHaveLength(3);
  });

  it('SOLD_OUT when asking for more than is left', async () => {
    const client = clientFor();
    const category = value(await client.getTickets(sellable.experienceId)).find((t) => t.id === sellable.categoryId)!;
    const tooMany = { ...purchase('too-many'), tickets: [{ id: category.id, count: category.slots_remaining + 1 }] };
    const error = failure(await client.buyTickets(tooMany));
    expect(error).toMatchObject({ kind: 'rejected', status: 422 });
    expect(toPosError(error, { service: 'cinema', purchase: true }).code).toBe('SOLD_OUT');
    const roomsLeft = value(await client.listRooms(bookable.hotelId, { perPage: 100 })).rooms.find((r) => r.id === bookable.roomId)!;
    const tooManyRooms = failure(await client.bookHotel({ ...booking('too-many-rooms'), number_of_rooms: roomsLeft.number_of_rooms + 1, number_of_guests: 1 }));
    expect(toPosError(tooManyRooms, { service: 'hotels', purchase: true }).code).toBe('SOLD_OUT');
  });

  it('HOLD_EXPIRED when the hold ran out before the purchase', async () => {
    const client = clientFor();
    const hold = value(
      await client.holdTickets({
        tickets: [{ ticket_type: 'entertainment', resource_id: sellable.categoryId, quantity: 1 }],
        customer_info: { email: customer.email, phone_number: customer.phone_number },
      }),
    );
    clockOffsetMs = 4 * 60_000;
    const error = failure(await client.buyTickets({ ...purchase('late'), reservation_ids: [hold.reservations[0]!.reservation_id] }));
    expect(toPosError(error, { service: 'cinema', purchase: true }).code).toBe('HOLD_EXPIRED');
  });
});

/**
 * A partner that answers from a script, and hands anything unscripted to the sandbox: the live
 * service's variants and broken answers, with everything else still real.
 */
type Scripted = { status: number; body: string; headers?: Record<string, string> } | undefined;
let script: (request: IncomingMessage) => Scripted | Promise<Scripted> = () => undefined;
let scripted: Server;
let scriptedUrl: string;

beforeAll(async () => {
  scripted = createServer(async (req, res) => {
    const answer = await script(req);
    if (answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(answer.body);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const forwarded = await fetch(sandboxServer.url + req.url, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, v]) => (typeof v === 'string' && name !== 'host' ? [[name, v] as [string, string]] : [])),
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(await forwarded.text());
  });
  await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
  scriptedUrl = `http://127.0.0.1:${(scripted.address() as AddressInfo).port}`;
});

afterAll(async () => {
  scripted.closeAllConnections();
  await new Promise<void>((resolve) => scripted.close(() => resolve()));
});

beforeEach(() => {
  script = () => undefined;
});

const viaScript = (options: Partial<PartnerClientOptions> = {}) => clientFor({ baseUrl: scriptedUrl, ...options });

/** Passes a scripted request on to the sandbox anyway (the gateway that forwards, then answers its own page). */
async function forward(req: IncomingMessage): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  await fetch(sandboxServer.url + req.url, {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([name, v]) => (typeof v === 'string' && name !== 'host' && name !== 'content-length' ? [[name, v] as [string, string]] : [])),
    body: Buffer.concat(chunks),
  });
}
const json = (status: number, body: unknown): NonNullable<Scripted> => ({ status, body: JSON.stringify(body) });
const room = { id: 7, hotel_id: 3, number_of_rooms: '2', room_name: 'Standard', max_occupancy: 2, price: 25000, is_available: true };

describe('malformed', () => {
  it('a 2xx that is not JSON, or not the promised shape, or money with sub-kobo precision', async () => {
    const client = viaScript();
    const answers: Scripted[] = [
      { status: 200, body: '<html>Service maintenance</html>' },
      json(200, { success: true, status: 200, message: 'ok', data: { hotels: 'none' } }),
      json(200, { success: true, status: 200, data: { hotel: { id: 3, name: 'X' }, rooms: [{ ...room, price: 25000.125 }] } }),
      json(200, { success: true, status: 200, data: { hotel: { id: 3, name: 'X' }, rooms: [{ ...room, id: 'seven' }] } }),
      json(200, { status: 200, data: {} }),
    ];
    for (const answer of answers) {
      script = () => answer;
      requests = [];
      const error = failure(await client.listRooms(3));
      expect(error.kind, answer!.body).toBe('malformed');
      expect(requests, 'a malformed answer is not retried').toHaveLength(1);
      expect(toPosError(error, { service: 'hotels' }).code).toBe('PARTNER_MALFORMED');
    }
  });

  it('a purchase whose 201 cannot be read has an unknown outcome', async () => {
    script = (req) => (req.method === 'POST' ? json(201, { success: true, status: 201, data: { invoice_id: 4 } }) : undefined);
    const error = failure(await viaScript().buyTickets(purchase('unreadable')));
    expect(error).toMatchObject({ kind: 'malformed', status: 201 });
    expect(toPosError(error, { service: 'cinema', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
  });
});

describe('answers the spec allows (issue 11, reading the partner)', () => {
  const warnings: Array<{ message: string; fields: Record<string, unknown> | undefined }> = [];
  const logger = { warn: (message: string, fields?: Record<string, unknown>) => void warnings.push({ message, fields }) };
  beforeEach(() => {
    warnings.length = 0;
  });

  it('a hold needs only reservation_id, and any id is an opaque string passed back as it came', async () => {
    script = (req) =>
      req.method === 'POST' && req.url!.endsWith('/validate')
        ? json(201, { success: true, status: 201, data: { reservations: [{ reservation_id: 'HLD-2031-000123' }, { reservation_id: 98_765, expires_at: 'soon' }] } })
        : req.method === 'DELETE'
          ? json(200, { success: true, status: 200, message: 'Released' })
          : undefined;
    const client = viaScript();
    const hold = value(
      await client.holdTickets({ tickets: [{ ticket_type: 'entertainment', resource_id: sellable.categoryId, quantity: 1 }], customer_info: { email: customer.email, phone_number: customer.phone_number } }),
    );
    expect(hold.reservations).toEqual([
      { reservation_id: 'HLD-2031-000123', resource_id: null, quantity: null, status: null, expires_at: null },
      { reservation_id: '98765', resource_id: null, quantity: null, status: null, expires_at: null },
    ]);
    value(await client.releaseHold('HLD-2031-000123'));
    expect(requests.at(-1)).toEqual({ method: 'DELETE', path: '/api/v1/partner/validate/HLD-2031-000123' });
    // A purchase names them as they came.
    expect(wireTicketPurchaseRequestSchema.safeParse({ ...purchase('opaque-holds'), reservation_ids: hold.reservations.map((r) => r.reservation_id) }).success).toBe(true);
    // Without reservation_id there is nothing to buy with: that answer cannot be read.
    script = () => json(201, { success: true, status: 201, data: { reservations: [{ id: 'x', status: 'active' }] } });
    expect(failure(await client.holdTickets({ tickets: [{ ticket_type: 'entertainment', resource_id: sellable.categoryId, quantity: 1 }], customer_info: { email: customer.email, phone_number: customer.phone_number } })).kind).toBe('malformed');
  });

  it('one film with a date in another format is left out and logged; the rest of the list shows', async () => {
    const raw = await fetch(`${sandboxServer.url}/api/v1/partner/experience?cinema=true&per_page=5`, { headers: { 'X-API-KEY': key, TransactionMedium: 'POS' } });
    const page = ((await raw.json()) as { data: { experiences: Array<Record<string, any>>; count: number } }).data;
    const broken: Record<string, any> = { ...page.experiences[1], cinema_info: { ...page.experiences[1]!.cinema_info, start_date: '25/12/2031' } };
    const films = [page.experiences[0], broken, ...page.experiences.slice(2)];
    script = (req) => (req.url!.startsWith('/api/v1/partner/experience?') ? json(200, { success: true, status: 200, data: { ...page, experiences: films } }) : undefined);
    const list = value(await viaScript({ logger }).listExperiences({ cinema: true, perPage: 5 }));
    expect(list.experiences.map((film) => film.id)).toEqual(films.filter((film) => film !== broken).map((film) => film!.id));
    expect(list.skipped).toEqual([{ index: 1, id: broken.id, problem: expect.stringContaining('cinema_info.start_date') }]);
    expect(warnings).toEqual([{ message: 'partner list items left out: they could not be read', fields: { listing: '/api/v1/partner/experience', skipped: list.skipped } }]);
  });

  it('hotels and films repeated on a later page reach the screens once; page 1 starts the listing again', async () => {
    const hotelsRaw = await fetch(`${sandboxServer.url}/v2/partner/hotels?per_page=6`, { headers: { 'X-API-KEY': key, TransactionMedium: 'POS' } });
    const six = ((await hotelsRaw.json()) as { data: { hotels: Array<{ id: number }> } }).data.hotels;
    // The partner's list moved between two page loads: page 2 starts with the last two of page 1, and repeats one within itself.
    const pages: Record<string, unknown[]> = { '1': six.slice(0, 4), '2': [six[2], six[3], six[4], six[4], six[5]] };
    script = (req) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname !== '/v2/partner/hotels') return undefined;
      const number = url.searchParams.get('page') ?? '1';
      return json(200, { success: true, status: 200, data: { hotels: pages[number], next_page: number === '1' ? 2 : null, count: 6, per_page: 4 } });
    };
    const client = viaScript({ logger });
    const ids = async (page: number) => value(await client.listHotels({ city: 'Lagos', page })).hotels.map((hotel) => hotel.id);
    const first = await ids(1);
    const second = await ids(2);
    expect(first).toEqual(six.slice(0, 4).map((hotel) => hotel.id));
    expect(second).toEqual([six[4]!.id, six[5]!.id]);
    expect(new Set([...first, ...second]).size).toBe(first.length + second.length);
    expect(warnings.at(-1)).toEqual({ message: 'partner list items left out: already shown', fields: { listing: '/v2/partner/hotels', repeated: 3 } });
    // Another search is another listing; the same search from page 1 shows everything afresh.
    expect(await ids(1)).toEqual(first);
    expect(value(await client.listHotels({ city: 'Abuja', page: 2 })).hotels).toHaveLength(4);

    const filmsRaw = await fetch(`${sandboxServer.url}/api/v1/partner/experience?cinema=true&per_page=4`, { headers: { 'X-API-KEY': key, TransactionMedium: 'POS' } });
    const four = ((await filmsRaw.json()) as { data: { experiences: Array<{ id: string }> } }).data.experiences;
    script = (req) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname !== '/api/v1/partner/experience') return undefined;
      const number = url.searchParams.get('page') ?? '1';
      return json(200, { success: true, status: 200, data: { experiences: number === '1' ? four.slice(0, 3) : four.slice(2), next_page: number === '1' ? 2 : null } });
    };
    expect(value(await client.listExperiences({ cinema: true, page: 1 })).experiences).toHaveLength(3);
    expect(value(await client.listExperiences({ cinema: true, page: 2 })).experiences.map((film) => film.id)).toEqual([four[3]!.id]);
  });
});

describe("tolerating the live service's looseness", () => {
  it('reads nulls, string counts, 0/1 flags and unknown fields', async () => {
    script = () =>
      json(200, {
        success: true,
        status: 200,
        message: 'Rooms retrieved',
        data: {
          hotel: { id: 3, name: 'Transcorp Annex', rating: 5 },
          rooms: [{ ...room, type: null, description: null, images: null, price_breakdown: null, is_available: 1, floor: '2nd' }],
          pagination: { total: 1 },
        },
      });
    const rooms = value(await viaScript().listRooms(3));
    expect(rooms.rooms[0]).toMatchObject({ number_of_rooms: 2, type: null, description: null, images: [], is_available: true, price: 2_500_000 });
    expect(rooms.next_page).toBeNull();
  });

  it('takes `error` for `message`, and 400 or 422 alike as a refusal with fields', async () => {
    for (const status of [400, 422]) {
      script = () => json(status, { success: false, status, error: 'Check-out must be after check-in', errors: { checkout_date: 'must be after checkin date' } });
      const error = failure(await viaScript().bookHotel(booking('loose-error')));
      expect(error).toEqual({
        kind: 'rejected',
        status,
        message: 'Check-out must be after check-in',
        fields: { checkout_date: ['must be after checkin date'] },
        envelope: true,
      });
    }
  });

  it('answers 429 as unavailable', async () => {
    script = () => json(429, { message: 'Too Many Attempts.' });
    expect(failure(await viaScript().listHotels())).toMatchObject({ kind: 'unavailable', status: 429 });
  });

  it('a read told 429 or 503 with a short Retry-After asks again after that wait; a long one is answered at once', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const limited = (status: number, retryAfter: string | (() => string), times: number) => {
      let left = times;
      script = (req) => (req.url!.startsWith('/v2/partner/hotels') && left-- > 0 ? { ...json(status, { message: 'Too Many Attempts.' }), headers: { 'retry-after': typeof retryAfter === 'string' ? retryAfter : retryAfter() } } : undefined);
    };

    limited(429, '1', 1);
    expect(value(await viaScript({ sleep }).listHotels({ city: 'Lagos' })).hotels.length).toBeGreaterThan(0);
    expect([waits, requests.length]).toEqual([[1000], 2]);

    // An HTTP date a second and a half ahead, from a 503.
    waits.length = 0;
    requests = [];
    limited(503, () => new Date(Date.now() + 1500).toUTCString(), 1);
    expect(value(await viaScript({ sleep }).listHotels({ city: 'Lagos' })).hotels.length).toBeGreaterThan(0);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(400);
    expect(waits[0]).toBeLessThanOrEqual(1500);

    // "Come back in a minute": the cashier hears it now, the partner is not asked again.
    waits.length = 0;
    requests = [];
    limited(429, '60', 3);
    expect(failure(await viaScript({ sleep }).listHotels({ city: 'Lagos' }))).toMatchObject({ kind: 'unavailable', status: 429 });
    expect([waits, requests.length]).toEqual([[], 1]);
  });

  it('a purchase answered 429 is never sent again: its outcome is for a lookup to settle', async () => {
    script = (req) => (req.method === 'POST' ? { ...json(429, { message: 'Too Many Attempts.' }), headers: { 'retry-after': '1' } } : undefined);
    const error = failure(await viaScript({ sleep: async () => {} }).bookHotel(booking('limited-booking')));
    expect(error).toMatchObject({ kind: 'unavailable', status: 429 });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('falls back to the month number when names are refused with 422', async () => {
    const dates = ['2031-05-02', '2031-05-09'];
    script = (req) => {
      const month = req.url!.split('?')[0]!.split('/').at(-1)!;
      return /^\d+$/.test(month)
        ? json(200, { success: true, status: 200, data: dates })
        : json(422, { success: false, status: 422, message: 'Invalid month', errors: { month: ['The month must be a number.'] } });
    };
    const client = viaScript();
    expect(value(await client.getCinemaDates(sellable.experienceId, 5, 101))).toEqual(dates);
    expect(requests.map((r) => r.path.split('?')[0]!.split('/').at(-1))).toEqual(['May', 'may', '5']);
    expect(requests[0]!.path).toContain('cinema_location_id=101');
  });

  it('books on /hotels/book when /hotels/buy is not a route there', async () => {
    script = (req) => (req.url!.endsWith('/hotels/buy') ? { status: 404, body: '<h1>Not Found</h1>' } : undefined);
    const client = viaScript();
    const booked = value(await client.bookHotel(booking('via-book')));
    expect(booked.reference).toMatch(/^HTL/);
    // The routes are asked with a GET (405 where one exists) before the first booking, so no
    // booking is ever sent to a route that is not there, nor sent twice.
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/partner/hotels/buy', 'GET /v2/partner/hotels/book', 'POST /v2/partner/hotels/book']);
    requests = [];
    value(await client.bookHotel(booking('via-book-again')));
    expect(requests.map((r) => r.path)).toEqual(['/v2/partner/hotels/book']);
    expect(sandbox.transactions().filter((t) => t.merchant_reference?.startsWith('via-book'))).toHaveLength(2);
  });

  it('falls back through the lookup forms when one is not a route there, and remembers the one that worked', async () => {
    // Its own purchase: the test must not depend on what other tests bought before it.
    const known = value(await clientFor().buyTickets(purchase('lookup-forms')));
    const reference = known.reference;
    // A partner that serves only the plural path form (the one the live service's public client calls).
    script = (req) => (/\/transaction(\?|\/)/.test(req.url!) ? json(404, { message: 'The route could not be found.' }) : undefined);
    const client = viaScript();
    requests = [];
    expect(value(await client.lookupTransaction({ reference }))?.reference).toBe(reference);
    const paths = () => requests.map((r) => r.path.split('?')[0]);
    expect(paths()).toEqual(['/api/v1/partner/transaction', `/api/v1/partner/transaction/${reference}`, `/api/v1/partner/transactions/${reference}`]);
    requests = [];
    expect(value(await client.lookupTransaction({ reference: 'HTL0000000000' }))).toBeNull();
    expect(paths(), 'the form that worked is tried first').toEqual(['/api/v1/partner/transactions/HTL0000000000']);
    // A merchant reference has no path form: a missing route stays an error, never "no such sale".
    expect(failure(await client.lookupTransaction({ merchantReference: 'anything' }))).toMatchObject({ kind: 'rejected', status: 404 });
  });

  it("moves past a form's 404 for a reference known to exist, and believes the partner's 404 otherwise", async () => {
    const known = value(await clientFor().buyTickets(purchase('lookup-known')));
    const reference = known.reference;
    // A partner whose query form answers "not found" in its own envelope, whatever is asked.
    script = (req) => (req.url!.startsWith('/api/v1/partner/transaction?') ? json(404, { success: false, status: 404, message: 'No transaction found.' }) : undefined);
    const client = viaScript();
    const paths = () => requests.map((r) => r.path.split('?')[0]);
    requests = [];
    expect(value(await client.lookupTransaction({ reference }))).toBeNull();
    expect(paths()).toEqual(['/api/v1/partner/transaction']);
    requests = [];
    expect(value(await client.lookupTransaction({ reference }, { knownToExist: true }))?.reference).toBe(reference);
    expect(paths()).toEqual(['/api/v1/partner/transaction', `/api/v1/partner/transaction/${reference}`]);
    // Our sale id first, then the reference the partner named, in the form that worked.
    requests = [];
    const both = value(await client.lookupTransaction({ merchantReference: 'lookup-known', reference }, { knownToExist: true }));
    expect(both?.merchant_reference).toBe('lookup-known');
    expect(paths()).toEqual(['/api/v1/partner/transaction', `/api/v1/partner/transaction/${reference}`]);
    // Known to exist, yet no form finds it: the partner's own 404 still reads as "none".
    requests = [];
    expect(value(await client.lookupTransaction({ reference: 'EX0000000000' }, { knownToExist: true }))).toBeNull();
    expect(requests).toHaveLength(3);
  });

  it('never books twice when a bare 404 comes after the partner booked', async () => {
    // A gateway answers its own 404 page to the booking, after passing it on.
    script = async (req) => {
      if (req.method !== 'POST' || !req.url!.endsWith('/hotels/buy')) return undefined;
      await forward(req);
      return { status: 404, body: '<h1>Not Found</h1>' };
    };
    const client = viaScript();
    const error = failure(await client.bookHotel(booking('gateway-404')));
    // Not believed as "no such route": the booking's outcome is unknown, and nothing is sent again.
    expect(error).toMatchObject({ kind: 'rejected', status: 404, envelope: false });
    expect(toPosError(error, { service: 'hotels', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
    expect(sandbox.transactions().filter((t) => t.merchant_reference === 'gateway-404')).toHaveLength(1);
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/v2/partner/hotels/buy']);
    // The lookup that settles it finds the one booking.
    expect(value(await client.lookupTransaction({ merchantReference: 'gateway-404' }))).toMatchObject({ type: 'hotel', merchant_reference: 'gateway-404' });
  });

  it('keeps a bare 404 on a booking unknown when the route exists (GET answers 405) and no booking is found', async () => {
    script = (req) => (req.method === 'POST' && req.url!.endsWith('/hotels/buy') ? { status: 404, body: '<h1>Not Found</h1>' } : undefined);
    const error = failure(await viaScript().bookHotel(booking('route-exists')));
    expect(error).toMatchObject({ kind: 'rejected', status: 404 });
    expect(error.envelope).toBe(false);
    expect(toPosError(error, { service: 'hotels', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
    expect(requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(['GET /v2/partner/hotels/buy', 'POST /v2/partner/hotels/buy']);
  });

  it('never repeats the key, even when the partner echoes it', async () => {
    script = () => json(422, { success: false, status: 422, message: `Key ${key} is not allowed`, errors: { key: [`${key} revoked`] } });
    const error = failure(await viaScript().listHotels());
    expect(JSON.stringify(error)).not.toContain(key);
    expect(error.message).toContain('[redacted]');
    expect(JSON.stringify(toPosError(error, { service: 'hotels' }))).not.toContain(key);
  });
});
