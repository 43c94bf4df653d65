import { describe, expect, it } from 'vitest';
import {
  canonicalEnvelope,
  errorBodySchema,
  successEnvelopeSchema,
  wireHotelListSchema,
  wireTicketsSchema,
  wireExperienceSchema,
  wireHotelBookingResultSchema,
  wireHotelSchema,
  wireMoneySchema,
  wireRoomListSchema,
  wireRoomSchema,
  wireTicketCategorySchema,
  wireTicketPurchaseResultSchema,
  wireTransactionSchema,
} from '../../shared/partner';
import {
  wireCountSchema,
  wireFlagSchema,
  wireLooseIdSchema,
  wireNextPageSchema,
  wireOpaqueIdSchema,
  wirePageSizeSchema,
} from '../../shared/partner/primitives';

const filmId = '6f1c2a8e-3b4d-4e5f-9a0b-1c2d3e4f5a6b';
const categoryId = '0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f';

const room = {
  id: 501,
  hotel_id: 12,
  number_of_rooms: '4',
  room_name: 'Deluxe',
  type: 'double',
  description: 'Queen bed, city view',
  max_occupancy: 2,
  price: 45000,
  price_breakdown: { room_price: 43000, convenience_fee: 2000 },
  is_available: true,
  images: [{ id: 1, image_url: 'https://img.example/1.jpg', alt_text: 'Deluxe room' }],
  created_at: '2025-01-01T10:00:00Z',
  updated_at: '2025-01-01T10:00:00Z',
};

const hotel = {
  id: 12,
  name: 'Eko Bay Suites',
  location: '12 Ozumba Mbadiwe Ave, Victoria Island, Lagos',
  description: 'Waterfront rooms',
  city: 'Lagos',
  state: 'Lagos',
  country: 'Nigeria',
  coordinates: { latitude: 6.43, longitude: 3.42 },
  contact: { website: 'https://ekobay.example' },
  business: { id: 'b-1', name: 'Eko Hospitality', photo: 'https://img.example/logo.png', type: 'hospitality', slug: 'eko' },
  check_in_time: '14:00',
  check_out_time: '12:00',
  amenities: ['wifi', 'pool'],
  images: [],
  property_type: 'hotel',
  status: 'active',
  created_at: '2025-01-01T10:00:00Z',
  updated_at: '2025-01-01T10:00:00Z',
};

const ticket = {
  id: categoryId,
  title: 'VIP',
  price: 5250.5,
  slots_remaining: 40,
  price_breakdown: { ticket_price: 5000, convenience_fee: 200.5, merchant_commission: 50 },
};

describe('money on the wire', () => {
  it('turns Naira with up to two decimals into integer kobo', () => {
    expect(wireMoneySchema.parse(3500)).toBe(350_000);
    expect(wireMoneySchema.parse(3500.5)).toBe(350_050);
    expect(wireMoneySchema.parse(0.1 + 0.2)).toBe(30);
    expect(wireMoneySchema.parse(0)).toBe(0);
  });

  it('refuses sub-kobo amounts, negatives, non-finite numbers and other types', () => {
    for (const bad of [3500.555, -1, Number.POSITIVE_INFINITY, Number.NaN, null, true, [3500], { naira: 3500 }]) {
      expect(wireMoneySchema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('reads an amount written as a plain decimal string, exactly, to integer kobo', () => {
    expect(['5200', '5200.5', '5200.50', '0', '0.05', '0.1', '10000000000', '10000000000.00', '1234567.89'].map((text) => wireMoneySchema.parse(text))).toEqual([
      520_000, 520_050, 520_050, 0, 5, 10, 1_000_000_000_000, 1_000_000_000_000, 123_456_789,
    ]);
  });

  it('refuses any other string: sign, exponent, separators, spaces, leading zeros, sub-kobo, over NGN 10 billion', () => {
    const bad = [
      '', ' ', '-5', '+5', '-0', '1e3', '5.2e3', '0x10', 'Infinity', 'NaN', '3,500', '3 500', ' 3500', '3500 ', '3500\n', '₦3500', 'NGN 3500',
      '3500.555', '3500.', '.5', '05200', '00', '10000000000.01', '10000000001', '99999999999.99', '100000000000', '٣٥٠٠', '３５００',
    ];
    for (const text of bad) expect(wireMoneySchema.safeParse(text).success, JSON.stringify(text)).toBe(false);
  });

  it('refuses amounts no sale has, long before kobo stop being exact integers', () => {
    expect(wireMoneySchema.parse(10_000_000_000)).toBe(1_000_000_000_000);
    for (const bad of [10_000_000_000.01, 1e15, 90071992547409.93, 1e20]) expect(wireMoneySchema.safeParse(bad).success, String(bad)).toBe(false);
  });
});

describe('loose values the live service sends', () => {
  it('read ids, counts, flags and pages to one type each, and refuse the rest', () => {
    expect([wireLooseIdSchema.parse(7), wireLooseIdSchema.parse('B-7')]).toEqual(['7', 'B-7']);
    expect(wireLooseIdSchema.safeParse(true).success).toBe(false);
    expect([wireOpaqueIdSchema.parse(' R-1 '), wireOpaqueIdSchema.parse(42)]).toEqual(['R-1', '42']);
    expect([wireOpaqueIdSchema.safeParse('  ').success, wireOpaqueIdSchema.safeParse(Number.NaN).success]).toEqual([false, false]);
    expect([wireCountSchema.parse(5), wireCountSchema.parse(' 12 '), wireCountSchema.parse('0')]).toEqual([5, 12, 0]);
    expect(['1.5', '-2', 'five', '', 1.5, -1].map((v) => wireCountSchema.safeParse(v).success)).toEqual([false, false, false, false, false, false]);
    expect([wireFlagSchema.parse(1), wireFlagSchema.parse(0), wireFlagSchema.parse(true), wireFlagSchema.parse(false)]).toEqual([true, false, true, false]);
    expect([2, 'true', null].map((v) => wireFlagSchema.safeParse(v).success)).toEqual([false, false, false]);
    expect([wireNextPageSchema.parse(2), wireNextPageSchema.parse(null), wireNextPageSchema.parse(undefined)]).toEqual([2, null, null]);
  });

  it('read next_page as a number string, 0 as no next page, and a link by its page', () => {
    const read = (value: unknown) => wireNextPageSchema.parse(value);
    expect([read('2'), read(' 3 '), read(0), read('0'), read(null)]).toEqual([2, 3, null, null, null]);
    expect([read('https://partner.example/v2/partner/hotels?page=2'), read('http://x/hotels?city=Lagos&page=7&per_page=20'), read('/v2/partner/hotels?page=4'), read('?page=5')]).toEqual([2, 7, 4, 5]);
    const bad = [-1, 1.5, '-1', '1.5', 'two', '', 'https://partner.example/v2/partner/hotels', 'https://x/hotels?page=abc', 'https://x/hotels?page=-2', 'https://x/hotels?cursor=2', 'javascript:page=2', true, {}];
    for (const value of bad) expect(wireNextPageSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });

  it('read count and per_page as numbers or numeric strings', () => {
    expect([wireCountSchema.parse('12'), wirePageSizeSchema.parse('20'), wirePageSizeSchema.parse(20)]).toEqual([12, 20, 20]);
    for (const value of ['0', 0, '-20', '2.5', 'twenty', '', null]) expect(wirePageSizeSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});

describe('rooms', () => {
  it('reads number_of_rooms given as a string or a number', () => {
    expect(wireRoomSchema.parse(room).number_of_rooms).toBe(4);
    expect(wireRoomSchema.parse({ ...room, number_of_rooms: 7 }).number_of_rooms).toBe(7);
    expect(wireRoomSchema.parse({ ...room, number_of_rooms: ' 0 ' }).number_of_rooms).toBe(0);
    expect(wireRoomSchema.safeParse({ ...room, number_of_rooms: 'plenty' }).success).toBe(false);
    expect(wireRoomSchema.safeParse({ ...room, number_of_rooms: -1 }).success).toBe(false);
  });

  it('accepts nulls where the live service sends them, 0/1 flags, and passes over unknown fields', () => {
    const parsed = wireRoomSchema.parse({ ...room, type: null, description: null, price_breakdown: null, images: null, is_available: 0, floor: 3 });
    expect(parsed).toMatchObject({ type: null, description: null, price_breakdown: null, images: [], is_available: false });
    expect('floor' in parsed).toBe(false);
    expect(wireRoomSchema.parse({ ...room, price_breakdown: { convenience_fee: 2000 } }).price_breakdown).toEqual({ convenience_fee: 200_000 });
  });

  it('is strict on ids and money', () => {
    expect(wireRoomSchema.safeParse({ ...room, id: '501' }).success).toBe(false);
    expect(wireRoomSchema.safeParse({ ...room, id: 5.5 }).success).toBe(false);
    expect(wireRoomSchema.safeParse({ ...room, price: 45000.001 }).success).toBe(false);
    expect(wireRoomSchema.safeParse({ ...room, price: -5 }).success).toBe(false);
  });

  it('reads the rooms answer with its hotel summary and page', () => {
    const parsed = wireRoomListSchema.parse({ hotel: { id: 12, name: 'Eko Bay Suites' }, rooms: [room], next_page: null, count: 1, per_page: 20 });
    expect(parsed.rooms[0]!.price).toBe(4_500_000);
    expect(parsed.next_page).toBeNull();
  });
});

describe('hotels', () => {
  it('tolerates null coordinates, a missing contact, null description and extra fields', () => {
    const parsed = wireHotelSchema.parse({
      ...hotel,
      coordinates: { latitude: null, longitude: null },
      contact: undefined,
      description: null,
      star_rating: 4,
    });
    expect(parsed.coordinates).toEqual({ latitude: null, longitude: null });
    expect(parsed.contact).toEqual({ website: null, phone: null, email: null });
    expect(parsed.description).toBeNull();
    expect(wireHotelSchema.parse({ ...hotel, coordinates: null, contact: { website: null } }).contact.website).toBeNull();
  });

  it('refuses a hotel whose id is not an integer', () => {
    expect(wireHotelSchema.safeParse({ ...hotel, id: 'abc' }).success).toBe(false);
  });

  it('reads a hotel id written as a string in its plain form only', () => {
    expect(wireHotelSchema.parse({ ...hotel, id: '12' }).id).toBe(12);
    expect(wireHotelSchema.parse({ ...hotel, id: '0' }).id).toBe(0);
    for (const id of ['012', '12.0', '+12', '-12', '1e2', ' 12', '', '12abc', '9007199254740993', 12.5, -1]) {
      expect(wireHotelSchema.safeParse({ ...hotel, id }).success, JSON.stringify(id)).toBe(false);
    }
  });

  it('reads coordinates written as decimal strings, an empty one as no position, and refuses the rest', () => {
    const at = (coordinates: unknown) => wireHotelSchema.parse({ ...hotel, coordinates }).coordinates;
    expect(at({ latitude: '6.4351', longitude: '3.4210' })).toEqual({ latitude: 6.4351, longitude: 3.421 });
    expect(at({ latitude: '-6.5', longitude: ' 120 ' })).toEqual({ latitude: -6.5, longitude: 120 });
    expect(at({ latitude: '', longitude: null })).toEqual({ latitude: null, longitude: null });
    for (const latitude of ['north', '6,43', '1e2', '181', 'NaN', true]) {
      expect(wireHotelSchema.safeParse({ ...hotel, coordinates: { latitude, longitude: 3.4 } }).success, JSON.stringify(latitude)).toBe(false);
    }
  });

  it('reads a page whose next_page, count and per_page are strings or a link, and keeps every hotel', () => {
    const page = wireHotelListSchema.parse({
      hotels: [{ ...hotel, id: '12', coordinates: { latitude: '6.43', longitude: '3.42' } }, { ...hotel, id: 13 }],
      next_page: 'https://partner.example/v2/partner/hotels?page=2&per_page=20',
      count: '41',
      per_page: '20',
    });
    expect(page).toMatchObject({ next_page: 2, count: 41, per_page: 20, skipped: [] });
    expect(page.hotels.map((h) => h.id)).toEqual([12, 13]);
    expect(wireHotelListSchema.parse({ hotels: [hotel], next_page: 0, count: 1, per_page: 20 }).next_page).toBeNull();
    expect(wireHotelListSchema.safeParse({ hotels: [hotel], next_page: 'later', count: 1, per_page: 20 }).success).toBe(false);
  });
});

describe('experiences and tickets', () => {
  const film = {
    id: filmId,
    title: 'Gangs of Lagos 2',
    description: null,
    image: [{ image: 'https://img.example/poster.jpg' }],
    business: { id: 7, name: 'Filmhouse' },
    category: { id: 'c1', name: 'Cinema' },
    featured: true,
    cinema: true,
    cinema_info: { showing: 'daily', shared_times: true, per_day_times: false, times: [{ id: 1, start: '1:00PM', end: '3:00PM' }], locations: [] },
  };

  it('reads a cinema experience and insists on its cinema_info', () => {
    const parsed = wireExperienceSchema.parse(film);
    expect(parsed.business).toEqual({ id: '7', name: 'Filmhouse' });
    expect(parsed.cinema_info?.times).toHaveLength(1);
    expect(wireExperienceSchema.safeParse({ ...film, cinema_info: undefined }).success).toBe(false);
    expect(wireExperienceSchema.safeParse({ ...film, cinema: false, cinema_info: undefined }).success).toBe(true);
  });

  it('wants UUIDs for experiences and ticket categories', () => {
    expect(wireExperienceSchema.safeParse({ ...film, id: '42' }).success).toBe(false);
    expect(wireTicketCategorySchema.safeParse({ ...ticket, id: 'vip' }).success).toBe(false);
  });

  it('reads ticket prices written as plain decimal strings, and still checks them against the breakdown', () => {
    const quoted = { ...ticket, price: '5250.50', price_breakdown: { ticket_price: '5000', convenience_fee: '200.5', merchant_commission: 50 } };
    expect(wireTicketsSchema.parse({ tickets: [quoted] }).tickets[0]).toMatchObject({ price: 525_050, price_breakdown: { ticket_price: 500_000, convenience_fee: 20_050 } });
    expect(wireTicketCategorySchema.parse({ ...ticket, price: '5250.5' }).price).toBe(525_050);
    expect(wireTicketCategorySchema.safeParse({ ...ticket, price: '5300' }).success, 'not the sum of its breakdown').toBe(false);
    for (const price of ['5250.505', '5,250.50', '-5250.50', '5.2505e3', '']) expect(wireTicketCategorySchema.safeParse({ ...ticket, price }).success, price).toBe(false);
  });

  it('reads a ticket category in kobo and refuses one whose price is not its breakdown', () => {
    expect(wireTicketCategorySchema.parse(ticket)).toMatchObject({ price: 525_050, price_breakdown: { convenience_fee: 20_050 } });
    expect(wireTicketCategorySchema.safeParse({ ...ticket, price: 5300 }).success).toBe(false);
  });
});

describe('purchase, booking and lookup answers', () => {
  it('need only the reference, so a sale that went through is never read as malformed for a missing extra', () => {
    expect(wireTicketPurchaseResultSchema.parse({ reference: 'EX0000000001' })).toMatchObject({ reference: 'EX0000000001', amount: null, tickets: [] });
    expect(wireHotelBookingResultSchema.parse({ reference: 'HTL0000000001', number_of_rooms: '2' })).toMatchObject({ number_of_rooms: 2, booking_number: null });
    expect(wireTicketPurchaseResultSchema.safeParse({ invoice_id: 3 }).success).toBe(false);
    // A blank reference is none: such an answer cannot be read, and the sale is looked up.
    expect(wireTicketPurchaseResultSchema.safeParse({ reference: '   ' }).success).toBe(false);
    expect(wireHotelBookingResultSchema.parse({ reference: ' HTL0000000001 ' }).reference).toBe('HTL0000000001');
  });

  it('keep no invisible or control characters in a reference (zero-width, bell, right-to-left override, non-breaking space)', () => {
    expect(wireTicketPurchaseResultSchema.parse({ reference: 'EX7000116\u200b\u00a0' }).reference).toBe('EX7000116');
    expect(wireTransactionSchema.parse({ reference: '\u202eEX7000117\u0007<b>', type: 'experience', status: 'successful', amount: 1 }).reference).toBe('EX7000117<b>');
    expect(wireHotelBookingResultSchema.parse({ reference: 'HTL\u200d0000000001' }).reference).toBe('HTL0000000001');
    // Nothing left once they are gone: no reference, so the answer is unreadable and the sale looked up.
    expect(wireTicketPurchaseResultSchema.safeParse({ reference: '\u200b\u00a0\u0007' }).success).toBe(false);
  });

  it('still check money when it is there', () => {
    expect(wireTicketPurchaseResultSchema.safeParse({ reference: 'EX1', amount: 10.005 }).success).toBe(false);
    expect(wireTicketPurchaseResultSchema.safeParse({ reference: 'EX1', amount: '10.005' }).success).toBe(false);
    expect(wireTicketPurchaseResultSchema.parse({ reference: 'EX1', amount: '5200.00' }).amount).toBe(520_000);
    expect(wireTransactionSchema.safeParse({ reference: 'EX1', type: 'experience', status: 'successful', amount: '-5200' }).success).toBe(false);
    expect(wireHotelBookingResultSchema.parse({ reference: 'HTL1', amount: 90000 }).amount).toBe(9_000_000);
  });

  it('reads a transaction with its typed details', () => {
    const parsed = wireTransactionSchema.parse({
      reference: 'HTL0000000001',
      merchant_reference: 'sale-1',
      type: 'hotel',
      status: 'successful',
      amount: 90000,
      invoice_id: 5,
      created_at: '2025-11-17T10:00:00Z',
      details: { reference: 'HTL0000000001', booking_number: 'BK-ABCDEFGH' },
    });
    expect(parsed.type === 'hotel' && parsed.details?.booking_number).toBe('BK-ABCDEFGH');
  });
});

describe('envelopes', () => {
  it('wants success true around the data', () => {
    const schema = successEnvelopeSchema(wireRoomSchema);
    expect(schema.safeParse({ success: true, status: 200, message: 'ok', data: room }).success).toBe(true);
    expect(schema.safeParse({ success: false, status: 200, data: room }).success).toBe(false);
  });

  it("finds the envelope's keys whatever their casing, and reads success and status written as strings", () => {
    const schema = successEnvelopeSchema(wireRoomSchema);
    const bodies = [
      { success: 'true', status: '200', message: 'ok', data: room },
      { success: 1, status: 200, data: room },
      { success: '1', data: room },
      { Success: true, Status: 200, Message: 'OK', Data: room },
      { SUCCESS: 'True', DATA: room },
    ];
    for (const body of bodies) expect(schema.safeParse(canonicalEnvelope(body)).success, JSON.stringify(Object.keys(body))).toBe(true);
    expect(canonicalEnvelope({ Success: true, Status: '201', Message: 'Created', Data: null })).toEqual({ success: true, status: '201', message: 'Created', data: null, ambiguous: [] });
  });

  it('never reads a false, unclear or doubly spelled success as success', () => {
    const schema = successEnvelopeSchema(wireRoomSchema);
    const bodies = [
      { success: 'false', data: room },
      { success: 0, data: room },
      { success: '0', data: room },
      { Success: false, Data: room },
      { success: 'yes', data: room },
      { success: null, data: room },
      { success: 2, data: room },
      { data: room },
      { success: true, Success: false, data: room },
      { success: true, Success: 'true', data: room },
      { success: true, status: 'OK', data: room },
      { success: true, status: '2000', data: room },
    ];
    for (const body of bodies) expect(schema.safeParse(canonicalEnvelope(body)).success, JSON.stringify(body).slice(0, 60)).toBe(false);
    expect(canonicalEnvelope({ success: 'false' }).success).toBe(false);
    expect(canonicalEnvelope({ success: true, data: null, Data: { reference: 'EX1' } })).toEqual({ success: true, ambiguous: ['data'] });
  });

  it("counts as the partner's refusal envelope only `success: false` as a boolean under that key", () => {
    for (const body of [{ Success: false, status: 409 }, { success: 'false', status: 409 }, { success: 0, status: 409 }]) {
      expect(errorBodySchema.parse(body).envelope, JSON.stringify(body)).toBe(false);
    }
    expect(errorBodySchema.parse({ success: false, status: '404', message: 'No transaction' })).toMatchObject({ envelope: true, status: 404 });
    expect(errorBodySchema.parse({ success: false, status: 'Not Found' }).status).toBeNull();
  });

  it('reads error bodies with message or error, field lists or single strings, and junk', () => {
    expect(errorBodySchema.parse({ success: false, status: 422, message: 'Invalid', errors: { month: ['bad month'] } })).toEqual({
      envelope: true,
      status: 422,
      message: 'Invalid',
      fields: { month: ['bad month'] },
    });
    expect(errorBodySchema.parse({ success: false, error: 'Room not found', errors: { room_id: 'unknown room' } })).toEqual({
      envelope: true,
      status: null,
      message: 'Room not found',
      fields: { room_id: ['unknown room'] },
    });
    expect(errorBodySchema.parse({ message: 'Not Found', errors: [1, 2] })).toEqual({ envelope: false, status: null, message: 'Not Found', fields: undefined });
  });
});
