import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox, type SandboxServer } from '../../electron/sandbox';
import { addDays, lagosDate } from '../../shared/dates';

/**
 * The contract test of issue 17: the request shapes of the one public client that calls the live
 * service, as docs/partner-api-notes.md records them, replayed byte for byte (raw fetch, not our
 * client) against the sandbox. A change to the sandbox that would refuse what the live service
 * takes, or take what it refuses, fails here. Each request below names the line of the notes it
 * comes from.
 */

type Json = any;
let sandbox: Sandbox;
let server: SandboxServer;

/** The live client's headers: X-API-KEY (its Bearer attempt got "api key is missing"), the medium, JSON. */
const liveHeaders = { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, TransactionMedium: 'POS', Accept: 'application/json', 'Content-Type': 'application/json' };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = liveHeaders): Promise<{ status: number; body: Json }> {
  const response = await fetch(server.url + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  sandbox = createSandbox();
  server = await startSandboxServer({ sandbox });
});
afterAll(() => server.close());

/** The base URL has no /api on the live service; the docs' /api forms must keep working too. */
describe.each([
  { layout: 'live (base without /api)', ex: '/v1/partner', hotels: '/v2/partner/hotels' },
  { layout: 'docs (/api/v1, /v2)', ex: '/api/v1/partner', hotels: '/v2/partner/hotels' },
  { layout: 'docs with /api on hotels too', ex: '/api/v1/partner', hotels: '/api/v2/partner/hotels' },
])('the live client against the sandbox, $layout', ({ ex, hotels }) => {
  const today = lagosDate(new Date());
  let film: Json;
  let location: Json;
  let date: string;
  let time: Json;
  let category: Json;

  // What the live client picks before buying (a film, its headquarters, a showing day and time, a
  // category), read once so that every test below stands on its own in any order.
  beforeAll(async () => {
    film = (await call('GET', `${ex}/experience?cinema=true&page=1`)).body.data.experiences[0];
    const info = (await call('GET', `${ex}/experience/v/${film.id}`)).body.data.cinema_info;
    location = info.locations.find((l: Json) => l.is_headquarters) ?? info.locations[0];
    const month = Number(today.slice(5, 7));
    const dates = [
      ...(await call('GET', `${ex}/experience/cinema/dates/${film.id}/${month}?cinema_location_id=${location.id}`)).body.data,
      ...(await call('GET', `${ex}/experience/cinema/dates/${film.id}/${(month % 12) + 1}?cinema_location_id=${location.id}`)).body.data,
    ];
    date = dates.find((d: string) => d > today)!;
    const source = info.shared_times ? info : info.locations.find((l: Json) => l.id === location.id);
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    time = info.per_day_times ? (source.days_with_times.find((d: Json) => d.date === date || d.day === weekday)?.times ?? source.times)[0] : source.times[0];
    category = (await call('GET', `${ex}/experience/tickets/${film.id}?cinema_location_id=${location.id}`)).body.data.tickets.find((t: Json) => t.slots_remaining >= 20);
  });

  it('[Experiences] lists cinema items in data.experiences[] with cinema_info, and regular ones with cinema=false', async () => {
    const cinema = await call('GET', `${ex}/experience?cinema=true&page=1`);
    expect(cinema.status).toBe(200);
    expect(cinema.body).toMatchObject({ success: true, status: 200, data: { experiences: expect.any(Array) } });
    for (const item of cinema.body.data.experiences) {
      expect(item).toMatchObject({ id: expect.any(String), title: expect.any(String), cinema: true, cinema_info: { showing: expect.stringMatching(/^(daily|weekly|monthly)$/) } });
      expect(item.image[0]).toHaveProperty('image');
      expect(item.business).toHaveProperty('name');
      expect(item.category).toHaveProperty('name');
    }
    const regular = await call('GET', `${ex}/experience?cinema=false`);
    expect(regular.body.data.experiences.length).toBeGreaterThan(0);
    expect(regular.body.data.experiences.every((item: Json) => item.cinema === false && item.cinema_info === undefined)).toBe(true);
    for (const query of ['featured=true&cinema=true', 'search=Lagos', 'sorted_by=just_added', 'sorted_by=upcoming', 'sorted_by=randomly']) {
      expect((await call('GET', `${ex}/experience?${query}`)).status, query).toBe(200);
    }
  });

  it('[Experiences] details /experience/v/{id}: cinema_info with locations, times {id, start, end}', async () => {
    const details = await call('GET', `${ex}/experience/v/${film.id}`);
    expect(details.status).toBe(200);
    const info = details.body.data.cinema_info;
    expect(info).toMatchObject({ shared_times: expect.any(Boolean), per_day_times: expect.any(Boolean), locations: expect.any(Array) });
    expect(info.locations[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });

  it('[Experiences] dates /cinema/dates/{id}/{month}: the capitalised name is refused with 400 and errors.month; lowercase and the number answer YYYY-MM-DD', async () => {
    const month = Number(today.slice(5, 7));
    const name = new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
    const capitalised = await call('GET', `${ex}/experience/cinema/dates/${film.id}/${name}`);
    expect(capitalised.status).toBe(400);
    expect(capitalised.body.errors.month).toBeDefined();
    const lower = await call('GET', `${ex}/experience/cinema/dates/${film.id}/${name.toLowerCase()}?cinema_location_id=${location.id}`);
    const number = await call('GET', `${ex}/experience/cinema/dates/${film.id}/${month}?cinema_location_id=${location.id}`);
    expect(lower.status).toBe(200);
    expect(number.body.data).toEqual(lower.body.data);
    for (const day of lower.body.data) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(time).toMatchObject({ id: expect.any(Number), start: expect.stringMatching(/^\d{1,2}:\d{2}(AM|PM)$/) });
  });

  it('[Experiences] tickets /experience/tickets/{id}?cinema_location_id=: price = ticket_price + convenience_fee + merchant_commission', async () => {
    const tickets = await call('GET', `${ex}/experience/tickets/${film.id}?cinema_location_id=${location.id}`);
    expect(tickets.status).toBe(200);
    for (const ticket of tickets.body.data.tickets) {
      const b = ticket.price_breakdown;
      expect(Math.round(ticket.price * 100)).toBe(Math.round(b.ticket_price * 100) + Math.round(b.convenience_fee * 100) + Math.round(b.merchant_commission * 100));
    }
  });

  it('[Holds] POST /validate with ticket_type entertainment gives data.reservations[].reservation_id; DELETE /validate/{id} releases it', async () => {
    const body = { tickets: [{ ticket_type: 'entertainment', resource_id: category.id, quantity: 1 }], customer_info: { email: 'buyer@example.ng', phone_number: '2348031234567' } };
    const held = await call('POST', `${ex}/validate`, body);
    expect(held.status).toBe(201);
    const reservation = held.body.data.reservations[0].reservation_id;
    expect(typeof reservation).toBe('string');
    expect((await call('DELETE', `${ex}/validate/${reservation}`)).status).toBe(200);
  });

  const purchase = (reservationIds: string[], extra: Record<string, unknown> = {}) => ({
    experience_id: film.id,
    reservation_ids: reservationIds,
    tickets: [{ id: category.id, count: 2 }],
    customer_info: { name: 'Kelechi Nwosu', email: 'kelechi@example.ng', phone_number: '2348031234567', dob: '1991-05-17', username: 'kelechi' },
    merchant_reference: `live-shape-${ex}-${Math.random().toString(36).slice(2)}`,
    attendance_date: date,
    time_id: time.id,
    cinema_location_id: location.id,
    ...extra,
  });
  const hold = async (quantity: number) =>
    (await call('POST', `${ex}/validate`, { tickets: [{ ticket_type: 'entertainment', resource_id: category.id, quantity }], customer_info: { email: 'buyer@example.ng', phone_number: '+2348031234567' } })).body.data.reservations.map(
      (r: Json) => r.reservation_id,
    );

  it('[Buying tickets] attendance_date as YYYY-MM-DD (the date the dates endpoint gave) buys: 201, EX + digits, the merchant reference kept', async () => {
    const body = purchase(await hold(2));
    const bought = await call('POST', `${ex}/experience/buy/tickets`, body);
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    expect(bought.body).toMatchObject({ success: true, status: 201, data: { reference: expect.stringMatching(/^EX\d+$/), invoice_id: expect.any(Number), name: 'Kelechi Nwosu', phone_number: '2348031234567' } });
    expect(bought.body.data.tickets).toHaveLength(2);
    expect(bought.body.data.tickets[0]).toMatchObject({ id: category.id, title: expect.any(String), price: expect.any(Number) });
    const found = await call('GET', `${ex}/transaction?merchant_reference=${body.merchant_reference}`);
    expect(found.body.data.reference).toBe(bought.body.data.reference);
  });

  it('[Buying tickets] attendance_date as DD-MM-YYYY (the docs) answers 500 with the database error, as live, and sells nothing', async () => {
    const before = sandbox.transactions().length;
    const body = purchase(await hold(2), { attendance_date: date.split('-').reverse().join('-') });
    const refused = await call('POST', `${ex}/experience/buy/tickets`, body);
    expect(refused.status).toBe(500);
    expect(refused.body).toMatchObject({ success: false, status: 500 });
    expect(refused.body.message).toMatch(/Incorrect date value/);
    expect(sandbox.transactions()).toHaveLength(before);
    expect((await call('GET', `${ex}/transaction?merchant_reference=${body.merchant_reference}`)).status).toBe(404);
  });

  async function book(path: 'buy' | 'book') {
    const list = await call('GET', `${hotels}?available_rooms_only=true&per_page=50`);
    let room: Json;
    for (const hotel of list.body.data.hotels) {
      room = (await call('GET', `${hotels}/${hotel.id}/rooms`)).body.data.rooms.find((r: Json) => r.is_available && Number(r.number_of_rooms) > 2);
      if (room) break;
    }
    const checkin = addDays(today, 3);
    const booked = await call('POST', `${hotels}/${path}`, {
      room_id: room.id,
      number_of_guests: 1,
      number_of_rooms: 1,
      checkin_date: checkin,
      checkout_date: addDays(checkin, 2),
      customer_info: { name: 'Kelechi Nwosu', email: 'kelechi@example.ng', phone_number: '2348031234567', dob: '1991-05-17' },
      merchant_reference: `live-shape-room-${path}-${Math.random().toString(36).slice(2)}`,
    });
    return { booked, room };
  }

  it('[Hotels] list, rooms (number_of_rooms a string) and packages', async () => {
    const list = await call('GET', `${hotels}?city=Lagos&available_rooms_only=true&per_page=5&page=1`);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ hotels: expect.any(Array), count: expect.any(Number), per_page: 5 });
    expect(list.body.data).toHaveProperty('next_page');
    const hotel = list.body.data.hotels[0];
    const rooms = await call('GET', `${hotels}/${hotel.id}/rooms`);
    expect(rooms.status).toBe(200);
    expect(rooms.body.data.hotel).toMatchObject({ id: hotel.id, name: expect.any(String) });
    expect(typeof rooms.body.data.rooms[0].number_of_rooms).toBe('string');
    const packages = await call('GET', `${hotels}/packages?city=Lagos&per_page=2`);
    expect(packages.body.data.hotels[0].rooms).toEqual(expect.any(Array));
  });

  it.each(['buy', 'book'] as const)('[Hotels] POST /hotels/%s with all four customer fields: 201, HTL + digits, booking_number', async (path) => {
    const { booked, room } = await book(path);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data).toMatchObject({ reference: expect.stringMatching(/^HTL\d+$/), booking_number: expect.any(String), hotel: { id: expect.any(Number) }, room: { id: room.id } });
  });

  it('[Transaction lookup] ?reference=, /transaction/{reference} and the plural /transactions/{reference} all find it; 404 for none', async () => {
    const bookingReference = (await book('buy')).booked.body.data.reference;
    for (const path of [`${ex}/transaction?reference=${bookingReference}`, `${ex}/transaction/${bookingReference}`, `${ex}/transactions/${bookingReference}`]) {
      const found = await call('GET', path);
      expect(found.status, path).toBe(200);
      expect(found.body.data).toMatchObject({ reference: bookingReference, type: 'hotel', status: 'successful' });
    }
    expect((await call('GET', `${ex}/transactions/HTL0000000000`)).status).toBe(404);
  });

  it('[Headers] X-API-KEY alone is enough; no key is refused', async () => {
    const { 'X-API-KEY': _key, ...withoutKey } = liveHeaders;
    expect((await call('GET', `${hotels}?per_page=1`, undefined, { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, TransactionMedium: 'POS' })).status).toBe(200);
    expect((await call('GET', `${hotels}?per_page=1`, undefined, withoutKey)).status).toBe(401);
    expect((await call('GET', `${ex}/experience?per_page=1`, undefined, withoutKey)).status).toBe(401);
  });
});
