import { setTimeout as sleep } from 'node:timers/promises';
import { answerAdmin } from './admin-routes';
import { createKeyCheck } from './auth';
import { catalogueSchema, type Catalogue } from './catalogue';
import { indexCatalogue } from './catalogue-index';
import { failure, PartnerRejection, reject } from './envelope';
import { createFaultController, SandboxConnectionDropped, type Faults } from './faults';
import { generateHotels } from './generate-hotels';
import { createHotelSearch } from './hotel-search';
import { createInProcessFetch } from '../core/http/in-process-fetch';
import { lagosToday } from '../../shared/dates';
import type { SandboxTransaction } from './records';
import type { SandboxParts } from './route-context';
import { matchRoute, partnerRoutes } from './routes';
import { loadSeedCatalogue } from './seed-catalogue';
import { createStateStore } from './state-store';

export const SANDBOX_DEFAULT_API_KEY = 'lobby-sandbox-key';

export interface SandboxOptions {
  apiKey?: string;
  /** Default: the seed catalogue from resources/sandbox. */
  catalogue?: Catalogue;
  /** Replace the catalogue's hotels with this many generated ones (benchmarks). */
  hotels?: number;
  /** Persist purchases, remaining stock and holds here (JSON, written atomically). */
  dataFile?: string;
  clock?: () => Date;
}

export interface Sandbox {
  /** The whole HTTP surface as a fetch-style handler. */
  handle(request: Request): Promise<Response>;
  /** An in-process fetch that calls `handle` (no port). */
  fetch: typeof fetch;
  faults: { set(f: Partial<Faults>): void; reset(): void; get(): Faults };
  /** Every successful purchase/booking, in order. */
  transactions(): SandboxTransaction[];
  /** Back to the seed state, faults cleared. */
  reset(): void;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const clock = options.clock ?? (() => new Date());
  const chosen = options.catalogue ?? loadSeedCatalogue();
  const catalogue = catalogueSchema.parse(options.hotels === undefined ? chosen : { ...chosen, ...generateHotels(options.hotels) });
  const index = indexCatalogue(catalogue);
  const parts: SandboxParts = {
    index,
    store: createStateStore({ dataFile: options.dataFile, clock }),
    faults: createFaultController(),
  };
  const routes = partnerRoutes(createHotelSearch(index));
  const checkRequest = createKeyCheck(options.apiKey ?? SANDBOX_DEFAULT_API_KEY);

  const transactions = () => structuredClone(parts.store.state.transactions);
  const reset = () => {
    parts.store.reset();
    parts.faults.reset();
  };

  /** Latency, then hang, then failure: the order a slow, then dead, upstream shows them. */
  const misbehave = async (signal: AbortSignal) => {
    const { latencyMs } = parts.faults.get();
    if (latencyMs > 0) await sleep(latencyMs, undefined, { signal });
    if (parts.faults.takeHang()) await untilAborted(signal);
    if (parts.faults.takeFail()) throw reject(503, 'The partner service is temporarily unavailable (sandbox fault).');
    if (parts.faults.takeThrottle()) throw new PartnerRejection(429, 'Too many requests: try again in a second (sandbox fault).', undefined, { 'Retry-After': '1' });
  };

  const answer = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    if (path.startsWith('/__sandbox/')) return answerAdmin({ faults: parts.faults, reset, transactions }, request, path);
    await misbehave(request.signal);
    const match = matchRoute(routes, request.method.toUpperCase(), path);
    if (match.kind === 'none') throw reject(404, 'Route not found.');
    if (match.kind === 'wrong-method') {
      throw new PartnerRejection(405, 'Method not allowed.', undefined, { allow: match.allowed.join(', ') });
    }
    const refused = checkRequest(request.headers);
    if (refused) throw refused;
    const now = clock();
    return match.handler(parts, { request, url, params: match.params, now, today: lagosToday(now) });
  };

  const handle = async (request: Request): Promise<Response> => {
    try {
      return await answer(request);
    } catch (error) {
      if (error instanceof PartnerRejection) return error.toResponse();
      if (error instanceof SandboxConnectionDropped) throw error;
      // Aborted while waiting (latency or hang): there is nobody to answer.
      if (request.signal.aborted) throw request.signal.reason;
      return failure(500, 'The sandbox could not complete this request.');
    }
  };

  return {
    handle,
    fetch: createInProcessFetch(handle, { origin: 'http://sandbox.invalid', isDropped: (error) => error instanceof SandboxConnectionDropped }),
    faults: { set: (f) => parts.faults.set(f), reset: () => parts.faults.reset(), get: () => parts.faults.get() },
    transactions,
    reset,
  };
}

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, rejectWith) => {
    if (signal.aborted) rejectWith(signal.reason);
    else signal.addEventListener('abort', () => rejectWith(signal.reason), { once: true });
  });
}
