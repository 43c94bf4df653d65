import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, loadSeedCatalogue, type Sandbox } from '../../electron/sandbox';
import { transports, type Call, type Json } from '../helpers/sandbox-caller';

/**
 * Experiences, cinema details and dates, tickets, holds, purchases and transaction lookup, over
 * real HTTP and in-process, with a clock the tests move.
 */

const catalogue = loadSeedCatalogue();
const START = new Date('2031-03-05T08:00:00Z'); // a Wednesday, 09:00 in Lagos
const DAY = 86_400_000;
const lagosDay = (offset: number, from = START) => new Date(from.getTime() + 3600_000 + offset * DAY).toISOString().slice(0, 10);
const dmy = (iso: string) => iso.split('-').reverse().join('-');
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const films = catalogue.experiences.filter((e) => e.cinema);
const events = catalogue.experiences.filter((e) => !e.cinema);
const ended = (e: (typeof catalogue.experiences)[number]) => (e.cinema ? e.run.end_offset : e.end_offset) < 0;
const listed = catalogue.experiences.filter((e) => !ended(e));
const kobo = (n: number) => Math.round(n * 100);

/** A client's reading of cinema_info (partner-api-notes.md): the showtimes on a date at a location. */
function timesOn(info: Json, locationId: number, date: string): Json[] {
  if (date < info.start_date || date > info.end_date) return [];
  const source = info.shared_times ? info : info.locations.find((l: Json) => l.id === locationId);
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  if (info.showing === 'monthly') return source.specific_dates.includes(date) ? source.times : [];
  if (info.showing === 'weekly') {
    const day = source.days_with_times.find((d: Json) => d.day === weekday);
    return day ? (info.per_day_times ? day.times : source.times) : [];
  }
  if (info.per_day_times) return source.days_with_times.find((d: Json) => d.date === date)?.times ?? [];
  return source.times;
}

async function all(call: Call, query: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; ) {
    const { status, body } = await call('GET', `/api/v1/partner/experience?${query}&per_page=4&page=${page}`);
    expect(status).toBe(200);
    items.push(...body.data.experiences);
    if (body.data.next_page === null) {
      expect(items).toHaveLength(body.data.count);
      return items;
    }
    expect(body.data.experiences).toHaveLength(4);
    page = body.data.next_page;
  }
}

describe.each(transports)('experience reads ($name)', ({ open }) => {
  let call: Call;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ call, close } = await open(createSandbox({ clock: () => START })));
  });
  afterAll(() => close());

  it('lists current experiences, 20 a page by default', async () => {
    const { body } = await call('GET', '/api/v1/partner/experience');
    expect(body).toMatchObject({ success: true, status: 200, data: { count: listed.length, per_page: 20, next_page: null } });
    expect(body.data.experiences.map((e: Json) => e.id)).toEqual(listed.map((e) => e.id));
    for (const item of body.data.experiences) {
      expect(item).toMatchObject({ id: expect.any(String), title: expect.any(String), featured: expect.any(Boolean), business: { name: expect.any(String) }, category: { name: expect.any(String) } });
      expect(item.image[0].image).toMatch(/^data:image\/svg\+xml,/);
      if (item.cinema) expect(item.cinema_info.showing).toMatch(/^(daily|weekly|monthly)$/);
      else expect(item).not.toHaveProperty('cinema_info');
    }
  });

  it.each([
    ['cinema=true', (e: (typeof listed)[number]) => e.cinema],
    ['featured=true', (e: (typeof listed)[number]) => e.featured],
    ['cinema=true&featured=true', (e: (typeof listed)[number]) => e.cinema && e.featured],
    ['cinema=false', (e: (typeof listed)[number]) => !e.cinema],
    ['search=JOLLOF', (e: (typeof listed)[number]) => e.title.toLowerCase().includes('jollof')],
    ['search=the', (e: (typeof listed)[number]) => e.title.toLowerCase().includes('the')],
    [`business_id=${films[0]?.business.id}`, (e: (typeof listed)[number]) => e.business.id === films[0]?.business.id],
    [`category_id=${events[0]?.category.id}`, (e: (typeof listed)[number]) => e.category.id === events[0]?.category.id],
  ])('filters %s', async (query, keep) => {
    const ids = (await all(call, query)).map((e) => e.id);
    expect(ids).toEqual(listed.filter(keep).map((e) => e.id));
  });

  it.each(['Port Harcourt', 'enugu', 'FCT', 'oyo'])('search=%s also finds cinema items by location city or state', async (place) => {
    const term = place.toLowerCase();
    const sites = catalogue.cinema_sites.filter((s) => s.city.toLowerCase().includes(term) || s.state.toLowerCase().includes(term));
    const expected = listed.filter(
      (e) => e.title.toLowerCase().includes(term) || (e.cinema && e.locations.some((l) => sites.some((s) => s.id === l.site_id))),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect((await all(call, `search=${encodeURIComponent(place)}`)).map((e) => e.id)).toEqual(expected.map((e) => e.id));
  });

  it('sorts just_added by creation, upcoming by first day, and refuses unknown sorts', async () => {
    const added = await all(call, 'sorted_by=just_added');
    expect(added.map((e) => e.created_at)).toEqual(added.map((e) => e.created_at).sort().reverse());
    const upcoming = await all(call, 'sorted_by=upcoming');
    expect(new Set(upcoming.map((e) => e.id))).toEqual(new Set(listed.map((e) => e.id)));
    const random = await all(call, 'sorted_by=randomly');
    expect(new Set(random.map((e) => e.id)).size).toBe(listed.length);
    expect((await call('GET', '/api/v1/partner/experience?sorted_by=price')).status).toBe(422);
  });

  it('gives details for every experience, with unique integer showtime ids across films', async () => {
    const showtimeIds: number[] = [];
    for (const experience of catalogue.experiences) {
      const { status, body } = await call('GET', `/api/v1/partner/experience/v/${experience.id}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ id: experience.id, title: experience.title, cinema: experience.cinema });
      if (!experience.cinema) {
        expect(body.data.start_date).toBe(lagosDay(experience.start_offset));
        expect(body.data.end_date).toBe(lagosDay(experience.end_offset));
        continue;
      }
      const info = body.data.cinema_info;
      expect(info.shared_times).toBe(experience.shared_times);
      expect(info.locations.map((l: Json) => l.id)).toEqual(experience.locations.map((l) => l.site_id));
      expect(info.locations.filter((l: Json) => l.is_headquarters)).toHaveLength(1);
      const times = [info, ...info.locations].flatMap((s: Json) => [...s.times, ...s.days_with_times.flatMap((d: Json) => d.times)]);
      showtimeIds.push(...new Set(times.map((t: Json) => t.id as number)));
      for (const t of times) {
        expect(Number.isInteger(t.id)).toBe(true);
        expect(t.start).toMatch(/^\d{1,2}:\d{2}(AM|PM)$/);
      }
    }
    expect(new Set(showtimeIds).size).toBe(showtimeIds.length);
  });

  it('answers 400 for malformed experience ids and 404 for unknown ones', async () => {
    for (const path of ['/experience/v/abc', '/experience/v/123', '/experience/tickets/not-a-uuid', '/experience/cinema/dates/xyz/march']) {
      const { status, body } = await call('GET', `/api/v1/partner${path}`);
      expect(status, path).toBe(400);
      expect(body.success).toBe(false);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of [`/experience/v/${unknown}`, `/experience/tickets/${unknown}`, `/experience/cinema/dates/${unknown}/march`]) {
      expect((await call('GET', `/api/v1/partner${path}`)).status, path).toBe(404);
    }
  });

  it('serves show dates that agree with the cinema details, by month name or number, at every location', async () => {
    let nonEmpty = 0;
    for (const film of films) {
      const { body: details } = await call('GET', `/api/v1/partner/experience/v/${film.id}`);
      const info = details.data.cinema_info;
      for (const location of info.locations) {
        for (const month of [3, 4]) {
          const byName = await call('GET', `/api/v1/partner/experience/cinema/dates/${film.id}/${MONTHS[month - 1]}?cinema_location_id=${location.id}`);
          const byNumber = await call('GET', `/api/v1/partner/experience/cinema/dates/${film.id}/${month}?cinema_location_id=${location.id}`);
          expect(byName.status).toBe(200);
          expect(byNumber.body.data).toEqual(byName.body.data);
          const first = month === 3 ? lagosDay(0) : '2031-04-01';
          const last = `2031-0${month}-${month === 3 ? 31 : 30}`;
          const expected: string[] = [];
          for (let d = new Date(`${first}T00:00:00Z`); d.toISOString().slice(0, 10) <= last; d = new Date(d.getTime() + DAY)) {
            const date = d.toISOString().slice(0, 10);
            if (timesOn(info, location.id, date).length > 0) expected.push(date);
          }
          expect(byName.body.data, `${film.title} @${location.id} ${month}`).toEqual(expected);
          if (expected.length > 0) nonEmpty++;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(10);
  });

  it('gives a location its own days when times are not shared', async () => {
    const film = films.find((f) => !f.shared_times && new Set(f.locations.map((l) => JSON.stringify(l.schedule))).size > 1 && f.locations.some((l) => l.schedule?.kind === 'weekdays'));
    if (!film?.cinema) throw new Error('the seed needs a film with per-location weekdays');
    const answers = await Promise.all(film.locations.map((l) => call('GET', `/api/v1/partner/experience/cinema/dates/${film.id}/april?cinema_location_id=${l.site_id}`)));
    expect(new Set(answers.map((a) => JSON.stringify(a.body.data))).size).toBeGreaterThan(1);
  });

  it('defaults the dates to the headquarters and resolves a past month to next year', async () => {
    const film = films.find((f) => f.cinema && f.shared_times);
    if (!film?.cinema) throw new Error('no film');
    const hq = film.locations.find((l) => l.is_headquarters)?.site_id;
    const plain = await call('GET', `/api/v1/partner/experience/cinema/dates/${film.id}/march`);
    const atHq = await call('GET', `/api/v1/partner/experience/cinema/dates/${film.id}/march?cinema_location_id=${hq}`);
    expect(plain.body.data).toEqual(atHq.body.data);
    const longest = films.reduce((a, b) => (a.cinema && b.cinema && b.run.end_offset > a.run.end_offset ? b : a));
    const february = await call('GET', `/api/v1/partner/experience/cinema/dates/${longest.id}/2`);
    expect(february.status).toBe(200);
    for (const date of february.body.data) expect(date.startsWith('2032-02-')).toBe(true);
  });

  it.each(['March', 'MARCH', 'mar', '13', '0', '3.0', ''])('refuses month %j with 400 and errors.month', async (month) => {
    const film = films[0];
    const { status, body } = await call('GET', `/api/v1/partner/experience/cinema/dates/${film?.id}/${month}`);
    if (month === '') {
      expect(status).toBe(404); // no month segment: no such route
      return;
    }
    expect(status).toBe(400);
    expect(body.errors.month).toBeDefined();
  });

  it('refuses dates at an unknown (404) or malformed (400) location and for non-cinema items', async () => {
    const film = films[0];
    expect((await call('GET', `/api/v1/partner/experience/cinema/dates/${film?.id}/march?cinema_location_id=999`)).status).toBe(404);
    expect((await call('GET', `/api/v1/partner/experience/cinema/dates/${film?.id}/march?cinema_location_id=abc`)).status).toBe(400);
    expect((await call('GET', `/api/v1/partner/experience/cinema/dates/${events[0]?.id}/march`)).status).toBe(422);
  });

  it('prices every ticket as the exact sum of its breakdown, at every location', async () => {
    for (const experience of catalogue.experiences) {
      const locations = experience.cinema ? [undefined, ...experience.locations.map((l) => l.site_id)] : [undefined];
      for (const location of locations) {
        const query = location === undefined ? '' : `?cinema_location_id=${location}`;
        const { status, body } = await call('GET', `/api/v1/partner/experience/tickets/${experience.id}${query}`);
        expect(status).toBe(200);
        expect(body.data.tickets.map((t: Json) => t.id)).toEqual(experience.tickets.map((t) => t.id));
        for (const ticket of body.data.tickets) {
          const b = ticket.price_breakdown;
          expect(kobo(ticket.price)).toBe(kobo(b.ticket_price) + kobo(b.convenience_fee) + kobo(b.merchant_commission));
          expect(ticket.slots_remaining).toBe(experience.tickets.find((t) => t.id === ticket.id)?.slots);
        }
      }
    }
  });

  it('uses the headquarters prices without a location and a location’s own prices with it', async () => {
    const film = films.find((f) => f.tickets.some((t) => t.location_prices));
    if (!film?.cinema) throw new Error('the seed needs location prices');
    const priced = film.tickets.find((t) => t.location_prices);
    const hq = film.locations.find((l) => l.is_headquarters)?.site_id;
    const other = film.locations.find((l) => !l.is_headquarters && !priced?.location_prices?.[String(l.site_id)])?.site_id;
    const priceAt = async (query: string) =>
      (await call('GET', `/api/v1/partner/experience/tickets/${film.id}${query}`)).body.data.tickets.find((t: Json) => t.id === priced?.id).price;
    expect(await priceAt('')).toBe(await priceAt(`?cinema_location_id=${hq}`));
    expect(await priceAt(`?cinema_location_id=${other}`)).not.toBe(await priceAt(''));
  });

  it('shows a sold-out category with no slots', async () => {
    const soldOut = catalogue.experiences.flatMap((e) => e.tickets.filter((t) => t.slots === 0).map((t) => ({ e, t })))[0];
    const { body } = await call('GET', `/api/v1/partner/experience/tickets/${soldOut?.e.id}`);
    expect(body.data.tickets.find((t: Json) => t.id === soldOut?.t.id).slots_remaining).toBe(0);
  });
});

describe.each(transports)('holds, purchases and lookups ($name)', ({ open }) => {
  let now = START;
  let sandbox: Sandbox;
  let call: Call;
  let close: () => Promise<void>;
  beforeAll(async () => {
    sandbox = createSandbox({ clock: () => now });
    ({ call, close } = await open(sandbox));
  });
  afterAll(() => close());
  // Each case starts from the seed: no holds, purchases or bookings of another case in its counts.
  beforeEach(() => sandbox.reset());

  const customer = { name: 'Tunde Bakare', email: 'tunde@example.ng', phone_number: '2348021234567' };
  // Showing since before yesterday, so a past date is refused for being past, not for being off the run.
  const everyDay = films.find((f) => f.cinema && f.shared_times && f.schedule?.kind === 'every_day' && f.run.start_offset < -1);
  if (!everyDay?.cinema || everyDay.schedule?.kind !== 'every_day') throw new Error('the seed needs a daily film showing now');
  const showtime = everyDay.schedule.times[0];
  const regular = everyDay.tickets.find((t) => t.slots >= 20);
  const cinemaBuy = (extra: Record<string, unknown> = {}) => ({
    experience_id: everyDay.id,
    tickets: [{ id: regular?.id, count: 2 }],
    customer_info: customer,
    attendance_date: lagosDay(1, now),
    time_id: showtime?.id,
    ...extra,
  });
  const hold = (resource_id: string | undefined, quantity: number) => ({
    tickets: [{ ticket_type: 'entertainment', resource_id, quantity }],
    customer_info: { email: customer.email, phone_number: customer.phone_number },
  });

  async function slots(experienceId: string, ticketId: string | undefined): Promise<number> {
    const { body } = await call('GET', `/api/v1/partner/experience/tickets/${experienceId}`);
    return body.data.tickets.find((t: Json) => t.id === ticketId).slots_remaining;
  }

  async function stock() {
    const tickets: Record<string, number> = {};
    for (const e of catalogue.experiences) {
      const { body } = await call('GET', `/api/v1/partner/experience/tickets/${e.id}`);
      for (const t of body.data.tickets) tickets[t.id] = t.slots_remaining;
    }
    return { tickets, transactions: sandbox.transactions() };
  }

  it('holds tickets for 3 minutes, reducing slots_remaining, then lets them expire', async () => {
    const before = await slots(everyDay.id, regular?.id);
    const { status, body } = await call('POST', '/api/v1/partner/validate', hold(regular?.id, 3));
    expect(status).toBe(201);
    const reservation = body.data.reservations[0];
    expect(reservation).toMatchObject({ resource_id: regular?.id, quantity: 3, status: 'active', expires_at: new Date(now.getTime() + 180_000).toISOString() });
    expect(reservation.reservation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await slots(everyDay.id, regular?.id)).toBe(before - 3);
    now = new Date(now.getTime() + 179_000);
    expect(await slots(everyDay.id, regular?.id)).toBe(before - 3);
    now = new Date(now.getTime() + 1_000);
    expect(await slots(everyDay.id, regular?.id)).toBe(before);
    const late = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ reservation_ids: [reservation.reservation_id] }));
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ message: 'Reservation expired', errors: { reservation_ids: ['reservation expired'] } });
    expect(sandbox.transactions()).toEqual([]);
    const release = await call('DELETE', `/api/v1/partner/validate/${reservation.reservation_id}`);
    expect(release.body.data.status).toBe('expired');
  });

  it('releases a hold early, and releasing again changes nothing', async () => {
    const before = await slots(everyDay.id, regular?.id);
    const { body } = await call('POST', '/api/v1/partner/validate', hold(regular?.id, 5));
    const id = body.data.reservations[0].reservation_id;
    expect(await slots(everyDay.id, regular?.id)).toBe(before - 5);
    const released = await call('DELETE', `/api/v1/partner/validate/${id}`);
    expect(released).toMatchObject({ status: 200, body: { data: { reservation_id: id, status: 'released' } } });
    expect(await slots(everyDay.id, regular?.id)).toBe(before);
    expect((await call('DELETE', `/api/v1/partner/validate/${id}`)).body.data.status).toBe('released');
    expect((await call('DELETE', '/api/v1/partner/validate/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('DELETE', '/api/v1/partner/validate/nope')).status).toBe(400);
  });

  it('refuses to hold more than remains, naming the line, and holds nothing', async () => {
    const small = catalogue.experiences.flatMap((e) => e.tickets.filter((t) => t.slots > 0 && t.slots <= 12).map((t) => ({ e, t })))[0];
    if (!small) throw new Error('the seed needs a small category');
    const before = await stock();
    const request = {
      tickets: [
        { ticket_type: 'entertainment', resource_id: small.t.id, quantity: 1 },
        { ticket_type: 'entertainment', resource_id: small.t.id, quantity: small.t.slots },
      ],
      customer_info: { email: customer.email, phone_number: customer.phone_number },
    };
    const { status, body } = await call('POST', '/api/v1/partner/validate', request);
    expect(status).toBe(422);
    expect(body.errors['tickets.1.quantity']).toBeDefined();
    expect(await stock()).toEqual(before);
    for (const bad of [hold('00000000-0000-4000-8000-000000000000', 1), { ...hold(regular?.id, 1), tickets: [{ ticket_type: 'hotel', resource_id: regular?.id, quantity: 1 }] }, hold(regular?.id, 0)]) {
      expect((await call('POST', '/api/v1/partner/validate', bad)).status).toBe(422);
    }
    expect(await stock()).toEqual(before);
  });

  it('buys cinema tickets: 201, EX reference, one line per ticket, amount = sum, slots go down, hold converted', async () => {
    const before = await slots(everyDay.id, regular?.id);
    const held = await call('POST', '/api/v1/partner/validate', hold(regular?.id, 2));
    const reservationId = held.body.data.reservations[0].reservation_id;
    const prices = (await call('GET', `/api/v1/partner/experience/tickets/${everyDay.id}`)).body.data.tickets;
    const unit = prices.find((t: Json) => t.id === regular?.id).price;
    const { status, body } = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ reservation_ids: [reservationId], merchant_reference: 'sale-1' }));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({ success: true, status: 201 });
    expect(body.data).toMatchObject({
      reference: expect.stringMatching(/^EX\d{10}$/),
      invoice_id: expect.any(Number),
      name: customer.name, email: customer.email, phone_number: customer.phone_number,
      merchant_reference: 'sale-1',
      amount: unit * 2,
      tickets: [{ id: regular?.id, title: regular?.title, price: unit }, { id: regular?.id, title: regular?.title, price: unit }],
    });
    expect(await slots(everyDay.id, regular?.id)).toBe(before - 2);
    const reuse = await call('DELETE', `/api/v1/partner/validate/${reservationId}`);
    expect(reuse.status).toBe(422);
    const again = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ reservation_ids: [reservationId] }));
    expect(again.status).toBe(422);
    expect(again.body.errors.reservation_ids).toBeDefined();
  });

  it('counts other people’s holds against what can be bought', async () => {
    const small = everyDay.tickets.find((t) => t.id !== regular?.id && t.slots > 0 && t.slots <= 100);
    if (!small) throw new Error('need a second category');
    const left = await slots(everyDay.id, small.id);
    const held = await call('POST', '/api/v1/partner/validate', hold(small.id, left));
    expect(held.status).toBe(201);
    const without = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ tickets: [{ id: small.id, count: 1 }] }));
    expect(without.status).toBe(422);
    expect(without.body.message).toMatch(/sold out|not enough/i);
    const withHold = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ tickets: [{ id: small.id, count: left }], reservation_ids: [held.body.data.reservations[0].reservation_id] }));
    expect(withHold.status, JSON.stringify(withHold.body)).toBe(201);
    const short = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ tickets: [{ id: regular?.id, count: 3 }], reservation_ids: [(await call('POST', '/api/v1/partner/validate', hold(regular?.id, 2))).body.data.reservations[0].reservation_id] }));
    expect(short.status).toBe(422);
    expect(short.body.errors['tickets.0.count']).toBeDefined();
  });

  it('refuses to oversell and changes nothing', async () => {
    const left = await slots(everyDay.id, regular?.id);
    const before = await stock();
    const { status, body } = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ tickets: [{ id: regular?.id, count: left + 1 }] }));
    expect(status).toBe(422);
    expect(body.message).toMatch(/not enough/i);
    expect(body.errors['tickets.0.count']).toBeDefined();
    const soldOut = catalogue.experiences.find((e) => e.cinema && e.tickets.some((t) => t.slots === 0));
    if (!soldOut?.cinema) throw new Error('the seed needs a sold-out category');
    const date = (await call('GET', `/api/v1/partner/experience/cinema/dates/${soldOut.id}/march`)).body.data[0];
    const details = (await call('GET', `/api/v1/partner/experience/v/${soldOut.id}`)).body.data.cinema_info;
    const hq = details.locations.find((l: Json) => l.is_headquarters).id;
    const sold = await call('POST', '/api/v1/partner/experience/buy/tickets', {
      experience_id: soldOut.id, tickets: [{ id: soldOut.tickets.find((t) => t.slots === 0)?.id, count: 1 }], customer_info: customer,
      attendance_date: date, time_id: timesOn(details, hq, date)[0].id,
    });
    expect(sold.status).toBe(422);
    expect(sold.body.message).toMatch(/sold out/i);
    expect(await stock()).toEqual(before);
  });

  const perDay = films.find((f) => f.cinema && f.schedule?.kind === 'dated_days');
  const otherFilm = films.find((f) => f.id !== everyDay.id);
  it.each([
    ['no attendance_date', () => cinemaBuy({ attendance_date: undefined }), 'attendance_date'],
    ['an attendance_date that is not a date', () => cinemaBuy({ attendance_date: 'next friday' }), 'attendance_date'],
    ['a date that does not exist', () => cinemaBuy({ attendance_date: '2031-02-31' }), 'attendance_date'],
    ['a past date', () => cinemaBuy({ attendance_date: lagosDay(-1, now) }), 'attendance_date'],
    ['a date after the run', () => cinemaBuy({ attendance_date: lagosDay(everyDay.run.end_offset + 1, now) }), 'attendance_date'],
    ['no time_id', () => cinemaBuy({ time_id: undefined }), 'time_id'],
    ['a time_id of another film', () => cinemaBuy({ time_id: 1 }), 'time_id'],
    ['a time_id as a string', () => cinemaBuy({ time_id: String(showtime?.id) }), 'time_id'],
    ['a location the film is not shown at', () => cinemaBuy({ cinema_location_id: 999 }), 'cinema_location_id'],
    ['a ticket of another experience', () => cinemaBuy({ tickets: [{ id: otherFilm?.tickets[0]?.id, count: 1 }] }), 'tickets.0.id'],
    ['a zero count', () => cinemaBuy({ tickets: [{ id: regular?.id, count: 0 }] }), 'tickets.0.count'],
    ['a huge count', () => cinemaBuy({ tickets: [{ id: regular?.id, count: 1e308 }] }), 'tickets.0.count'],
    ['a fractional count', () => cinemaBuy({ tickets: [{ id: regular?.id, count: 1.5 }] }), 'tickets.0.count'],
    ['no tickets', () => cinemaBuy({ tickets: [] }), 'tickets'],
    ['a bad e-mail', () => cinemaBuy({ customer_info: { ...customer, email: 'tunde@' } }), 'customer_info.email'],
    ['a bad phone number', () => cinemaBuy({ customer_info: { ...customer, phone_number: '+1 555 0100' } }), 'customer_info.phone_number'],
    ['no name', () => cinemaBuy({ customer_info: { email: customer.email, phone_number: customer.phone_number } }), 'customer_info.name'],
    ['a birthday in the future', () => cinemaBuy({ customer_info: { ...customer, dob: lagosDay(10, now) } }), 'customer_info.dob'],
    ['a malformed experience id', () => cinemaBuy({ experience_id: 'abc' }), 'experience_id'],
    ['an unknown reservation', () => cinemaBuy({ reservation_ids: ['00000000-0000-4000-8000-000000000000'] }), 'reservation_ids'],
  ])('refuses a cinema purchase with %s (422) and changes nothing', async (_, body, field) => {
    const before = await stock();
    const { status, body: answer } = await call('POST', '/api/v1/partner/experience/buy/tickets', body());
    expect(status, JSON.stringify(answer)).toBe(422);
    expect(answer).toMatchObject({ success: false, status: 422 });
    expect(answer.errors[field], JSON.stringify(answer.errors)).toBeDefined();
    expect(await stock()).toEqual(before);
  });

  it('answers a DD-MM-YYYY attendance_date as the live service does: a 500 with the database error, nothing sold', async () => {
    const before = await stock();
    const held = await call('POST', '/api/v1/partner/validate', hold(regular?.id, 2));
    const reservationId = held.body.data.reservations[0].reservation_id;
    const { status, body } = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ attendance_date: dmy(lagosDay(1, now)), reservation_ids: [reservationId], merchant_reference: 'old-date' }));
    expect(status).toBe(500);
    expect(body).toMatchObject({ success: false, status: 500 });
    expect(body.message).toMatch(/SQLSTATE\[22007\].*Incorrect date value: '\d{2}-\d{2}-\d{4}' for column 'attendance_date'/);
    expect(sandbox.transactions()).toEqual(before.transactions);
    expect((await call('GET', '/api/v1/partner/transaction?merchant_reference=old-date')).status).toBe(404);
    // The hold was not used: the same purchase with the date as the dates endpoint gives it goes through.
    const fixed = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ reservation_ids: [reservationId], merchant_reference: 'iso-date' }));
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(fixed.body.data.showtime.attendance_date).toBe(lagosDay(1, now));
  });

  it('checks time_id against the day for films with per-day times', async () => {
    if (!perDay?.cinema || perDay.schedule?.kind !== 'dated_days') throw new Error('the seed needs a per-day film');
    const info = (await call('GET', `/api/v1/partner/experience/v/${perDay.id}`)).body.data.cinema_info;
    const [dayA, dayB] = info.days_with_times;
    const wrongDayTime = dayB.times.find((t: Json) => !dayA.times.some((a: Json) => a.id === t.id));
    const buy = (time_id: number) => call('POST', '/api/v1/partner/experience/buy/tickets', {
      experience_id: perDay.id, tickets: [{ id: perDay.tickets[0]?.id, count: 1 }], customer_info: customer, attendance_date: dayA.date, time_id,
    });
    expect((await buy(wrongDayTime.id)).status).toBe(422);
    expect((await buy(dayA.times[0].id)).status).toBe(201);
  });

  it('sells a regular event without a date, and refuses an ended one', async () => {
    const event = events.find((e) => !ended(e));
    const past = events.find((e) => ended(e));
    if (!event || !past) throw new Error('the seed needs a current and an ended event');
    const ok = await call('POST', '/api/v1/partner/experience/buy/tickets', { experience_id: event.id, tickets: [{ id: event.tickets[0]?.id, count: 1 }], customer_info: customer });
    expect(ok.status).toBe(201);
    expect(ok.body.data.amount).toBe(ok.body.data.tickets[0].price);
    const late = await call('POST', '/api/v1/partner/experience/buy/tickets', { experience_id: past.id, tickets: [{ id: past.tickets[0]?.id, count: 1 }], customer_info: customer });
    expect(late.status).toBe(422);
    expect(late.body.errors.experience_id).toBeDefined();
    const unknown = await call('POST', '/api/v1/partner/experience/buy/tickets', { experience_id: '00000000-0000-4000-8000-000000000000', tickets: [{ id: event.tickets[0]?.id, count: 1 }], customer_info: customer });
    expect(unknown.status).toBe(404);
  });

  it('does not deduplicate merchant references, and finds transactions in all three ways', async () => {
    const first = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ merchant_reference: 'twice' }));
    const second = await call('POST', '/api/v1/partner/experience/buy/tickets', cinemaBuy({ merchant_reference: 'twice' }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.reference).not.toBe(first.body.data.reference);
    expect(sandbox.transactions().filter((t) => t.merchant_reference === 'twice')).toHaveLength(2);

    const byMerchant = await call('GET', '/api/v1/partner/transaction?merchant_reference=twice');
    expect(byMerchant.body.data).toMatchObject({ reference: first.body.data.reference, merchant_reference: 'twice', type: 'experience', status: 'successful', amount: first.body.data.amount, invoice_id: first.body.data.invoice_id, details: first.body.data });
    const byQuery = await call('GET', `/api/v1/partner/transaction?reference=${second.body.data.reference}`);
    expect(byQuery.body.data.details).toEqual(second.body.data);
    const byPath = await call('GET', `/api/v1/partner/transaction/${second.body.data.reference}`);
    expect(byPath.body.data).toEqual(byQuery.body.data);
    const byPluralPath = await call('GET', `/api/v1/partner/transactions/${second.body.data.reference}`);
    expect(byPluralPath.body.data).toEqual(byQuery.body.data);
    const liveLayout = await call('GET', `/v1/partner/transactions/${second.body.data.reference}`);
    expect(liveLayout.body.data).toEqual(byQuery.body.data);
    expect(byPath.body.data.created_at).toBe(now.toISOString());

    expect((await call('GET', '/api/v1/partner/transaction?reference=EX0000000000')).status).toBe(404);
    expect((await call('GET', '/api/v1/partner/transaction?merchant_reference=never')).status).toBe(404);
    expect((await call('GET', '/api/v1/partner/transaction/HTL0000000000')).status).toBe(404);
    expect((await call('GET', '/api/v1/partner/transactions/HTL0000000000')).status).toBe(404);
    expect((await call('GET', '/api/v1/partner/transaction')).status).toBe(422);
  });

  it('finds hotel bookings by reference too', async () => {
    const room = catalogue.hotels.find((h) => h.status === 'active')?.rooms.find((r) => r.is_available && r.number_of_rooms > 0);
    const booked = await call('POST', '/v2/partner/hotels/buy', {
      room_id: room?.id, number_of_guests: 1, number_of_rooms: 1, checkin_date: lagosDay(0, now), checkout_date: lagosDay(1, now),
      customer_info: { ...customer, dob: '1985-01-01' }, merchant_reference: 'room-1',
    });
    expect(booked.status).toBe(201);
    const found = await call('GET', `/api/v1/partner/transaction/${booked.body.data.reference}`);
    expect(found.body.data).toMatchObject({ type: 'hotel', merchant_reference: 'room-1', details: booked.body.data });
  });
});
