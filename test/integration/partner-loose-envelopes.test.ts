import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPartnerClient, type PartnerClient } from '../../electron/partner/client';
import { createHttpFetch } from '../../electron/core/http/http-fetch';
import { isDefiniteRefusal } from '../../electron/partner/definite-refusal';
import type { PartnerResult } from '../../electron/partner/partner-error';
import { toPosError } from '../../electron/partner/to-pos-error';
import { purchaseOutcome } from '../../electron/sales/purchase-outcome';
import type { WireTicketPurchaseRequest } from '../../shared/partner';

/**
 * The real client (and the app's real HTTP transport) against a partner that answers from a
 * script: the harmless shape variations of its envelope and lists are read, and the ones that
 * could change a sale's meaning still are not (docs/partner-api-notes.md, "Shapes read loosely").
 */

type Scripted = { status: number; body: unknown };
let script: (request: IncomingMessage) => Scripted = () => ({ status: 500, body: { success: false, status: 500, message: 'unscripted' } });
let server: Server;
let baseUrl: string;
let paths: string[] = [];
const httpFetch = createHttpFetch();

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url!.split('?')[0]!);
    req.resume();
    const answer = script(req);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  httpFetch.close();
});

beforeEach(() => {
  paths = [];
});

const client = (): PartnerClient =>
  createPartnerClient({
    baseUrl,
    apiKey: () => 'test-key',
    fetch: httpFetch,
    timeoutMs: 2000,
    retry: { attempts: 2, baseDelayMs: 1 },
    sleep: async () => undefined,
    experiencePrefix: '/api/v1',
  });

function value<T>(result: PartnerResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}
function failure<T>(result: PartnerResult<T>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value).slice(0, 200)}`);
  return result.error;
}

const filmId = '11111111-1111-4111-8111-111111111111';
const categoryId = '22222222-2222-4222-8222-222222222222';
const ticket = { id: categoryId, title: 'Regular', price: 5200, slots_remaining: 40, price_breakdown: { ticket_price: 5000, convenience_fee: 150, merchant_commission: 50 } };
const bought = { reference: 'EX1234567', invoice_id: 991, name: 'Tunde', amount: 5200, tickets: [{ id: categoryId, title: 'Regular', price: 5200 }] };
const transaction = { reference: 'EX1234567', merchant_reference: 'sale-1', status: 'successful', amount: 5200, invoice_id: 991, created_at: null, type: 'experience' };
const hotel = { id: 7, name: 'Eko Hotel', location: 'VI, Lagos', property_type: 'hotel', coordinates: { latitude: 6.43, longitude: 3.42 } };
const purchase: WireTicketPurchaseRequest = {
  experience_id: filmId,
  tickets: [{ id: categoryId, count: 1 }],
  customer_info: { name: 'Tunde', email: 't@example.ng', phone_number: '2348031234567' },
  merchant_reference: 'sale-1',
};
const answer = (status: number, body: unknown) => () => ({ status, body });

describe('envelopes spelled or typed loosely are read', () => {
  const variants: Array<[string, (data: unknown, status: number) => unknown]> = [
    ['status as a string', (data, status) => ({ success: true, status: String(status), message: 'ok', data })],
    ['success as "true"', (data, status) => ({ success: 'true', status, data })],
    ['success as 1', (data, status) => ({ success: 1, status, data })],
    ['keys cased Success/Status/Message/Data', (data, status) => ({ Success: true, Status: status, Message: 'OK', Data: data })],
  ];

  it.each(variants)('%s: a ticket list, a hotel list, a purchase and a lookup', async (_name, wrap) => {
    script = answer(200, wrap({ tickets: [ticket] }, 200));
    expect(value(await client().getTickets(filmId))[0]).toMatchObject({ price: 520_000 });
    script = answer(200, wrap({ hotels: [hotel], next_page: null, count: 1, per_page: 20 }, 200));
    expect(value(await client().listHotels()).hotels).toHaveLength(1);
    script = answer(201, wrap(bought, 201));
    const result = await client().buyTickets(purchase);
    expect(value(result).reference).toBe('EX1234567');
    expect(purchaseOutcome(result, 'cinema').to).toBe('confirmed');
    script = answer(200, wrap(transaction, 200));
    expect(value(await client().lookupTransaction({ merchantReference: 'sale-1' }))?.reference).toBe('EX1234567');
  });
});

describe('a success never read where none was said', () => {
  it.each([
    ['success "false"', { success: 'false', status: 201, data: bought }],
    ['success 0', { success: 0, status: 201, data: bought }],
    ['Success false', { Success: false, Status: 201, Data: bought }],
    ['success missing', { status: 201, data: bought }],
    ['success spelled twice, two ways', { success: true, Success: false, status: 201, data: bought }],
    ['data spelled twice, two ways', { success: true, status: 201, data: bought, Data: { reference: 'EX999' } }],
  ])('a purchase answered 201 with %s is unknown, then looked up', async (_name, body) => {
    script = answer(201, body);
    const result = await client().buyTickets(purchase);
    const error = failure(result);
    expect(error.kind).toBe('malformed');
    expect(purchaseOutcome(result, 'cinema').to).toBe('unknown');
    expect(toPosError(error, { service: 'cinema', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
  });

  it("a refusal in another spelling is not the partner's refusal: the purchase stays unknown", async () => {
    for (const body of [{ Success: false, Status: 409, Message: 'Sold out' }, { success: 'false', status: 409, message: 'Sold out' }, { success: 0, status: 402 }]) {
      for (const status of [200, 409]) {
        script = answer(status, body);
        const result = await client().buyTickets(purchase);
        const error = failure(result);
        expect(isDefiniteRefusal(error), `${status} ${JSON.stringify(body)}`).toBe(false);
        expect(purchaseOutcome(result, 'cinema').to).toBe('unknown');
      }
    }
  });

  it("the partner's own refusal stays one, its status a number or the same as a string", async () => {
    for (const status of [402, '402']) {
      script = answer(200, { success: false, status, message: 'Insufficient wallet balance' });
      const result = await client().buyTickets(purchase);
      expect(failure(result)).toMatchObject({ kind: 'rejected', status: 402, envelope: true });
      expect(purchaseOutcome(result, 'cinema').to).toBe('rejected');
    }
  });

  it('a purchase answered with data null is unknown, whatever the envelope says', async () => {
    script = answer(201, { success: true, status: 201, data: null });
    const result = await client().buyTickets(purchase);
    expect(purchaseOutcome(result, 'cinema').to).toBe('unknown');
  });
});

describe('lookups: the partner saying "no such transaction" inside a 200', () => {
  it.each([
    ['data null under success', { success: true, status: 200, message: 'No transaction', data: null }],
    ['data null, status as a string', { success: true, status: '200', data: null }],
    ['data null, keys cased', { Success: 'true', Data: null }],
    ['its 404 envelope', { success: false, status: 404, message: 'Transaction not found' }],
    ['its 404 envelope, status as a string', { success: false, status: '404', message: 'Transaction not found' }],
  ])('%s: none', async (_name, body) => {
    script = answer(200, body);
    expect(value(await client().lookupTransaction({ merchantReference: 'sale-1' }))).toBeNull();
    expect(paths).toEqual(['/api/v1/partner/transaction']);
  });

  it.each([
    ['data missing', { success: true, status: 200 }],
    ['data null beside status 404', { success: true, status: 404, data: null }],
    ['data null beside status 500', { success: true, status: '500', data: null }],
    ['data null under success "false"', { success: 'false', data: null }],
    ['data null under Success false', { Success: false, Status: 404, Data: null }],
    ['data null without success', { status: 200, data: null }],
    ['data null and Data spelled twice', { success: true, data: null, Data: transaction }],
    ['an empty object', { success: true, status: 200, data: {} }],
    ['a 500 envelope inside a 200', { success: false, status: 500, message: 'SQLSTATE' }],
  ])('%s: not an answer, never "none"', async (_name, body) => {
    script = answer(200, body);
    expect(failure(await client().lookupTransaction({ merchantReference: 'sale-1' })).kind).toBe('malformed');
  });

  it('data null from one form, for a reference known to exist, moves on to the next form', async () => {
    script = (req) => (req.url!.includes('?') ? { status: 200, body: { success: true, status: 200, data: null } } : { status: 200, body: { success: true, status: 200, data: transaction } });
    expect(value(await client().lookupTransaction({ reference: 'EX1234567' }, { knownToExist: true }))?.reference).toBe('EX1234567');
    expect(paths).toEqual(['/api/v1/partner/transaction', '/api/v1/partner/transaction/EX1234567']);
  });
});

describe('hotel lists and ticket prices', () => {
  it('reads next_page as a string, 0 or a link, count and per_page as strings, ids and coordinates as strings', async () => {
    const page = (over: Record<string, unknown>) => ({ success: true, status: 200, data: { hotels: [hotel], next_page: null, count: 1, per_page: 20, ...over } });
    const cases: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [{ next_page: '2' }, { next_page: 2 }],
      [{ next_page: 0 }, { next_page: null }],
      [{ next_page: 'https://partner.example/v2/partner/hotels?city=Lagos&page=3' }, { next_page: 3 }],
      [{ count: '41', per_page: '20' }, { count: 41, per_page: 20 }],
    ];
    for (const [over, expected] of cases) {
      script = answer(200, page(over));
      const list = value(await client().listHotels());
      expect(list, JSON.stringify(over)).toMatchObject({ ...expected, skipped: [] });
      expect(list.hotels).toHaveLength(1);
    }
    script = answer(200, page({ hotels: [{ ...hotel, id: '8', coordinates: { latitude: '6.4351', longitude: '3.4210' } }] }));
    expect(value(await client().listHotels()).hotels[0]).toMatchObject({ id: 8, coordinates: { latitude: 6.4351, longitude: 3.421 } });
  });

  it('still refuses a page it cannot follow, and leaves out a hotel whose id is not plain', async () => {
    script = answer(200, { success: true, data: { hotels: [hotel], next_page: 'https://partner.example/hotels?cursor=abc', count: 1, per_page: 20 } });
    expect(failure(await client().listHotels()).kind).toBe('malformed');
    script = answer(200, { success: true, data: { hotels: [{ ...hotel, id: '07' }, hotel], next_page: null, count: 2, per_page: 20 } });
    const list = value(await client().listHotels());
    expect(list.hotels.map((h) => h.id)).toEqual([7]);
  });

  it('reads ticket prices written as plain decimals, and refuses any other string', async () => {
    script = answer(200, { success: true, status: 200, data: { tickets: [{ ...ticket, price: '5200', price_breakdown: { ticket_price: '5000.00', convenience_fee: '150', merchant_commission: '50' } }] } });
    expect(value(await client().getTickets(filmId))[0]).toMatchObject({ price: 520_000, price_breakdown: { ticket_price: 500_000 } });
    for (const price of ['5200.001', '5,200', '5.2e3', '-5200', '52000000000']) {
      script = answer(200, { success: true, status: 200, data: { tickets: [{ ...ticket, price }] } });
      expect(failure(await client().getTickets(filmId)).kind, price).toBe('malformed');
    }
  });
});
