import { z } from 'zod';
import {
  wireCinemaDatesSchema,
  wireExperienceListSchema,
  wireExperienceSchema,
  type ExperienceQuery,
  type WireExperience,
  type WireExperienceList,
} from '../../shared/partner/experiences';
import { wireHoldResultSchema, type WireHoldRequest, type WireHoldResult } from '../../shared/partner/holds';
import {
  wireHotelBookingResultSchema,
  type WireHotelBookingRequest,
  type WireHotelBookingResult,
} from '../../shared/partner/hotel-booking';
import {
  wireHotelListSchema,
  wireHotelPackageListSchema,
  type HotelQuery,
  type WireHotelList,
  type WireHotelPackageList,
} from '../../shared/partner/hotels';
import { wireRoomListSchema, type WireRoomList } from '../../shared/partner/rooms';
import {
  wireTicketPurchaseResultSchema,
  type WireTicketPurchaseRequest,
  type WireTicketPurchaseResult,
} from '../../shared/partner/ticket-purchase';
import { wireTicketsSchema, type WireTicketCategory } from '../../shared/partner/tickets';
import type { SkippedItem } from '../../shared/partner/primitives';
import { wireTransactionSchema, type WireTransaction } from '../../shared/partner/transaction';
import type { PartnerError, PartnerResult } from './partner-error';
import type { Logger } from '../core/logger';
import { createPageMemory } from './page-memory';
import { createHttpFetch, tillUserAgent } from '../core/http/http-fetch';
import { createTransport, partnerSaysNone, type Exchange, type PartnerRequest, type QueryValue } from './transport';

export interface PartnerClientOptions {
  /** Origin (and base path) of the partner: `https://partner.example/api` or the sandbox's origin. */
  baseUrl: string;
  /** Read on every call, so a key set while running is used at once; null = not configured. */
  apiKey: () => string | null;
  experiencePrefix?: string;
  hotelPrefix?: string;
  /** The service's own name in every path. */
  slug?: string;
  fetch?: typeof fetch;
  /** Per attempt, covering the answer's body too. */
  timeoutMs?: number;
  /** Reads only: `attempts` counts the first try; the delay doubles from `baseDelayMs`. */
  retry?: { attempts: number; baseDelayMs: number };
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Told about list items left out because they could not be read. */
  logger?: Pick<Logger, 'warn'>;
  /**
   * Who is calling, in every request (the app sends `partnerUserAgent(version)`; without it the
   * transport's own `LobbyPOS`).
   * Web firewalls in front of a partner (AWS WAF's NoUserAgent rule, Cloudflare) refuse a request
   * without one, and node:http sends none of its own, where fetch sent `node`.
   */
  userAgent?: string;
}

/** The till's User-Agent: the product and its version, so a partner's logs can tell tills apart from other callers. */
export const partnerUserAgent = (version: string): string => `${tillUserAgent}/${version}`;

/**
 * Our own sale id (sent as merchant_reference), the partner's reference, or both when a purchase
 * answer named a reference but could not be read whole.
 */
export type TransactionKey = { reference: string } | { merchantReference: string; reference?: string };

export interface LookupOptions {
  /**
   * The caller knows a transaction exists under this key (the partner named its reference): a 404
   * from one lookup form then only means that form is not the one this partner serves, and the
   * next form is tried. Without it, the partner's own 404 means "no such transaction".
   */
  knownToExist?: boolean;
}

/** Every partner operation; each resolves to a value or a classified PartnerError, never throws. */
export interface PartnerClient {
  listExperiences(query?: ExperienceQuery): Promise<PartnerResult<WireExperienceList>>;
  getExperience(experienceId: string): Promise<PartnerResult<WireExperience>>;
  /** Show dates (YYYY-MM-DD) in the next occurrence of `month`; a month outside 1-12 is a bug and throws RangeError. */
  getCinemaDates(experienceId: string, month: number, locationId?: number): Promise<PartnerResult<string[]>>;
  /** Without a location: the headquarters location's prices. */
  getTickets(experienceId: string, locationId?: number): Promise<PartnerResult<WireTicketCategory[]>>;
  holdTickets(request: WireHoldRequest): Promise<PartnerResult<WireHoldResult>>;
  releaseHold(reservationId: string): Promise<PartnerResult<void>>;
  buyTickets(request: WireTicketPurchaseRequest): Promise<PartnerResult<WireTicketPurchaseResult>>;
  listHotels(query?: HotelQuery): Promise<PartnerResult<WireHotelList>>;
  listHotelPackages(query?: HotelQuery): Promise<PartnerResult<WireHotelPackageList>>;
  listRooms(hotelId: number, page?: { page?: number; perPage?: number }): Promise<PartnerResult<WireRoomList>>;
  bookHotel(request: WireHotelBookingRequest): Promise<PartnerResult<WireHotelBookingResult>>;
  /**
   * null = the partner has no successful transaction under that key. Reference lookups go through
   * the forms partners serve (`?reference=`, `/transaction/{ref}`, `/transactions/{ref}`), starting
   * with the one that last worked.
   */
  lookupTransaction(key: TransactionKey, options?: LookupOptions): Promise<PartnerResult<WireTransaction | null>>;
  /** One authenticated read, not retried: is the partner there and does it take our key? */
  ping(): Promise<PartnerResult<{ latencyMs: number }>>;
  /**
   * A client like this one with some options changed (other prefixes, no retries), whose fetch
   * may wrap this one's: a connection test watches every request the real client makes.
   */
  derive(overrides: PartnerClientOverrides): PartnerClient;
}

export type PartnerClientOverrides = Partial<Omit<PartnerClientOptions, 'fetch'>> & { wrapFetch?: (inner: typeof fetch) => typeof fetch };

const monthNames = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** The documented capitalised name, then what the live service took instead. */
const monthForms: ReadonlyArray<(month: number) => string> = [
  (month) => monthNames[month - 1]!,
  (month) => monthNames[month - 1]!.toLowerCase(),
  (month) => String(month),
];

// Answers whose data the till does not read (a release, a ping): a success envelope, data or not.
const anyData = z.unknown().optional();

export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const slug = options.slug ?? 'partner';
  const experience = (path: string) => `${options.experiencePrefix ?? '/v1'}/${slug}${path}`;
  const hotel = (path: string) => `${options.hotelPrefix ?? '/v2'}/${slug}${path}`;
  const clock = options.clock ?? (() => new Date());
  const fetchFn = options.fetch ?? createHttpFetch();
  const transport = createTransport({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    fetch: fetchFn,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs ?? 15_000,
    retry: options.retry ?? { attempts: 3, baseDelayMs: 250 },
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
  });

  const get = async <T extends z.ZodType>(path: string, data: T, query?: Record<string, QueryValue>) =>
    transport.read(await transport.send({ method: 'GET', path, query }), data);
  const post = async <T extends z.ZodType>(path: string, body: unknown, data: T) =>
    transport.read(await transport.send({ method: 'POST', path, body }), data);

  // Which month spelling, booking path and lookup form this partner took last; learnt once, so
  // later calls do not pay for the fallbacks again.
  let monthForm = 0;
  let bookingPath: '/hotels/buy' | '/hotels/book' | undefined;
  let lookupForms: readonly ReferenceForm[] = referenceForms;
  const pages = createPageMemory();
  const logger = options.logger;

  /** Leaves out (and logs) what could not be read and what an earlier page already showed. */
  function shownOnce<T extends { id: string | number }>(
    listing: string,
    page: number | undefined,
    items: T[],
    skipped: SkippedItem[],
  ): T[] {
    if (skipped.length > 0) logger?.warn('partner list items left out: they could not be read', { listing: listing.split('?')[0], skipped });
    const fresh = pages.fresh(listing, page ?? 1, items, (item) => item.id);
    if (fresh.repeated > 0) logger?.warn('partner list items left out: already shown', { listing: listing.split('?')[0], repeated: fresh.repeated });
    return fresh.items;
  }

  const client: PartnerClient = {
    async listExperiences(query = {}) {
      const path = experience('/experience');
      const params = {
        cinema: query.cinema,
        featured: query.featured,
        search: query.search,
        business_id: query.businessId,
        category_id: query.categoryId,
        sorted_by: query.sortedBy,
        per_page: query.perPage,
      };
      const result = await get(path, wireExperienceListSchema, { ...params, page: query.page });
      if (!result.ok) return result;
      const experiences = shownOnce(listingKey(path, params), query.page, result.value.experiences, result.value.skipped);
      return { ok: true, value: { ...result.value, experiences } };
    },

    getExperience: (experienceId) => get(experience(`/experience/v/${segment(experienceId)}`), wireExperienceSchema),

    async getCinemaDates(experienceId, month, locationId) {
      if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month must be 1-12, got ${month}`);
      for (let form = monthForm; ; form++) {
        const result = await get(
          experience(`/experience/cinema/dates/${segment(experienceId)}/${monthForms[form]!(month)}`),
          wireCinemaDatesSchema,
          { cinema_location_id: locationId },
        );
        if (!result.ok && refusesMonth(result.error) && form < monthForms.length - 1) continue;
        if (result.ok) monthForm = form;
        return result;
      }
    },

    async getTickets(experienceId, locationId) {
      const result = await get(experience(`/experience/tickets/${segment(experienceId)}`), wireTicketsSchema, {
        cinema_location_id: locationId,
      });
      return result.ok ? { ok: true, value: result.value.tickets } : result;
    },

    holdTickets: (request) => post(experience('/validate'), request, wireHoldResultSchema),

    async releaseHold(reservationId) {
      // Giving seats back twice gives back no more: asked again when the partner says "not now"
      // (429, 5xx) or did not answer, else the seats stay held until the hold lapses (3 minutes).
      const result = transport.read(await transport.send({ method: 'DELETE', path: experience(`/validate/${segment(reservationId)}`) }, { idempotent: true }), anyData);
      return result.ok ? { ok: true, value: undefined } : result;
    },

    buyTickets: (request) => post(experience('/experience/buy/tickets'), request, wireTicketPurchaseResultSchema),

    async listHotels(query = {}) {
      const path = hotel('/hotels');
      const result = await get(path, wireHotelListSchema, hotelQuery(query));
      if (!result.ok) return result;
      const hotels = shownOnce(listingKey(path, hotelQuery({ ...query, page: undefined })), query.page, result.value.hotels, result.value.skipped);
      return { ok: true, value: { ...result.value, hotels } };
    },

    async listHotelPackages(query = {}) {
      const path = hotel('/hotels/packages');
      const result = await get(path, wireHotelPackageListSchema, hotelQuery(query));
      if (!result.ok) return result;
      const hotels = shownOnce(listingKey(path, hotelQuery({ ...query, page: undefined })), query.page, result.value.hotels, result.value.skipped);
      return { ok: true, value: { ...result.value, hotels } };
    },

    listRooms: (hotelId, page = {}) =>
      get(hotel(`/hotels/${segment(String(hotelId))}/rooms`), wireRoomListSchema, { page: page.page, per_page: page.perPage }),

    // The docs show both /hotels/buy and /hotels/book. Which one this partner has is asked before
    // its first booking, by a GET on each (a route that exists answers 405 or the like; no booking
    // is made by asking), never learnt from a booking's failure: a bare 404 page may come from a
    // gateway after the partner booked, and a second POST elsewhere could book the room twice. So
    // a bare 404 to a booking stays unknown (settled by lookup). Only the partner's own 404 (its
    // envelope) on /hotels/buy is sure nothing was booked there, and moves on to /hotels/book.
    async bookHotel(request) {
      const path = bookingPath ?? (await bookingRoute());
      const first = await post(hotel(path), request, wireHotelBookingResultSchema);
      if (first.ok || first.error.status !== 404 || !first.error.envelope || path !== '/hotels/buy') return first;
      const second = await post(hotel('/hotels/book'), request, wireHotelBookingResultSchema);
      if (second.ok || second.error.status !== 404) bookingPath = '/hotels/book';
      return second;
    },

    // Newer docs: `?reference=` / `?merchant_reference=`; older: `/transaction/{reference}`; the
    // live service's one public client: `/transactions/{reference}`. A 404 in the partner's
    // envelope is its answer "no such transaction", and so are that envelope and `data: null`
    // under a success inside a 200 (partnerSaysNone); a 404 without it is a route this partner
    // does not have, so the next form is tried; and for a key known to exist, any "none" moves
    // on. There is no path form for a merchant reference.
    async lookupTransaction(key, { knownToExist = false } = {}) {
      const attempts: Array<{ form: ReferenceForm | 'merchant'; request: PartnerRequest }> = [];
      if ('merchantReference' in key) {
        attempts.push({ form: 'merchant', request: { method: 'GET', path: experience('/transaction'), query: { merchant_reference: key.merchantReference } } });
      }
      if (key.reference !== undefined) {
        const reference = key.reference;
        for (const form of lookupForms) attempts.push({ form, request: referenceLookup(form, reference) });
      }
      let answeredNone = false;
      let last: Exchange | undefined;
      for (const { form, request } of attempts) {
        const exchange = await transport.send(request);
        last = exchange;
        // The partner's own "none": its 404 envelope, that envelope inside a 200, or `data: null`
        // under a success (partnerSaysNone). A bare 404 is a route this partner does not have.
        const partnersOwn = partnerSaysNone(exchange);
        if (!partnersOwn && !(exchange.ok && exchange.status === 404)) {
          const result = readTransaction(exchange);
          // This form answered with the transaction: start there next time.
          if (result.ok && result.value && form !== 'merchant') lookupForms = [form, ...referenceForms.filter((other) => other !== form)];
          return result;
        }
        if (partnersOwn) answeredNone = true;
        if (partnersOwn && !knownToExist) return { ok: true, value: null };
      }
      // Every form answered 404: "none" if the partner itself said so on one, else no route exists.
      if (answeredNone || !last) return { ok: true, value: null };
      return transport.read(last, wireTransactionSchema);
    },

    async ping() {
      const started = clock().getTime();
      const exchange = await transport.send({ method: 'GET', path: experience('/experience'), query: { per_page: 1 } }, { retry: false });
      const result = transport.read(exchange, anyData);
      return result.ok ? { ok: true, value: { latencyMs: Math.max(0, clock().getTime() - started) } } : result;
    },

    derive({ wrapFetch, ...overrides }) {
      const inner = fetchFn;
      return createPartnerClient({ ...options, ...overrides, fetch: wrapFetch ? wrapFetch(inner) : inner });
    },
  };
  return client;

  /**
   * The booking route this partner has: /hotels/buy unless a GET says it does not exist and one on
   * /hotels/book says that one does. Kept once answered; a partner that could not be asked is
   * asked again at the next booking.
   */
  async function bookingRoute(): Promise<'/hotels/buy' | '/hotels/book'> {
    const exists = async (path: string): Promise<boolean | null> => {
      const asked = await transport.send({ method: 'GET', path: hotel(path) }, { retry: false });
      // A 5xx or a 429 says nothing about the route: asked again next time.
      if (!asked.ok || asked.status >= 500 || asked.status === 429) return null;
      return asked.status !== 404;
    };
    const buy = await exists('/hotels/buy');
    if (buy !== false) {
      if (buy) bookingPath = '/hotels/buy';
      return '/hotels/buy';
    }
    const book = await exists('/hotels/book');
    // Neither route answers a GET (a gateway passing only POSTs on, say): /hotels/buy, as documented.
    if (book !== null) bookingPath = book ? '/hotels/book' : '/hotels/buy';
    return bookingPath ?? '/hotels/buy';
  }

  function readTransaction(exchange: Exchange): PartnerResult<WireTransaction | null> {
    return transport.read(exchange, wireTransactionSchema);
  }

  function referenceLookup(form: ReferenceForm, reference: string): PartnerRequest {
    if (form === 'query') return { method: 'GET', path: experience('/transaction'), query: { reference } };
    return { method: 'GET', path: experience(`/${form === 'plural' ? 'transactions' : 'transaction'}/${segment(reference)}`) };
  }
}

type ReferenceForm = 'query' | 'path' | 'plural';
const referenceForms: readonly ReferenceForm[] = ['query', 'path', 'plural'];

/** One listing: its path and filters without the page (page 1 of the same listing starts it again). */
function listingKey(path: string, query: Record<string, QueryValue>): string {
  const named = Object.entries(query)
    .filter(([name, value]) => value !== undefined && name !== 'page')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${path}?${named.map(([name, value]) => `${name}=${String(value)}`).join('&')}`;
}

function hotelQuery(query: HotelQuery): Record<string, QueryValue> {
  return {
    business_id: query.businessId,
    city: query.city,
    state: query.state,
    country: query.country,
    property_type: query.propertyType,
    available_rooms_only: query.availableRoomsOnly,
    min_price: query.minPriceNaira,
    max_price: query.maxPriceNaira,
    min_occupancy: query.minOccupancy,
    max_occupancy: query.maxOccupancy,
    amenities: query.amenities && query.amenities.length > 0 ? query.amenities.join(',') : undefined,
    search: query.search,
    page: query.page,
    per_page: query.perPage,
  };
}

/** The live service answered the documented "November" with 400 and `errors.month`. */
const refusesMonth = (error: PartnerError) =>
  error.kind === 'rejected' && (error.status === 400 || error.status === 422) && error.fields?.month !== undefined;

/** Ids go into paths; encoding keeps a stray "/" or "?" from reaching another route. */
const segment = (value: string) => encodeURIComponent(value);
