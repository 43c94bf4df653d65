import { describe, expect, it } from 'vitest';
import { catalogueSchema, generateHotels, loadSeedCatalogue, type Catalogue } from '../../electron/sandbox';
import { scheduleShowtimes } from '../../electron/sandbox/catalogue';
import {
  isoDate, isoWeekday, lagosToday, parseDayMonthYear, parseIsoDate, parseMonth,
} from '../../shared/dates';
import { placeholderImage } from '../../electron/sandbox/placeholder-images';

/** The seed meets the brief, the generator is deterministic, and the calendar is Lagos's. */

const seed = loadSeedCatalogue();
const films = seed.experiences.filter((e) => e.cinema);
const events = seed.experiences.filter((e) => !e.cinema);
const kobo = (n: number) => Math.round(n * 100);

describe('seed catalogue', () => {
  it('has at least 8 films across at least 4 cinema locations in several cities', () => {
    expect(films.length).toBeGreaterThanOrEqual(8);
    const sites = new Set(films.flatMap((f) => f.locations.map((l) => l.site_id)));
    expect(sites.size).toBeGreaterThanOrEqual(4);
    const cities = new Set(seed.cinema_sites.filter((s) => sites.has(s.id)).map((s) => s.city));
    for (const city of ['Lagos', 'Abuja', 'Port Harcourt', 'Ibadan']) expect(cities).toContain(city);
  });

  it('schedules films daily, weekly and monthly, with per-day times and unshared times represented', () => {
    const kinds = new Set(films.flatMap((f) => [f.schedule?.kind, ...f.locations.map((l) => l.schedule?.kind)]).filter(Boolean));
    expect(kinds).toEqual(new Set(['every_day', 'dated_days', 'weekdays', 'weekday_times', 'specific_dates']));
    expect(films.some((f) => !f.shared_times)).toBe(true);
    const ids = films.flatMap((f) => [f.schedule, ...f.locations.map((l) => l.schedule)].flatMap((s) => (s ? scheduleShowtimes(s) : [])).map((t) => t.id));
    expect(ids.every(Number.isInteger)).toBe(true);
  });

  it('mixes featured and not, and has regular events with start and end dates', () => {
    expect(new Set(seed.experiences.map((e) => e.featured))).toEqual(new Set([true, false]));
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const e of events) if (!e.cinema) expect(e.end_offset).toBeGreaterThanOrEqual(e.start_offset);
  });

  it('sells Regular, VIP and Student tickets in Naira, with slots 0..200 and one category sold out', () => {
    const tickets = seed.experiences.flatMap((e) => e.tickets);
    for (const title of ['Regular', 'VIP', 'Student']) expect(tickets.some((t) => t.title === title)).toBe(true);
    expect(tickets.every((t) => t.slots >= 0 && t.slots <= 200)).toBe(true);
    expect(tickets.some((t) => t.slots === 0)).toBe(true);
    const prices = tickets.flatMap((t) => [t.price, ...Object.values(t.location_prices ?? {})]);
    for (const p of prices) expect(kobo(p.ticket_price + p.convenience_fee + p.merchant_commission)).toBe(kobo(p.ticket_price) + kobo(p.convenience_fee) + kobo(p.merchant_commission));
    expect(prices.some((p) => p.ticket_price + p.convenience_fee + p.merchant_commission === 3500)).toBe(true);
  });

  it('has at least 60 hotels in at least 6 cities, all four property types, and a few inactive', () => {
    expect(seed.hotels.length).toBeGreaterThanOrEqual(60);
    expect(new Set(seed.hotels.map((h) => h.city)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(seed.hotels.map((h) => h.property_type))).toEqual(new Set(['hotel', 'apartment', 'resort', 'inn']));
    const inactive = seed.hotels.filter((h) => h.status === 'inactive').length;
    expect(inactive).toBeGreaterThan(0);
    expect(inactive).toBeLessThan(seed.hotels.length / 10);
    // The hotel list answers for Nigeria unless asked otherwise, and lists active places only.
    expect(seed.hotels.filter((h) => h.status === 'active' && h.country === 'Nigeria').length).toBeGreaterThanOrEqual(60);
  });

  it('varies amenities and rooms: 2-6 room types, ₦18,000-₦450,000, 1-6 guests, some unavailable', () => {
    const amenities = new Set(seed.hotels.flatMap((h) => h.amenities));
    for (const a of ['wifi', 'pool', 'gym', 'parking', 'restaurant', 'bar', 'spa', 'airport-shuttle']) expect(amenities).toContain(a);
    const rooms = seed.hotels.flatMap((h) => h.rooms);
    expect(seed.hotels.every((h) => h.rooms.length >= 2 && h.rooms.length <= 6)).toBe(true);
    expect(new Set(seed.hotels.map((h) => h.rooms.length)).size).toBeGreaterThanOrEqual(4);
    const prices = rooms.map((r) => r.room_price + r.convenience_fee);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(18_000);
    expect(Math.max(...prices)).toBeLessThanOrEqual(450_000);
    expect(new Set(rooms.map((r) => r.max_occupancy))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(rooms.some((r) => !r.is_available)).toBe(true);
    expect(rooms.some((r) => r.number_of_rooms === 0)).toBe(true);
  });
});

describe('catalogue validation', () => {
  const copy = (): Catalogue => structuredClone(seed);
  const problems = (catalogue: unknown) => {
    const result = catalogueSchema.safeParse(catalogue);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts the seed', () => expect(problems(seed)).toEqual([]));

  it('refuses duplicate showtime ids, two headquarters, unknown sites and sub-kobo prices', () => {
    const duplicate = copy();
    const [a, b] = duplicate.experiences.filter((e) => e.cinema && e.schedule?.kind === 'every_day');
    if (a?.cinema && b?.cinema && a.schedule?.kind === 'every_day' && b.schedule?.kind === 'every_day' && a.schedule.times[0] && b.schedule.times[0]) {
      b.schedule.times[0].id = a.schedule.times[0].id;
    }
    expect(problems(duplicate).some((m) => m.includes('duplicate showtime id'))).toBe(true);

    const twoHq = copy();
    const film = twoHq.experiences.find((e) => e.cinema && e.locations.length > 1);
    if (film?.cinema) film.locations.forEach((l) => (l.is_headquarters = true));
    expect(problems(twoHq).some((m) => m.includes('exactly one headquarters'))).toBe(true);

    const unknownSite = copy();
    const other = unknownSite.experiences.find((e) => e.cinema);
    if (other?.cinema && other.locations[0]) other.locations[0].site_id = 424242;
    expect(problems(unknownSite).some((m) => m.includes('unknown cinema site'))).toBe(true);

    const subKobo = copy();
    const ticket = subKobo.experiences[0]?.tickets[0];
    if (ticket) ticket.price.convenience_fee = 10.005;
    expect(problems(subKobo).length).toBeGreaterThan(0);
  });
});

describe('generated hotels', () => {
  it('are deterministic, valid and spread like the seed', () => {
    const a = generateHotels(2_000);
    expect(generateHotels(2_000)).toEqual(a);
    expect(generateHotels(2_000, 99)).not.toEqual(a);
    expect(problemsWith(a)).toEqual([]);
    expect(a.hotels).toHaveLength(2_000);
    expect(new Set(a.hotels.map((h) => h.city)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(a.hotels.map((h) => h.property_type)).size).toBe(4);
    const prices = a.hotels.flatMap((h) => h.rooms.map((r) => r.room_price + r.convenience_fee));
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(18_000);
    expect(Math.max(...prices)).toBeLessThanOrEqual(450_000);
  });

  function problemsWith(hotels: ReturnType<typeof generateHotels>) {
    const result = catalogueSchema.safeParse({ ...seed, ...hotels });
    return result.success ? [] : result.error.issues.slice(0, 3).map((i) => i.message);
  }
});

describe('Lagos calendar', () => {
  const lagos = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' });

  it('agrees with the tz database about the date in Lagos, including just before and after midnight', () => {
    for (const instant of ['2031-03-04T22:59:59Z', '2031-03-04T23:00:00Z', '2030-12-31T23:30:00Z', '2028-02-28T23:00:00Z', '2031-06-15T12:00:00Z']) {
      const date = new Date(instant);
      expect(isoDate(lagosToday(date)), instant).toBe(lagos.format(date));
    }
  });

  it('numbers weekdays from Monday = 1', () => {
    for (let offset = 0; offset < 14; offset++) {
      const day = lagosToday(new Date('2031-03-05T08:00:00Z')) + offset;
      expect(isoWeekday(day)).toBe(((new Date(`${isoDate(day)}T00:00:00Z`).getUTCDay() + 6) % 7) + 1);
    }
  });

  it('reads months as lowercase names or numbers only', () => {
    expect(parseMonth('november')).toBe(11);
    expect(parseMonth('11')).toBe(11);
    expect(parseMonth('01')).toBe(1);
    for (const bad of ['November', 'nov', '13', '0', '', '1.0', '-1']) expect(parseMonth(bad), bad).toBeNull();
  });

  it('reads only real dates in the two formats', () => {
    expect(parseIsoDate('2032-02-29')).not.toBeNull();
    expect(parseIsoDate('2031-02-29')).toBeNull();
    expect(parseIsoDate('2031-3-5')).toBeNull();
    expect(isoDate(parseDayMonthYear('05-03-2031') ?? 0)).toBe('2031-03-05');
    expect(parseDayMonthYear('2031-03-05')).toBeNull();
    expect(parseDayMonthYear('31-04-2031')).toBeNull();
  });
});

describe('placeholder images', () => {
  it('are small, deterministic SVG data URLs that escape their caption', () => {
    const url = placeholderImage('Tolu & <Friends>', 'poster');
    expect(url).toBe(placeholderImage('Tolu & <Friends>', 'poster'));
    expect(url).not.toBe(placeholderImage('Tolu & <Friends>', 'photo'));
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(/^<svg [^>]+>.*<\/svg>$/);
    expect(svg).not.toContain('<Friends>');
    expect(url.length).toBeLessThan(2_000);
  });
});
