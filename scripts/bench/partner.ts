import { performance } from 'node:perf_hooks';
import { createPartnerClient } from '../../electron/partner/client';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer } from '../../electron/sandbox';
import type { HotelQuery } from '../../shared/partner/hotels';
import { median, percentile, round } from './stats';
import type { BenchRow } from './types';

const HOTELS = 10_000;
const WARM_UP = 30;
const SAMPLES = 400;

/** Filters a front desk would send, rotated so no single query is the whole story. */
const queries: HotelQuery[] = [
  { city: 'Lagos' },
  { state: 'FCT', propertyType: 'hotel', availableRoomsOnly: true },
  { minPriceNaira: 30_000, maxPriceNaira: 120_000, amenities: ['wifi', 'pool'] },
  { search: 'suites', perPage: 50 },
  { minOccupancy: 3, maxOccupancy: 4, page: 3 },
  { city: 'Port Harcourt', amenities: ['parking'], perPage: 100 },
];

/**
 * Hotel listing with filters on a 10,000-hotel sandbox: per request through the partner client
 * over real HTTP (headers, timeout, JSON parse, zod), and the sandbox's handler alone on the same
 * queries, so the ratio shows what the client and the socket add on top of the partner's own work.
 */
export async function benchPartner(): Promise<BenchRow[]> {
  const sandbox = createSandbox({ hotels: HOTELS });
  const server = await startSandboxServer({ sandbox, port: 0 });
  try {
    const client = createPartnerClient({
      baseUrl: server.url,
      apiKey: () => SANDBOX_DEFAULT_API_KEY,
      timeoutMs: 30_000,
      retry: { attempts: 1, baseDelayMs: 0 },
    });
    const headers = { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, TransactionMedium: 'POS', Accept: 'application/json' };
    const { viaClient, handlerOnly } = await sampleInTurn({
      viaClient: async (query) => {
        const result = await client.listHotels(query);
        if (!result.ok) throw new Error(`bench: hotel list failed: ${result.error.message}`);
      },
      handlerOnly: async (query) => {
        const response = await sandbox.handle(new Request(`${server.url}/v2/partner/hotels?${queryString(query)}`, { headers }));
        if (response.status !== 200) throw new Error(`bench: sandbox answered ${response.status}`);
        await response.text();
      },
    });

    const ratio = median(viaClient) / median(handlerOnly);
    // The medians above mix six answers of 50 to 270 KB, so each falls near the edge between two
    // filter sets and the ratio of the two can exceed every set's own. Each filter set's ratio shows
    // the spread, and the median of the per-request ratios (each call beside the handler's on the
    // same query) a figure that does not depend on where the mixture's medians fall.
    const paired = median(viaClient.map((time, i) => time / handlerOnly[i]!));
    const perQuery = queries.map((_, q) => median(viaClient.filter((_, i) => (i + WARM_UP) % queries.length === q)) / median(handlerOnly.filter((_, i) => (i + WARM_UP) % queries.length === q)));
    return [
      {
        name: `hotels list, filtered, client over HTTP (${HOTELS.toLocaleString('en-US')} hotels)`,
        median: round(median(viaClient)),
        p99: round(percentile(viaClient, 0.99)),
        unit: 'ms',
        note: `${SAMPLES} requests over ${queries.length} filter sets, in turn with the handler; ${ratio.toFixed(2)}x the handler alone (median; issue 10 asks <= 1.5x); per filter set ${Math.min(...perQuery).toFixed(2)}-${Math.max(...perQuery).toFixed(2)}x; per request (paired) ${paired.toFixed(2)}x`,
      },
      {
        name: `hotels list, filtered, sandbox.handle alone (${HOTELS.toLocaleString('en-US')} hotels)`,
        median: round(median(handlerOnly)),
        p99: round(percentile(handlerOnly, 0.99)),
        unit: 'ms',
        note: 'baseline: same queries, no socket, no client',
      },
    ];
  } finally {
    await server.close();
  }
}

/**
 * Milliseconds per call, after a warm-up, calls one at a time: each query through both ways in
 * turn, so drift and GC hit both alike. The order turns round with each pass over the queries, so
 * every query goes first as often one way as the other: the second of two calls on the same query
 * finds the sandbox's hotels warm in the CPU's caches, and an order tied to the query (as when it
 * turned with each call, over an even number of queries) favoured one way on half of them.
 */
async function sampleInTurn<K extends string>(ways: Record<K, (query: HotelQuery) => Promise<void>>): Promise<Record<K, number[]>> {
  const names = Object.keys(ways) as K[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const query = queries[i % queries.length]!;
    for (const name of Math.floor(i / queries.length) % 2 === 0 ? names : [...names].reverse()) {
      const started = performance.now();
      await ways[name](query);
      if (i >= WARM_UP) times[name].push(performance.now() - started);
    }
  }
  return times;
}

/** The same query string the client sends, for the handler-only run. */
function queryString(query: HotelQuery): string {
  const params = new URLSearchParams();
  const add = (name: string, value: string | number | boolean | undefined) => {
    if (value !== undefined) params.set(name, String(value));
  };
  add('city', query.city);
  add('state', query.state);
  add('property_type', query.propertyType);
  add('available_rooms_only', query.availableRoomsOnly);
  add('min_price', query.minPriceNaira);
  add('max_price', query.maxPriceNaira);
  add('min_occupancy', query.minOccupancy);
  add('max_occupancy', query.maxOccupancy);
  add('amenities', query.amenities?.join(','));
  add('search', query.search);
  add('page', query.page);
  add('per_page', query.perPage);
  return params.toString();
}


