import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSandbox, generateHotels, loadSeedCatalogue, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox, type SandboxServer,
} from '../../electron/sandbox';
import { tempFolder } from '../helpers/temp-folder';

/** Auth, hostile input, fault injection, admin routes, persistence and the CLI. */

const catalogue = loadSeedCatalogue();
const NOW = new Date('2031-03-05T08:00:00Z');
const clock = () => NOW;
const lagosDay = (offset: number) => new Date(NOW.getTime() + 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const KEY_HEADERS = { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, TransactionMedium: 'POS', 'Content-Type': 'application/json' };

type Json = any;

interface Sent {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  raw?: string;
  signal?: AbortSignal;
}
async function send(fetchFn: typeof fetch, url: string, sent: Sent = {}): Promise<{ status: number; body: Json }> {
  const response = await fetchFn(url, {
    method: sent.method ?? 'GET',
    headers: sent.headers ?? KEY_HEADERS,
    ...(sent.raw !== undefined ? { body: sent.raw } : sent.body !== undefined ? { body: JSON.stringify(sent.body) } : {}),
    ...(sent.signal && { signal: sent.signal }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const film = catalogue.experiences.find((e) => e.cinema && e.shared_times && e.schedule?.kind === 'every_day' && e.run.start_offset <= 0);
if (!film?.cinema || film.schedule?.kind !== 'every_day') throw new Error('the seed needs a daily film');
const ticket = film.tickets.find((t) => t.slots >= 50);
const customer = { name: 'Ngozi Eze', email: 'ngozi@example.ng', phone_number: '08031234567' };
const purchase = (merchant_reference?: string) => ({
  experience_id: film.id,
  tickets: [{ id: ticket?.id, count: 1 }],
  customer_info: customer,
  attendance_date: lagosDay(1),
  time_id: film.schedule?.kind === 'every_day' ? film.schedule.times[0]?.id : undefined,
  ...(merchant_reference && { merchant_reference }),
});
const room = catalogue.hotels.filter((h) => h.status === 'active').flatMap((h) => h.rooms).find((r) => r.is_available && r.number_of_rooms >= 5);
const booking = (merchant_reference?: string) => ({
  room_id: room?.id, number_of_guests: 1, number_of_rooms: 1, checkin_date: lagosDay(1), checkout_date: lagosDay(2),
  customer_info: { ...customer, dob: '1992-07-01' }, ...(merchant_reference && { merchant_reference }),
});
const BUY = '/api/v1/partner/experience/buy/tickets';
const BOOK = '/v2/partner/hotels/book';

/** Everything a request could change, read through the public surface. */
async function snapshot(sandbox: Sandbox) {
  const read = (path: string) => send(sandbox.fetch, `http://sandbox.test${path}`);
  const tickets = await Promise.all(catalogue.experiences.map(async (e) => (await read(`/api/v1/partner/experience/tickets/${e.id}`)).body.data.tickets));
  const rooms = await Promise.all(catalogue.hotels.map(async (h) => (await read(`/v2/partner/hotels/${h.id}/rooms`)).body.data.rooms));
  return { tickets, rooms, transactions: sandbox.transactions() };
}

describe('authentication', () => {
  let sandbox: Sandbox;
  let server: SandboxServer;
  beforeAll(async () => {
    sandbox = createSandbox({ clock });
    server = await startSandboxServer({ sandbox });
  });
  afterAll(() => server.close());
  // Each case starts from the seed: one that buys (the accepted keys) leaves nothing for the next to count.
  beforeEach(() => sandbox.reset());

  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/v2/partner/hotels'],
    ['GET', '/api/v2/partner/hotels/1/rooms'],
    ['GET', '/api/v1/partner/experience?cinema=true'],
    ['GET', `/api/v1/partner/experience/tickets/${film.id}`],
    ['POST', BUY, purchase()],
    ['POST', BOOK, booking()],
    ['GET', '/api/v1/partner/transaction?merchant_reference=x'],
  ];

  it.each(routes)('%s %s refuses a missing, wrong or half-wrong key with 401 and never echoes it', async (method, path, body) => {
    const cases: Array<Record<string, string>> = [
      { TransactionMedium: 'POS' },
      { 'X-API-KEY': 'not-the-key', TransactionMedium: 'POS' },
      { Authorization: 'Bearer not-the-key', TransactionMedium: 'POS' },
      { Authorization: `Basic ${SANDBOX_DEFAULT_API_KEY}`, TransactionMedium: 'POS' },
      { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, Authorization: 'Bearer not-the-key', TransactionMedium: 'POS' },
      { 'X-API-KEY': '', TransactionMedium: 'POS' },
    ];
    for (const headers of cases) {
      const { status, body: answer } = await send(fetch, server.url + path, { method, headers: { ...headers, 'Content-Type': 'application/json' }, body });
      expect(status, JSON.stringify(headers)).toBe(401);
      expect(answer).toMatchObject({ success: false, status: 401, message: expect.any(String) });
      expect(JSON.stringify(answer)).not.toContain('not-the-key');
    }
    expect(sandbox.transactions()).toEqual([]);
  });

  it.each(routes)('%s %s needs TransactionMedium Web, Mobile or POS (400 otherwise)', async (method, path, body) => {
    for (const medium of [undefined, '', 'Kiosk', 'pos', 'POS,Web']) {
      const headers: Record<string, string> = { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, 'Content-Type': 'application/json', ...(medium !== undefined && { TransactionMedium: medium }) };
      const { status, body: answer } = await send(fetch, server.url + path, { method, headers, body });
      expect(status, String(medium)).toBe(400);
      expect(answer.errors.TransactionMedium).toBeDefined();
    }
    expect(sandbox.transactions()).toEqual([]);
  });

  it('accepts X-API-KEY, Bearer (any case of the scheme) and every medium', async () => {
    const accepted: Array<Record<string, string>> = [
      { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, TransactionMedium: 'POS' },
      { Authorization: `Bearer ${SANDBOX_DEFAULT_API_KEY}`, TransactionMedium: 'Web' },
      { authorization: `bearer ${SANDBOX_DEFAULT_API_KEY}`, transactionmedium: 'Mobile' },
      { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, Authorization: `Bearer ${SANDBOX_DEFAULT_API_KEY}`, TransactionMedium: 'POS' },
    ];
    for (const headers of accepted) expect((await send(fetch, `${server.url}/v2/partner/hotels`, { headers })).status).toBe(200);
    const bought = await send(fetch, server.url + BUY, { method: 'POST', headers: { Authorization: `Bearer ${SANDBOX_DEFAULT_API_KEY}`, TransactionMedium: 'POS', 'Content-Type': 'application/json' }, body: purchase() });
    expect(bought.status).toBe(201);
  });

  it('uses the key it was given instead of the default', async () => {
    const custom = createSandbox({ apiKey: 'terminal-7-key', clock });
    const ask = (key: string) => send(custom.fetch, 'http://sandbox.test/v2/partner/hotels', { headers: { 'X-API-KEY': key, TransactionMedium: 'POS' } });
    expect((await ask(SANDBOX_DEFAULT_API_KEY)).status).toBe(401);
    expect((await ask('terminal-7-key')).status).toBe(200);
  });
});

describe('hostile input', () => {
  let sandbox: Sandbox;
  let server: SandboxServer;
  beforeAll(async () => {
    sandbox = createSandbox({ clock });
    server = await startSandboxServer({ sandbox });
  });
  afterAll(() => server.close());

  const deep = '['.repeat(20_000) + ']'.repeat(20_000);
  const cases: Array<[string, string, Sent, number]> = [
    ['invalid JSON', BUY, { method: 'POST', raw: '{"tickets": [' }, 400],
    ['not JSON at all', BOOK, { method: 'POST', raw: 'room=5' }, 400],
    ['an empty body', BUY, { method: 'POST', raw: '' }, 400],
    ['JSON null', BUY, { method: 'POST', raw: 'null' }, 422],
    ['a JSON array', BOOK, { method: 'POST', raw: '[]' }, 422],
    ['a JSON number', '/api/v1/partner/validate', { method: 'POST', raw: '42' }, 422],
    ['deeply nested arrays', BUY, { method: 'POST', raw: deep }, 422],
    ['a body over 64 KB', BUY, { method: 'POST', raw: JSON.stringify({ ...purchase(), pad: 'x'.repeat(70_000) }) }, 413],
    ['infinite numbers', BOOK, { method: 'POST', raw: JSON.stringify(booking()).replace(/"number_of_rooms":1/, '"number_of_rooms":1e400') }, 422],
    ['2^53 rooms', BOOK, { method: 'POST', body: { ...booking(), number_of_rooms: 2 ** 53 } }, 422],
    ['a negative room id', BOOK, { method: 'POST', body: { ...booking(), room_id: -4 } }, 422],
    ['a room id far past the catalogue', BOOK, { method: 'POST', body: { ...booking(), room_id: 9_007_199_254_740_991 } }, 404],
    ['strings for numbers', BOOK, { method: 'POST', body: { ...booking(), number_of_guests: '2' } }, 422],
    ['tickets as an object', BUY, { method: 'POST', body: { ...purchase(), tickets: { id: ticket?.id, count: 1 } } }, 422],
    ['a prototype-polluting body', BUY, { method: 'POST', raw: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}' }, 422],
    ['customer_info as a string', BUY, { method: 'POST', body: { ...purchase(), customer_info: 'me' } }, 422],
    ['a 10,000-character name', BOOK, { method: 'POST', body: { ...booking(), customer_info: { ...customer, dob: '1990-01-01', name: 'A'.repeat(10_000) } } }, 422],
    ['a malformed reservation id in the path', '/api/v1/partner/validate/..%2F..%2Fetc', { method: 'DELETE' }, 400],
    ['a broken percent-encoding', '/api/v1/partner/experience/v/%E0%A4%A', {}, 404],
    ['an encoded slash in a hotel id', '/v2/partner/hotels/1%2F2/rooms', {}, 400],
    ['a 5,000-character path', `/v2/partner/${'x'.repeat(5_000)}`, {}, 404],
    ['an unknown route', '/api/v1/partner/everything', {}, 404],
    ['the root', '/', {}, 404],
    ['a huge page number', '/v2/partner/hotels?page=99999999999999999999', {}, 422],
    ['a negative per_page', '/api/v1/partner/experience?per_page=-1', {}, 422],
    ['an exponent price', '/v2/partner/hotels?min_price=1e400', {}, 422],
    ['a wrong method', '/v2/partner/hotels', { method: 'PUT' }, 405],
    ['DELETE without an id', '/api/v1/partner/validate', { method: 'DELETE' }, 405],
    ['GET on a purchase route', BUY, {}, 405],
  ];

  it.each(cases)('%s: %s answers a %i envelope, never a crash', async (_, path, sent, expected) => {
    const before = sandbox.transactions();
    const { status, body } = await send(fetch, server.url + path, { headers: KEY_HEADERS, ...sent });
    expect(status).toBe(expected);
    expect(body).toMatchObject({ success: false, status: expected, message: expect.any(String) });
    expect(sandbox.transactions()).toEqual(before);
  });

  // Node's own 5 s would close a kept-alive socket under a client that was busy a little longer
  // (a test worker on a loaded machine): its next POST went out on the closing socket and was lost
  // with ECONNRESET (seen under --sequence.shuffle). The server keeps it a minute and says so.
  it('keeps an idle connection for a minute, and tells the client', async () => {
    const response = await fetch(`${server.url}/v2/partner/hotels`, { headers: KEY_HEADERS });
    await response.text();
    expect(response.headers.get('keep-alive')).toBe('timeout=60');
  });

  it('answers odd but harmless queries normally', async () => {
    for (const query of ['amenities=' + 'wifi,'.repeat(2000), 'search=%F0%9F%8E%AC%20%E1%BA%B8k%E1%BB%8D', 'city=&state=&page=', 'unknown=1&cinema=true']) {
      const path = query.startsWith('unknown') ? `/api/v1/partner/experience?${query}` : `/v2/partner/hotels?${query}`;
      expect((await send(fetch, server.url + path)).status, query).toBe(200);
    }
  });

  it('survives 400 randomly damaged purchase, hold and booking bodies, changing nothing when it refuses', async () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const junk = [null, -1, 0, 1.5, 1e308, -1e308, '', 'x', 'NaN', '1', [], [null], {}, { id: 1 }, true, 'A'.repeat(5000), '00000000-0000-4000-8000-000000000000', '2031-13-45', '99-99-9999'];
    const templates: Array<[string, () => Json]> = [
      [BUY, () => purchase('fuzz')],
      [BOOK, () => booking('fuzz')],
      ['/api/v1/partner/validate', () => ({ tickets: [{ ticket_type: 'entertainment', resource_id: ticket?.id, quantity: 1 }], customer_info: { email: customer.email, phone_number: customer.phone_number } })],
    ];
    const damage = (value: Json): Json => {
      if (value === null || typeof value !== 'object') return junk[Math.floor(next() * junk.length)];
      const keys = Object.keys(value);
      const key = keys[Math.floor(next() * keys.length)];
      if (key === undefined) return junk[Math.floor(next() * junk.length)];
      const copy = Array.isArray(value) ? [...value] : { ...value };
      if (next() < 0.2) delete (copy as Record<string, unknown>)[key];
      else (copy as Record<string, unknown>)[key] = next() < 0.5 ? damage((value as Record<string, unknown>)[key]) : junk[Math.floor(next() * junk.length)];
      return copy;
    };
    const hotelId = catalogue.hotels.find((h) => h.rooms.some((r) => r.id === room?.id))?.id;
    const read = async (path: string) => (await send(sandbox.fetch, `http://sandbox.test${path}`)).body.data;
    const touched = async () => ({
      tickets: await read(`/api/v1/partner/experience/tickets/${film.id}`),
      rooms: await read(`/v2/partner/hotels/${hotelId}/rooms`),
      transactions: sandbox.transactions(),
    });
    let refused = 0;
    for (let i = 0; i < 400; i++) {
      const [path, template] = templates[i % templates.length] ?? templates[0]!;
      const before = await touched();
      const { status, body } = await send(sandbox.fetch, `http://sandbox.test${path}`, { method: 'POST', body: damage(template()) });
      expect([201, 400, 404, 422]).toContain(status);
      expect(body.success).toBe(status === 201);
      expect(body.status).toBe(status);
      if (status !== 201) {
        refused++;
        expect(await touched()).toEqual(before);
      }
    }
    expect(refused).toBeGreaterThan(200);
  });
});

describe('faults over HTTP', () => {
  let sandbox: Sandbox;
  let server: SandboxServer;
  beforeAll(async () => {
    sandbox = createSandbox({ clock });
    server = await startSandboxServer({ sandbox });
  });
  afterAll(() => server.close());
  // Each fault case starts from the seed with no fault set and nothing bought.
  beforeEach(() => sandbox.reset());
  const admin = (path: string, body?: unknown) => send(fetch, `${server.url}/__sandbox/${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'Content-Type': 'application/json' }, body });

  it('latency: a slow partner is slow for reads and purchases alike, and an abandoned purchase never ran', async () => {
    sandbox.faults.set({ latencyMs: 60_000 });
    await expect(send(fetch, `${server.url}/v2/partner/hotels`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    await expect(send(fetch, server.url + BUY, { method: 'POST', body: purchase('slow'), signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await admin('transactions')).body.data).toEqual([]); // admin routes are never slowed
    sandbox.faults.set({ latencyMs: 0 });
    expect((await send(fetch, `${server.url}/v2/partner/hotels`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
    expect(sandbox.transactions()).toEqual([]);
  });

  it('failNext: the next N partner calls answer 503 and change nothing', async () => {
    expect((await admin('faults', { failNext: 2 })).body.data).toMatchObject({ failNext: 2 });
    expect((await admin('faults')).body.data.failNext).toBe(2); // admin calls do not use up faults
    const first = await send(fetch, server.url + BUY, { method: 'POST', body: purchase('during-outage') });
    expect(first).toMatchObject({ status: 503, body: { success: false, status: 503 } });
    expect((await send(fetch, `${server.url}/v2/partner/hotels`)).status).toBe(503);
    expect((await send(fetch, `${server.url}/v2/partner/hotels`)).status).toBe(200);
    expect(sandbox.transactions()).toEqual([]);
  });

  it('hangNext: the next call never answers until the client gives up; the one after is normal', async () => {
    sandbox.faults.set({ hangNext: 1 });
    const error = await send(fetch, `${server.url}/v2/partner/hotels`, { signal: AbortSignal.timeout(300) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toMatch(/TimeoutError|AbortError/);
    expect(sandbox.faults.get().hangNext).toBe(0);
    expect((await send(fetch, `${server.url}/v2/partner/hotels`)).status).toBe(200);
  });

  it('hangNext: closing the server ends a hanging request instead of waiting for it', async () => {
    const own = createSandbox({ clock });
    const ownServer = await startSandboxServer({ sandbox: own });
    own.faults.set({ hangNext: 1 });
    const hanging = send(fetch, `${ownServer.url}/v2/partner/hotels`).catch((e: unknown) => e);
    while (own.faults.get().hangNext > 0) await new Promise((resolve) => setImmediate(resolve));
    await ownServer.close();
    expect(await hanging).toBeInstanceOf(Error);
  });

  it('dropAfterCommitNext: the purchase or booking happens, but the answer never arrives', async () => {
    sandbox.faults.set({ dropAfterCommitNext: 2 });
    const lost = await send(fetch, server.url + BUY, { method: 'POST', body: purchase('dropped-sale') }).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(TypeError);
    expect((lost as Error).message).toBe('fetch failed');
    const lostRoom = await send(fetch, server.url + BOOK, { method: 'POST', body: booking('dropped-stay') }).catch((e: unknown) => e);
    expect(lostRoom).toBeInstanceOf(TypeError);
    expect(sandbox.transactions().map((t) => t.merchant_reference)).toEqual(['dropped-sale', 'dropped-stay']);
    const found = await send(fetch, `${server.url}/api/v1/partner/transaction?merchant_reference=dropped-sale`);
    expect(found.body.data).toMatchObject({ merchant_reference: 'dropped-sale', type: 'experience', status: 'successful' });
    expect((await send(fetch, server.url + BUY, { method: 'POST', body: purchase('after') })).status).toBe(201);
  });

  it('refuses bad fault settings and resets through the admin route', async () => {
    expect((await admin('faults', { failNext: -1 })).status).toBe(422);
    expect((await admin('faults', { explode: true })).status).toBe(422);
    expect((await admin('faults', { latencyMs: 'slow' })).status).toBe(422);
    expect((await send(fetch, `${server.url}/__sandbox/faults`, { method: 'POST', raw: '{', headers: {} })).status).toBe(400);
    expect((await send(fetch, `${server.url}/__sandbox/nothing`, { headers: {} })).status).toBe(404);
    expect((await admin('transactions')).body.data).toEqual(sandbox.transactions());
    sandbox.faults.set({ failNext: 5, latencyMs: 1 });
    expect((await admin('reset', {})).status).toBe(200);
    expect(sandbox.faults.get()).toEqual({ latencyMs: 0, failNext: 0, throttleNext: 0, hangNext: 0, dropAfterCommitNext: 0 });
    expect(sandbox.transactions()).toEqual([]);
    expect(await snapshot(sandbox)).toEqual(await snapshot(createSandbox({ clock })));
  });
});

describe('faults in-process', () => {
  it('a drop rejects with TypeError("fetch failed") after committing; a hang rejects with the abort reason', async () => {
    const sandbox = createSandbox({ clock });
    sandbox.faults.set({ dropAfterCommitNext: 1, hangNext: 1 });
    const controller = new AbortController();
    const hanging = sandbox.fetch('http://sandbox.test/v2/partner/hotels', { headers: KEY_HEADERS, signal: controller.signal });
    const reason = new Error('cashier cancelled');
    controller.abort(reason);
    await expect(hanging).rejects.toBe(reason);
    const dropped = sandbox.fetch(`http://sandbox.test${BUY}`, { method: 'POST', headers: KEY_HEADERS, body: JSON.stringify(purchase('in-process-drop')) });
    await expect(dropped).rejects.toThrow(new TypeError('fetch failed'));
    expect(sandbox.transactions()).toHaveLength(1);
    sandbox.faults.set({ failNext: 1 });
    expect((await sandbox.fetch('/v2/partner/hotels', { headers: KEY_HEADERS })).status).toBe(503);
  });
});

describe('persistence', () => {
  // Removed when the file ends, even when every test here is filtered out (-t).
  const dir = tempFolder('lobby-sandbox-');

  it('keeps purchases, remaining stock and holds across a new sandbox on the same file', async () => {
    const dataFile = join(dir, 'sandbox.json');
    const first = createSandbox({ clock, dataFile });
    const call = (sandbox: Sandbox, path: string, body: unknown) => send(sandbox.fetch, `http://sandbox.test${path}`, { method: 'POST', body });
    expect((await call(first, BUY, purchase('kept-sale'))).status).toBe(201);
    expect((await call(first, BOOK, booking('kept-stay'))).status).toBe(201);
    const held = await call(first, '/api/v1/partner/validate', { tickets: [{ ticket_type: 'entertainment', resource_id: ticket?.id, quantity: 4 }], customer_info: { email: customer.email, phone_number: customer.phone_number } });
    expect(held.status).toBe(201);
    const written = readFileSync(dataFile, 'utf8');
    expect((await call(first, BOOK, { ...booking(), number_of_rooms: 999 })).status).toBe(422);
    expect(readFileSync(dataFile, 'utf8')).toBe(written); // a refused request writes nothing

    const second = createSandbox({ clock, dataFile });
    expect(second.transactions()).toEqual(first.transactions());
    expect(await snapshot(second)).toEqual(await snapshot(first));
    const release = await send(second.fetch, `http://sandbox.test/api/v1/partner/validate/${held.body.data.reservations[0].reservation_id}`, { method: 'DELETE' });
    expect(release.body.data.status).toBe('released');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    second.reset();
    expect(createSandbox({ clock, dataFile }).transactions()).toEqual([]);
  });

  it('sets an unreadable data file aside and starts from the seed', () => {
    const dataFile = join(dir, 'broken.json');
    writeFileSync(dataFile, '{"version": 1, "sold_tickets": "lots"');
    const sandbox = createSandbox({ clock, dataFile });
    expect(sandbox.transactions()).toEqual([]);
    expect(readdirSync(dir).some((f) => f.startsWith('broken.json.corrupt-'))).toBe(true);
  });
});

describe('command line', () => {
  const run = (args: string[]) => spawn(process.execPath, ['--import', 'tsx', 'electron/sandbox/cli.ts', ...args], { cwd: join(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] });

  it('prints its address, serves the generated catalogue with the given key, and stops on SIGTERM', async () => {
    const child = run(['--port', '0', '--api-key', 'cli-key', '--hotels', '300', '--latency', '0']);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out);
      });
      child.on('exit', () => reject(new Error(`exited early: ${out}`)));
    });
    const match = /^listening on http:\/\/127\.0\.0\.1:(\d+)\n$/.exec(line);
    expect(match).not.toBeNull();
    const { status, body } = await send(fetch, `http://127.0.0.1:${match?.[1]}/v2/partner/hotels?per_page=1`, { headers: { 'X-API-KEY': 'cli-key', TransactionMedium: 'POS' } });
    expect(status).toBe(200);
    expect(body.data.count).toBe(generateHotels(300).hotels.filter((h) => h.status === 'active').length);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses bad arguments with a usage line and exit code 2', async () => {
    const child = run(['--port', 'eighty']);
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(err).toContain('usage: npm run sandbox');
  });
});
