import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, loadSeedCatalogue, type Sandbox } from '../../electron/sandbox';
import { transports, type Call, type Json } from '../helpers/sandbox-caller';

/**
 * Hotel listing, packages, rooms and booking, over real HTTP and in-process. Listings are checked
 * against a brute-force oracle written here from the spec's filter rules, over the whole seed.
 */

const catalogue = loadSeedCatalogue();
const NOW = new Date('2031-03-05T08:00:00Z'); // 09:00 in Lagos
const clock = () => NOW;
const lagosDay = (offset: number) => new Date(NOW.getTime() + 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

type Query = Record<string, string>;
const price = (room: { room_price: number; convenience_fee: number }) => room.room_price + room.convenience_fee;

/** The spec's rules, read directly: filters combine; each range is met by one room. */
function oracle(q: Query): number[] {
  const lower = (s: string) => s.toLowerCase();
  const inRange = (value: number, min?: string, max?: string) =>
    (min === undefined || value >= Number(min)) && (max === undefined || value <= Number(max));
  return catalogue.hotels
    .filter((h) => h.status === 'active')
    .filter((h) => lower(h.country) === lower(q.country ?? 'Nigeria'))
    .filter((h) => q.business_id === undefined || h.business_id === q.business_id)
    .filter((h) => q.city === undefined || lower(h.city) === lower(q.city))
    .filter((h) => q.state === undefined || lower(h.state) === lower(q.state))
    .filter((h) => q.property_type === undefined || h.property_type === q.property_type)
    .filter((h) => q.available_rooms_only !== 'true' || h.rooms.some((r) => r.is_available && r.number_of_rooms > 0))
    .filter((h) => (q.min_price === undefined && q.max_price === undefined) || h.rooms.some((r) => inRange(price(r), q.min_price, q.max_price)))
    .filter(
      (h) => (q.min_occupancy === undefined && q.max_occupancy === undefined) || h.rooms.some((r) => inRange(r.max_occupancy, q.min_occupancy, q.max_occupancy)),
    )
    .filter((h) => q.amenities === undefined || q.amenities.split(',').every((a) => h.amenities.includes(a)))
    .filter((h) => q.search === undefined || lower(h.name).includes(lower(q.search)) || lower(h.description).includes(lower(q.search)))
    .map((h) => h.id)
    .sort((a, b) => a - b);
}

/** Walks every page, checking the pagination invariants on the way. */
async function listAll(call: Call, path: string, query: Query, perPage?: number): Promise<number[]> {
  const ids: number[] = [];
  let count: number | undefined;
  for (let page = 1; ; ) {
    const params = new URLSearchParams({ ...query, page: String(page), ...(perPage !== undefined && { per_page: String(perPage) }) });
    const { status, body } = await call('GET', `${path}?${params}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, status: 200 });
    const data = body.data;
    expect(data.per_page).toBe(perPage ?? 20);
    count ??= data.count as number;
    expect(data.count).toBe(count);
    ids.push(...data.hotels.map((h: Json) => h.id as number));
    if (data.next_page === null) {
      expect(data.hotels.length).toBeLessThanOrEqual(data.per_page);
      if (data.count > 0) expect(data.hotels.length, 'the last page is not empty').toBeGreaterThan(0);
      break;
    }
    expect(data.hotels.length).toBe(data.per_page);
    expect(data.next_page).toBe(page + 1);
    page = data.next_page;
  }
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBe(count);
  return ids;
}

const activeHotels = catalogue.hotels.filter((h) => h.status === 'active');
const allAmenities = [...new Set(catalogue.hotels.flatMap((h) => h.amenities))].sort();

const singleFilters: Query[] = [
  {},
  ...catalogue.hotel_businesses.map((b) => ({ business_id: b.id })),
  ...[...new Set(catalogue.hotels.map((h) => h.city))].map((city) => ({ city })),
  { city: 'LAGOS' },
  { city: 'port harcourt' },
  { city: 'Atlantis' },
  { city: 'Port' },
  { city: 'Lago' },
  ...[...new Set(catalogue.hotels.map((h) => h.state))].map((state) => ({ state })),
  { state: 'fct' },
  { state: 'Cross' },
  { country: 'Ghana' },
  { country: 'nigeria' },
  { country: 'Togo' },
  ...['hotel', 'apartment', 'resort', 'inn'].map((property_type) => ({ property_type })),
  { available_rooms_only: 'true' },
  { available_rooms_only: 'false' },
  ...['18000', '50000', '100000.50', '450000', '450001'].map((min_price) => ({ min_price })),
  ...['17999', '18000', '40000', '120000', '450000'].map((max_price) => ({ max_price })),
  { min_price: '60000', max_price: '70000' },
  { min_price: '70000', max_price: '60000' },
  ...['1', '2', '4', '6', '7'].map((min_occupancy) => ({ min_occupancy })),
  ...['1', '2', '3', '6'].map((max_occupancy) => ({ max_occupancy })),
  { min_occupancy: '3', max_occupancy: '4' },
  ...allAmenities.map((amenities) => ({ amenities })),
  { amenities: 'wifi,pool' },
  { amenities: 'pool,spa,gym' },
  { amenities: 'wifi,helipad' },
  { search: 'lagoon' },
  { search: 'SUITES' },
  { search: 'rooftop terrace' },
  { search: 'Ibadan' },
  { search: 'zzz-no-such-hotel' },
];

/** Random but reproducible combinations of two to five filters. */
function combinations(count: number): Query[] {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const sources: Array<() => Query> = [
    () => ({ business_id: pick(catalogue.hotel_businesses).id }),
    () => ({ city: pick(activeHotels).city }),
    () => ({ state: pick(activeHotels).state }),
    () => ({ property_type: pick(['hotel', 'apartment', 'resort', 'inn']) }),
    () => ({ available_rooms_only: pick(['true', 'false']) }),
    () => ({ min_price: String(pick([20000, 35000, 60000, 100000, 200000])) }),
    () => ({ max_price: String(pick([30000, 50000, 90000, 150000, 300000])) }),
    () => ({ min_occupancy: String(pick([1, 2, 3, 4, 5])) }),
    () => ({ max_occupancy: String(pick([1, 2, 3, 4, 6])) }),
    () => ({ amenities: [pick(allAmenities), pick(allAmenities)].join(',') }),
    () => ({ amenities: pick(allAmenities) }),
    () => ({ search: pick(['hotel', 'inn', 'suites', 'lodge', 'resort', 'apartments', 'garden', 'airport']) }),
  ];
  return Array.from({ length: count }, () => {
    const query: Query = {};
    const n = 2 + Math.floor(next() * 4);
    for (let i = 0; i < n; i++) Object.assign(query, pick(sources)());
    return query;
  });
}

describe.each(transports)('hotel listing ($name)', ({ open }) => {
  let call: Call;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ call, close } = await open(createSandbox({ clock })));
  });
  afterAll(() => close());

  it('lists active hotels in Nigeria, 20 a page by default, with the spec fields', async () => {
    const { body } = await call('GET', '/v2/partner/hotels');
    expect(body.data.per_page).toBe(20);
    expect(body.data.hotels).toHaveLength(20);
    expect(body.data.next_page).toBe(2);
    expect(body.data.count).toBe(oracle({}).length);
    expect(body.data.count, 'the partner issue asked for at least 60 active hotels').toBeGreaterThanOrEqual(60);
    const hotel = body.data.hotels[0];
    for (const field of ['id', 'name', 'location', 'description', 'city', 'state', 'country', 'coordinates', 'contact', 'business',
      'check_in_time', 'check_out_time', 'amenities', 'images', 'property_type', 'status', 'created_at', 'updated_at']) {
      expect(hotel, field).toHaveProperty(field);
    }
    expect(hotel.business).toMatchObject({ type: 'hospitality' });
    expect(hotel.images[0].image_url).toMatch(/^data:image\/svg\+xml,/);
    expect(body.data.hotels.every((h: Json) => h.status === 'active')).toBe(true);
  });

  it.each(singleFilters.map((q) => [JSON.stringify(q), q] as const))('filter %s matches the oracle', async (_, query) => {
    expect(await listAll(call, '/v2/partner/hotels', query)).toEqual(oracle(query));
  });

  it('combined filters match the oracle, and many of them match something', async () => {
    let nonEmpty = 0;
    for (const query of combinations(120)) {
      const expected = oracle(query);
      expect(await listAll(call, '/v2/partner/hotels', query, 7), JSON.stringify(query)).toEqual(expected);
      if (expected.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(30);
  });

  it('pages of every size concatenate to the full match list', async () => {
    const expected = oracle({});
    for (const perPage of [1, 3, 20, 59, 100]) expect(await listAll(call, '/v2/partner/hotels', {}, perPage)).toEqual(expected);
    const beyond = await call('GET', '/v2/partner/hotels?page=99');
    expect(beyond.body.data).toMatchObject({ hotels: [], next_page: null, count: expected.length });
    const capped = await call('GET', '/v2/partner/hotels?per_page=1000');
    expect(capped.body.data.per_page).toBe(100);
  });

  it('the /api/v2 prefix answers the same as /v2', async () => {
    expect(await listAll(call, '/api/v2/partner/hotels', { city: 'Abuja' })).toEqual(oracle({ city: 'Abuja' }));
  });

  it.each([
    ['property_type', 'castle'],
    ['available_rooms_only', 'yes'],
    ['min_price', 'cheap'],
    ['max_price', '-5'],
    ['min_occupancy', '0'],
    ['max_occupancy', '2.5'],
    ['page', '0'],
    ['per_page', 'ten'],
    ['page', '1e400'],
  ])('refuses %s=%s with 422 naming the parameter', async (name, value) => {
    const { status, body } = await call('GET', `/v2/partner/hotels?${name}=${encodeURIComponent(value)}`);
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, status: 422 });
    expect(body.errors[name]).toBeDefined();
  });

  it('packages use the same filters and nest rooms with a price range', async () => {
    const query = { city: 'Lagos', amenities: 'pool' };
    expect(await listAll(call, '/v2/partner/hotels/packages', query, 4)).toEqual(oracle(query));
    const { body } = await call('GET', '/v2/partner/hotels/packages?city=Lagos&amenities=pool&per_page=100');
    for (const hotel of body.data.hotels) {
      const seed = catalogue.hotels.find((h) => h.id === hotel.id);
      expect(hotel.rooms.map((r: Json) => r.id)).toEqual(seed?.rooms.map((r) => r.id));
      const prices = hotel.rooms.map((r: Json) => r.price as number);
      expect(hotel.price_range).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
    }
  });

  it('lists the rooms of one hotel with price = room_price + convenience_fee and a string room count', async () => {
    for (const hotel of catalogue.hotels) {
      const { status, body } = await call('GET', `/v2/partner/hotels/${hotel.id}/rooms`);
      expect(status).toBe(200);
      expect(body.data.hotel).toEqual({ id: hotel.id, name: hotel.name });
      expect(body.data.count).toBe(hotel.rooms.length);
      expect(body.data.rooms).toHaveLength(hotel.rooms.length);
      for (const [i, room] of body.data.rooms.entries()) {
        const seed = hotel.rooms[i];
        expect(room.id).toBe(seed?.id);
        expect(room.hotel_id).toBe(hotel.id);
        expect(room.number_of_rooms).toBe(String(seed?.number_of_rooms));
        expect(room.price).toBe(room.price_breakdown.room_price + room.price_breakdown.convenience_fee);
        expect(room.is_available).toBe(Boolean(seed?.is_available && seed.number_of_rooms > 0));
        expect(room.images[0]).toMatchObject({ id: expect.any(Number), image_url: expect.stringMatching(/^data:image\/svg\+xml,/), alt_text: expect.any(String) });
      }
    }
    const paged = await call('GET', '/v2/partner/hotels/1/rooms?per_page=1&page=2');
    expect(paged.body.data.rooms).toHaveLength(1);
    expect(paged.body.data.rooms[0].id).toBe(catalogue.hotels[0]?.rooms[1]?.id);
  });

  it('answers 400 for a malformed hotel id and 404 for an unknown one', async () => {
    for (const id of ['abc', '-1', '1.5', '99999999999999999999', '0']) {
      expect((await call('GET', `/v2/partner/hotels/${id}/rooms`)).status).toBe(400);
    }
    expect((await call('GET', '/v2/partner/hotels/424242/rooms')).body).toMatchObject({ success: false, status: 404 });
  });
});

describe.each(transports)('hotel booking ($name)', ({ open }) => {
  let sandbox: Sandbox;
  let call: Call;
  let close: () => Promise<void>;
  beforeAll(async () => {
    sandbox = createSandbox({ clock });
    ({ call, close } = await open(sandbox));
  });
  afterAll(() => close());
  // Each case starts from the seed: no holds, purchases or bookings of another case in its counts.
  beforeEach(() => sandbox.reset());

  const customer = { name: 'Adaeze Okafor', email: 'adaeze@example.ng', phone_number: '+2348031234567', dob: '1990-04-12' };
  const bookable = activeHotels.flatMap((hotel) => hotel.rooms.filter((r) => r.is_available && r.number_of_rooms >= 3).map((room) => ({ hotel, room })));

  async function roomState(hotelId: number, roomId: number) {
    const { body } = await call('GET', `/v2/partner/hotels/${hotelId}/rooms`);
    return body.data.rooms.find((r: Json) => r.id === roomId) as Json;
  }

  it('books on /buy, /book and under /api/v2, charging price x nights x rooms and using up rooms', async () => {
    const paths = ['/v2/partner/hotels/buy', '/v2/partner/hotels/book', '/api/v2/partner/hotels/book'];
    for (const [i, path] of paths.entries()) {
      const target = bookable[i];
      if (!target) throw new Error('the seed needs bookable rooms');
      const { hotel, room } = target;
      const before = await roomState(hotel.id, room.id);
      const { status, body } = await call('POST', path, {
        room_id: room.id, number_of_guests: 2, number_of_rooms: 2, checkin_date: lagosDay(0), checkout_date: lagosDay(3),
        customer_info: customer, merchant_reference: `stay-${i}`,
      });
      expect(status, JSON.stringify(body)).toBe(201);
      expect(body).toMatchObject({ success: true, status: 201 });
      expect(body.data).toMatchObject({
        reference: expect.stringMatching(/^HTL\d{10}$/),
        invoice_id: expect.any(Number),
        booking_number: expect.stringMatching(/^BK-[A-Z0-9]{8}$/),
        name: customer.name, email: customer.email, phone_number: customer.phone_number,
        merchant_reference: `stay-${i}`,
        hotel: { id: hotel.id, name: hotel.name, location: hotel.location },
        room: { id: room.id, room_name: room.room_name },
        checkin_date: lagosDay(0), checkout_date: lagosDay(3),
        number_of_nights: 3, number_of_rooms: 2, number_of_guests: 2,
        amount: price(room) * 3 * 2,
      });
      const after = await roomState(hotel.id, room.id);
      expect(Number(after.number_of_rooms)).toBe(Number(before.number_of_rooms) - 2);
    }
    expect(sandbox.transactions().map((t) => t.merchant_reference)).toEqual(['stay-0', 'stay-1', 'stay-2']);
  });

  it('marks a room type unavailable when its last room is booked', async () => {
    const target = activeHotels.flatMap((hotel) => hotel.rooms.filter((r) => r.is_available && r.number_of_rooms === 1).map((room) => ({ hotel, room })))[0];
    if (!target) throw new Error('the seed needs a room type with one room left');
    const book = { room_id: target.room.id, number_of_guests: 1, number_of_rooms: 1, checkin_date: lagosDay(1), checkout_date: lagosDay(2), customer_info: customer };
    expect((await call('POST', '/v2/partner/hotels/buy', book)).status).toBe(201);
    expect(await roomState(target.hotel.id, target.room.id)).toMatchObject({ number_of_rooms: '0', is_available: false });
    const again = await call('POST', '/v2/partner/hotels/buy', book);
    expect(again.status).toBe(422);
    expect(again.body.errors.number_of_rooms).toBeDefined();
  });

  const target = bookable[5];
  const inactive = catalogue.hotels.find((h) => h.status === 'inactive');
  const unavailable = activeHotels.flatMap((h) => h.rooms.filter((r) => !r.is_available && r.number_of_rooms > 0))[0];
  const valid = () => ({
    room_id: target?.room.id, number_of_guests: 1, number_of_rooms: 1, checkin_date: lagosDay(2), checkout_date: lagosDay(4), customer_info: { ...customer },
  });
  const withoutCustomerField = (field: keyof typeof customer) => {
    const body = valid();
    delete (body.customer_info as Partial<typeof customer>)[field];
    return body;
  };

  it.each([
    ['check-in in the past', { ...valid(), checkin_date: lagosDay(-1) }, 'checkin_date'],
    ['check-out on the check-in day', { ...valid(), checkout_date: lagosDay(2) }, 'checkout_date'],
    ['check-out before check-in', { ...valid(), checkout_date: lagosDay(1) }, 'checkout_date'],
    ['more rooms than are left', { ...valid(), number_of_rooms: (target?.room.number_of_rooms ?? 0) + 1, number_of_guests: 1 }, 'number_of_rooms'],
    ['more guests than the rooms sleep', { ...valid(), number_of_guests: (target?.room.max_occupancy ?? 0) + 1 }, 'number_of_guests'],
    ['a room that is not available', { ...valid(), room_id: unavailable?.id }, 'room_id'],
    ['a room of an inactive hotel', { ...valid(), room_id: inactive?.rooms[0]?.id }, 'room_id'],
    ['a date that does not exist', { ...valid(), checkout_date: '2031-02-30' }, 'checkout_date'],
    ['a date in another format', { ...valid(), checkin_date: '06-03-2031' }, 'checkin_date'],
    ['no name', withoutCustomerField('name'), 'customer_info.name'],
    ['no email', withoutCustomerField('email'), 'customer_info.email'],
    ['no phone number', withoutCustomerField('phone_number'), 'customer_info.phone_number'],
    ['no date of birth', withoutCustomerField('dob'), 'customer_info.dob'],
    ['a bad phone number', { ...valid(), customer_info: { ...customer, phone_number: '555-0100' } }, 'customer_info.phone_number'],
    ['zero guests', { ...valid(), number_of_guests: 0 }, 'number_of_guests'],
    ['a room id as a string', { ...valid(), room_id: String(target?.room.id) }, 'room_id'],
  ])('refuses %s with 422 and changes nothing', async (_, body, field) => {
    const before = { rooms: await roomState(target?.hotel.id ?? 0, target?.room.id ?? 0), transactions: sandbox.transactions() };
    const { status, body: answer } = await call('POST', '/v2/partner/hotels/book', body);
    expect(status, JSON.stringify(answer)).toBe(422);
    expect(answer).toMatchObject({ success: false, status: 422 });
    expect(answer.errors[field], JSON.stringify(answer.errors)).toBeDefined();
    expect(await roomState(target?.hotel.id ?? 0, target?.room.id ?? 0)).toEqual(before.rooms);
    expect(sandbox.transactions()).toEqual(before.transactions);
  });

  it('allows as many guests as max_occupancy x rooms', async () => {
    const room = target?.room;
    const { status } = await call('POST', '/v2/partner/hotels/book', { ...valid(), number_of_rooms: 2, number_of_guests: (room?.max_occupancy ?? 0) * 2 });
    expect(status).toBe(201);
  });

  it('answers 404 for an unknown room', async () => {
    const { status, body } = await call('POST', '/v2/partner/hotels/book', { ...valid(), room_id: 987654 });
    expect(status).toBe(404);
    expect(body.success).toBe(false);
  });
});
