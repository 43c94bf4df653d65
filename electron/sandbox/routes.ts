import { buyTickets } from './ticket-purchase';
import { cinemaDates, experienceDetails, listExperiences, ticketCategories } from './experience-routes';
import { createHolds, releaseHold } from './hold-routes';
import { bookRoom } from './hotel-booking';
import { hotelRoutes } from './hotel-routes';
import type { HotelSearch } from './hotel-search';
import type { RouteHandler } from './route-context';
import { lookupTransaction, lookupTransactionByPath } from './transaction-routes';

/**
 * The partner's HTTP surface. The docs put experiences under /api/v1/partner and hotels under
 * /v2/partner; the live service answers experiences under /v1/partner (its base has no /api). Both
 * groups are served with and without /api, so a till in either layout works in training.
 */

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handler: RouteHandler;
}

const EX = '(?:/api)?/v1/partner';
const HOTELS = '(?:/api)?/v2/partner/hotels';
const SEGMENT = '([^/]+)';

export function partnerRoutes(hotelSearch: HotelSearch): Route[] {
  const hotels = hotelRoutes(hotelSearch);
  const route = (method: Route['method'], path: string, handler: RouteHandler): Route => ({ method, pattern: new RegExp(`^${path}$`), handler });
  return [
    route('GET', `${EX}/experience`, listExperiences),
    route('GET', `${EX}/experience/v/${SEGMENT}`, experienceDetails),
    route('GET', `${EX}/experience/cinema/dates/${SEGMENT}/${SEGMENT}`, cinemaDates),
    route('GET', `${EX}/experience/tickets/${SEGMENT}`, ticketCategories),
    route('POST', `${EX}/experience/buy/tickets`, buyTickets),
    route('POST', `${EX}/validate`, createHolds),
    route('DELETE', `${EX}/validate/${SEGMENT}`, releaseHold),
    route('GET', `${EX}/transaction`, lookupTransaction),
    route('GET', `${EX}/transaction/${SEGMENT}`, lookupTransactionByPath),
    // The one public client of the live service calls the plural form.
    route('GET', `${EX}/transactions/${SEGMENT}`, lookupTransactionByPath),
    route('GET', HOTELS, hotels.listHotels),
    route('GET', `${HOTELS}/packages`, hotels.listPackages),
    route('GET', `${HOTELS}/${SEGMENT}/rooms`, hotels.listRooms),
    route('POST', `${HOTELS}/(?:buy|book)`, bookRoom),
  ];
}

export type RouteMatch =
  | { kind: 'found'; handler: RouteHandler; params: string[] }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'none' };

export function matchRoute(routes: Route[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const params = match.slice(1).map(decodeSegment);
    if (params.some((p) => p === null)) return { kind: 'none' };
    return { kind: 'found', handler: route.handler, params: params as string[] };
  }
  return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' };
}

function decodeSegment(segment: string | undefined): string | null {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    return null;
  }
}
