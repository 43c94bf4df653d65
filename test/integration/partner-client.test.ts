import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox } from '../../electron/sandbox';
import { createPartnerClient, type PartnerClient } from '../../electron/partner/client';
import type { PartnerResult } from '../../electron/partner/partner-error';
import { resolveShowtimes } from '../../shared/catalog/schedule';
import type { WireExperience } from '../../shared/partner';

/** Every partner operation through the client against the sandbox over real HTTP. */

let sandbox: Sandbox;
let server: { url: string; close(): Promise<void> };
let client: PartnerClient;
const sent: Array<{ method: string; url: string; headers: Headers }> = [];

/** The real fetch, with a note of what went out, to count attempts and see headers. */
const recordingFetch: typeof fetch = (input, init) => {
  sent.push({ method: init?.method ?? 'GET', url: String(input), headers: new Headers(init?.headers) });
  return fetch(input, init);
};

/** The partner's answer to a hand-written request, for cross-checking what the client read. */
async function raw(path: string): Promise<any> {
  const response = await fetch(server.url + path, {
    headers: { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, TransactionMedium: 'POS', Accept: 'application/json' },
  });
  return ((await response.json()) as { data: any }).data;
}

function value<T>(result: PartnerResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const lagosToday = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
const customer = { name: 'Adaeze Okafor', email: 'adaeze@example.ng', phone_number: '+2348031234567' };

/** An active hotel's available room with at least `rooms` left. */
async function bookableRoom(rooms: number) {
  const hotels = value(await client.listHotels({ availableRoomsOnly: true, perPage: 20 })).hotels;
  for (const hotel of hotels) {
    const room = value(await client.listRooms(hotel.id, { perPage: 100 })).rooms.find((r) => r.is_available && r.number_of_rooms >= rooms);
    if (room) return { hotel: hotel.id, room };
  }
  throw new Error('no bookable room in the sandbox');
}

beforeAll(async () => {
  sandbox = createSandbox();
  server = await startSandboxServer({ sandbox, port: 0 });
  client = createPartnerClient({
    baseUrl: server.url,
    apiKey: () => SANDBOX_DEFAULT_API_KEY,
    fetch: recordingFetch,
    timeoutMs: 5000,
    retry: { attempts: 3, baseDelayMs: 5 },
  });
});

afterAll(async () => {
  await server.close();
});

describe('headers', () => {
  it('sends the key in X-API-KEY (the header the live service reads), TransactionMedium POS and JSON headers', async () => {
    sent.length = 0;
    value(await client.listHotels({ perPage: 1 }));
    value(await client.lookupTransaction({ reference: 'EX0000000000' }));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const { headers } of sent) {
      expect(headers.get('x-api-key')).toBe(SANDBOX_DEFAULT_API_KEY);
      // Bearer alone was answered "api key is missing" live: the key travels in X-API-KEY only.
      expect(headers.get('authorization')).toBeNull();
      expect(headers.get('transactionmedium')).toBe('POS');
      expect(headers.get('accept')).toBe('application/json');
    }
    // The sandbox refuses the same call without them, so the headers are what made it pass.
    const bare = await fetch(`${server.url}/v2/partner/hotels?per_page=1`);
    expect(bare.status).toBe(401);
  });

  it('adds Content-Type only when there is a body', async () => {
    sent.length = 0;
    await client.bookHotel({
      room_id: 999_999,
      number_of_guests: 1,
      number_of_rooms: 1,
      checkin_date: lagosToday(),
      checkout_date: '2099-01-02',
      customer_info: { ...customer, dob: '1990-01-01' },
    });
    await client.ping();
    expect(sent.find((request) => request.method === 'POST')!.headers.get('content-type')).toBe('application/json');
    expect(sent.at(-1)!.headers.get('content-type')).toBeNull();
  });
});

describe('experiences', () => {
  it('lists cinema experiences only, with pagination, matching the raw answer', async () => {
    const page = value(await client.listExperiences({ cinema: true, perPage: 5 }));
    const rawPage = await raw('/api/v1/partner/experience?cinema=true&per_page=5');
    expect(page.experiences.map((e) => e.id)).toEqual(rawPage.experiences.map((e: { id: string }) => e.id));
    expect(page.count).toBe(rawPage.count);
    expect(page.experiences.every((e) => e.cinema && e.cinema_info !== null)).toBe(true);
    expect(page.next_page).toBe(2);

    const all = value(await client.listExperiences({ cinema: true, perPage: 100 }));
    expect(all.experiences).toHaveLength(page.count!);
    expect(all.next_page).toBeNull();
  });

  it('passes featured and search through', async () => {
    const featured = value(await client.listExperiences({ cinema: true, featured: true, perPage: 100 }));
    expect(featured.experiences.length).toBeGreaterThan(0);
    expect(featured.experiences.every((e) => e.featured)).toBe(true);

    const city = featured.experiences[0]!.cinema_info!.locations[0]!.city!;
    const byCity = value(await client.listExperiences({ cinema: true, search: city, perPage: 100 }));
    expect(byCity.experiences.length).toBeGreaterThan(0);
    for (const film of byCity.experiences) {
      const places = film.cinema_info!.locations.flatMap((l) => [l.city, l.state]);
      expect(places.includes(city) || film.title.toLowerCase().includes(city.toLowerCase())).toBe(true);
    }
  });

  it('gets one experience with its cinema locations and showtime ids', async () => {
    const [first] = value(await client.listExperiences({ cinema: true, perPage: 1 })).experiences;
    const film = value(await client.getExperience(first!.id));
    expect(film.id).toBe(first!.id);
    expect(film.cinema_info!.locations.length).toBeGreaterThan(0);
    expect(film.cinema_info!.locations.filter((l) => l.is_headquarters)).toHaveLength(1);
  });

  it('reads ticket categories in kobo, per location, with the breakdown adding up', async () => {
    const film = value(await client.getExperience(value(await client.listExperiences({ cinema: true, perPage: 1 })).experiences[0]!.id));
    for (const location of film.cinema_info!.locations) {
      const tickets = value(await client.getTickets(film.id, location.id));
      const rawTickets = (await raw(`/api/v1/partner/experience/tickets/${film.id}?cinema_location_id=${location.id}`)).tickets;
      expect(tickets.map((t) => t.price)).toEqual(rawTickets.map((t: { price: number }) => Math.round(t.price * 100)));
      for (const ticket of tickets) {
        const { ticket_price, convenience_fee, merchant_commission } = ticket.price_breakdown;
        expect(ticket.price).toBe(ticket_price + convenience_fee + merchant_commission);
      }
    }
    expect(value(await client.getTickets(film.id)).length).toBeGreaterThan(0);
  });

  it('falls back from "November" to "november" for dates, then remembers what worked', async () => {
    const film = await findFilmWithDates();
    const month = Number(film.date.slice(5, 7));
    const monthName = new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    const fresh = createPartnerClient({ baseUrl: server.url, apiKey: () => SANDBOX_DEFAULT_API_KEY, fetch: recordingFetch });
    const lastSegments = () => sent.map((s) => new URL(s.url).pathname.split('/').at(-1));

    sent.length = 0;
    const dates = value(await fresh.getCinemaDates(film.experience.id, month, film.locationId));
    expect(lastSegments()).toEqual([monthName, monthName.toLowerCase()]);
    expect(dates).toContain(film.date);
    for (const date of dates) expect(Number(date.slice(5, 7))).toBe(month);

    sent.length = 0;
    expect(value(await fresh.getCinemaDates(film.experience.id, month, film.locationId))).toEqual(dates);
    expect(lastSegments()).toEqual([monthName.toLowerCase()]);
  });
});

/** A film, location and date that has showtimes, found through the client itself. */
async function findFilmWithDates(): Promise<{ experience: WireExperience; locationId: number; date: string }> {
  const films = value(await client.listExperiences({ cinema: true, perPage: 100 })).experiences;
  const today = lagosToday();
  const months = [Number(today.slice(5, 7)), (Number(today.slice(5, 7)) % 12) + 1];
  for (const film of films) {
    for (const location of film.cinema_info!.locations) {
      for (const month of months) {
        const dates = value(await client.getCinemaDates(film.id, month, location.id));
        const date = dates.find((d) => resolveShowtimes(film.cinema_info!, d, location.id).length > 0);
        if (date) return { experience: film, locationId: location.id, date };
      }
    }
  }
  throw new Error('no film has a show date in the sandbox');
}

describe('holds and ticket purchases', () => {
  it('holds tickets (slots drop), releases them (slots return)', async () => {
    const { experience, locationId } = await findFilmWithDates();
    const before = value(await client.getTickets(experience.id, locationId)).find((t) => t.slots_remaining > 2)!;
    const hold = value(
      await client.holdTickets({
        tickets: [{ ticket_type: 'entertainment', resource_id: before.id, quantity: 2 }],
        customer_info: { email: customer.email, phone_number: customer.phone_number },
      }),
    );
    expect(hold.reservations).toHaveLength(1);
    expect(hold.reservations[0]).toMatchObject({ resource_id: before.id, quantity: 2, status: 'active' });
    const during = value(await client.getTickets(experience.id, locationId)).find((t) => t.id === before.id)!;
    expect(during.slots_remaining).toBe(before.slots_remaining - 2);

    value(await client.releaseHold(hold.reservations[0]!.reservation_id));
    const after = value(await client.getTickets(experience.id, locationId)).find((t) => t.id === before.id)!;
    expect(after.slots_remaining).toBe(before.slots_remaining);
  });

  it('buys held cinema tickets for a resolved showtime: 201, EX reference, kobo amounts, slots sold', async () => {
    const { experience, locationId, date } = await findFilmWithDates();
    const showtime = resolveShowtimes(experience.cinema_info!, date, locationId)[0]!;
    const category = value(await client.getTickets(experience.id, locationId)).find((t) => t.slots_remaining > 3)!;
    const hold = value(
      await client.holdTickets({
        tickets: [{ ticket_type: 'entertainment', resource_id: category.id, quantity: 3 }],
        customer_info: { email: customer.email, phone_number: customer.phone_number },
      }),
    );
    const merchantReference = `sale-${Date.now()}`;
    const purchase = value(
      await client.buyTickets({
        experience_id: experience.id,
        tickets: [{ id: category.id, count: 3 }],
        customer_info: customer,
        reservation_ids: hold.reservations.map((r) => r.reservation_id),
        merchant_reference: merchantReference,
        attendance_date: date,
        time_id: showtime.id,
        cinema_location_id: locationId,
      }),
    );
    expect(purchase.reference).toMatch(/^EX\d{10}$/);
    expect(purchase.merchant_reference).toBe(merchantReference);
    expect(purchase.amount).toBe(category.price * 3);
    expect(purchase.tickets).toHaveLength(3);
    expect(purchase.tickets.every((t) => t.id === category.id && t.price === category.price)).toBe(true);

    const recorded = sandbox.transactions().find((t) => t.reference === purchase.reference)!;
    expect(Math.round(recorded.amount * 100)).toBe(purchase.amount);
    const after = value(await client.getTickets(experience.id, locationId)).find((t) => t.id === category.id)!;
    expect(after.slots_remaining).toBe(category.slots_remaining - 3);
  });
});

describe('hotels', () => {
  it('sends every filter as the spec names it: same hotels as a hand-written query', async () => {
    const cases: Array<[Parameters<PartnerClient['listHotels']>[0], string]> = [
      [{ city: 'Lagos', perPage: 50 }, 'city=Lagos&per_page=50'],
      [{ state: 'FCT', propertyType: 'apartment' }, 'state=FCT&property_type=apartment'],
      [{ minPriceNaira: 40000, maxPriceNaira: 90000.5, perPage: 100 }, 'min_price=40000&max_price=90000.5&per_page=100'],
      [{ amenities: ['wifi', 'pool'], availableRoomsOnly: true, perPage: 100 }, 'amenities=wifi,pool&available_rooms_only=true&per_page=100'],
      [{ minOccupancy: 3, maxOccupancy: 4, country: 'Nigeria', perPage: 100 }, 'min_occupancy=3&max_occupancy=4&country=Nigeria&per_page=100'],
      [{ search: 'suites', page: 2, perPage: 3 }, 'search=suites&page=2&per_page=3'],
    ];
    for (const [query, queryString] of cases) {
      const page = value(await client.listHotels(query));
      const expected = await raw(`/v2/partner/hotels?${queryString}`);
      expect(page.hotels.map((h) => h.id), queryString).toEqual(expected.hotels.map((h: { id: number }) => h.id));
      expect(page.count).toBe(expected.count);
      expect(page.next_page).toBe(expected.next_page);
    }
    const business = value(await client.listHotels({ perPage: 1 })).hotels[0]!.business!;
    const ofBusiness = value(await client.listHotels({ businessId: business.id, perPage: 100 }));
    expect(ofBusiness.hotels.length).toBeGreaterThan(0);
    expect(ofBusiness.hotels.every((h) => h.business?.id === business.id)).toBe(true);
  });

  it('lists packages: hotels with their rooms and price range in kobo', async () => {
    const packages = value(await client.listHotelPackages({ city: 'Lagos', perPage: 5 }));
    expect(packages.hotels.length).toBeGreaterThan(0);
    for (const hotel of packages.hotels) {
      expect(hotel.rooms.length).toBeGreaterThan(0);
      const prices = hotel.rooms.map((r) => r.price);
      expect(hotel.price_range).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    }
  });

  it('lists the rooms of a hotel with the summary, rooms left as numbers and prices in kobo', async () => {
    const hotel = value(await client.listHotels({ perPage: 1 })).hotels[0]!;
    const rooms = value(await client.listRooms(hotel.id, { perPage: 2 }));
    const rawRooms = await raw(`/v2/partner/hotels/${hotel.id}/rooms?per_page=2`);
    expect(rooms.hotel).toEqual({ id: hotel.id, name: hotel.name });
    expect(rooms.rooms.map((r) => r.number_of_rooms)).toEqual(rawRooms.rooms.map((r: { number_of_rooms: string }) => Number(r.number_of_rooms)));
    expect(rooms.rooms.map((r) => r.price)).toEqual(rawRooms.rooms.map((r: { price: number }) => Math.round(r.price * 100)));
    expect(rooms.count).toBe(rawRooms.count);
  });

  it('books a room on /hotels/buy: 201, HTL reference, amount = price x nights x rooms, rooms left drop', async () => {
    const { hotel, room } = await bookableRoom(2);
    const checkin = lagosToday();
    const checkout = new Date(Date.parse(checkin) + 3 * 86_400_000).toISOString().slice(0, 10);
    sent.length = 0;
    const booking = value(
      await client.bookHotel({
        room_id: room.id,
        number_of_guests: 2,
        number_of_rooms: 2,
        checkin_date: checkin,
        checkout_date: checkout,
        customer_info: { ...customer, dob: '1988-04-12' },
        merchant_reference: `booking-${Date.now()}`,
      }),
    );
    // One booking POST. A GET may come first: before this client's first booking it asks which
    // booking route the partner has (which test books first depends on the order they run in).
    expect(sent.filter((s) => s.method !== 'GET').map((s) => new URL(s.url).pathname)).toEqual(['/v2/partner/hotels/buy']);
    expect(sent.filter((s) => s.method === 'GET').map((s) => new URL(s.url).pathname)).toEqual(
      sent.length > 1 ? ['/v2/partner/hotels/buy'] : [],
    );
    expect(booking.reference).toMatch(/^HTL\d{10}$/);
    expect(booking).toMatchObject({ number_of_nights: 3, number_of_rooms: 2, hotel: { id: hotel }, room: { id: room.id } });
    expect(booking.amount).toBe(room.price * 3 * 2);
    expect(booking.booking_number).toBeTruthy();
    const after = value(await client.listRooms(hotel, { perPage: 100 })).rooms.find((r) => r.id === room.id)!;
    expect(after.number_of_rooms).toBe(room.number_of_rooms - 2);
  });

});

describe('transaction lookup', () => {
  it('finds a purchase by reference and by merchant reference; null when there is none', async () => {
    // A booking of its own, so the test does not depend on another having bought first.
    const { room } = await bookableRoom(1);
    const checkin = lagosToday();
    const checkout = new Date(Date.parse(checkin) + 86_400_000).toISOString().slice(0, 10);
    const booking = value(
      await client.bookHotel({ room_id: room.id, number_of_guests: 1, number_of_rooms: 1, checkin_date: checkin, checkout_date: checkout, customer_info: { ...customer, dob: '1988-04-12' }, merchant_reference: `lookup-${Date.now()}` }),
    );
    const recorded = sandbox.transactions().find((t) => t.reference === booking.reference);
    expect(recorded).toBeDefined();
    const byReference = value(await client.lookupTransaction({ reference: recorded!.reference }));
    expect(byReference).toMatchObject({ reference: recorded!.reference, type: recorded!.type, amount: Math.round(recorded!.amount * 100) });
    const byMerchant = value(await client.lookupTransaction({ merchantReference: recorded!.merchant_reference! }));
    expect(byMerchant?.reference).toBe(recorded!.reference);
    expect(byMerchant?.details?.reference).toBe(recorded!.reference);

    sent.length = 0;
    expect(value(await client.lookupTransaction({ reference: 'EX9999999999' }))).toBeNull();
    expect(value(await client.lookupTransaction({ merchantReference: 'never-sold' }))).toBeNull();
    // A 404 in the partner's envelope is an answer, not a missing route: no second form is tried.
    expect(sent).toHaveLength(2);
  });
});

describe('ping', () => {
  it('answers with the round trip time', async () => {
    const pong = value(await client.ping());
    expect(pong.latencyMs).toBeGreaterThanOrEqual(0);
  });
});
