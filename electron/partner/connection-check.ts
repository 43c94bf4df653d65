import { performance } from 'node:perf_hooks';
import type { PartnerCallResult, PartnerFinding, PartnerTestReport } from '../../shared/partner/connection-report';
import type { PartnerClient, PartnerClientOverrides } from './client';
import { requestUrl } from '../core/http/header-values';
import { adviseOn, type FailedCall } from './connection-advice';
import type { PartnerError, PartnerResult } from './partner-error';

/** One request as it went out and came back, seen by the recording fetch. */
export interface SeenRequest {
  method: string;
  path: string;
  status: number | null;
  contentType: string | null;
  location: string | null;
}

export interface ConnectionCheckOptions {
  target: PartnerTestReport['target'];
  /** The partner client for the target; the check derives its own watched copies of it. */
  client: PartnerClient;
  clock: () => Date;
  /** Lagos today, YYYY-MM-DD: the month asked for show dates. */
  today: string;
}

/**
 * Settings -> Test partner connection: the reads a sale needs (film list, film details, show dates,
 * ticket categories, hotel list) through the same client the till sells with, each with its
 * status and time, and what to change when something is wrong. It never holds, buys or books.
 */
export async function checkPartnerConnection(options: ConnectionCheckOptions): Promise<PartnerTestReport> {
  const seen: SeenRequest[] = [];
  const watched = options.client.derive({ retry: { attempts: 1, baseDelayMs: 0 }, wrapFetch: (inner) => recording(inner, seen) });
  const calls: PartnerCallResult[] = [];
  const failures: FailedCall[] = [];

  async function step<T>(name: string, group: 'experience' | 'hotel', run: () => Promise<PartnerResult<T>>, describe: (value: T) => string): Promise<T | null> {
    const first = seen.length;
    const started = performance.now();
    const result = await run();
    const ms = Math.max(0, Math.round(performance.now() - started));
    const requests = seen.slice(first);
    const last = requests.at(-1);
    const status = last?.status ?? (result.ok ? null : (result.error.status ?? null));
    if (result.ok) {
      calls.push({ name, method: 'GET', path: last?.path ?? null, status, ms, outcome: 'ok', detail: describe(result.value) });
      return result.value;
    }
    calls.push({ name, method: 'GET', path: last?.path ?? null, status, ms, outcome: 'failed', detail: failureText(result.error, last) });
    failures.push({ name, group, error: result.error, requests });
    return null;
  }

  const skip = (name: string, why: string) => calls.push({ name, method: 'GET', path: null, status: null, ms: 0, outcome: 'skipped', detail: why });

  const list = await step('Experience list', 'experience', () => watched.listExperiences({ cinema: true, perPage: 5 }), (page) =>
    `${page.experiences.length} film${page.experiences.length === 1 ? '' : 's'} on the first page${page.count !== undefined ? ` of ${page.count}` : ''}.`,
  );
  const film = list?.experiences.find((item) => item.cinema) ?? null;
  if (!film) {
    const why = list ? 'The partner lists no films, so there is nothing to ask about.' : 'Needs a film from the experience list, which failed.';
    for (const name of ['Experience details', 'Show dates', 'Ticket categories']) skip(name, why);
  } else {
    const details = await step('Experience details', 'experience', () => watched.getExperience(film.id), (value) =>
      `"${value.title}": ${value.cinema_info?.locations.length ?? 0} cinema location(s).`,
    );
    const location = details?.cinema_info?.locations.find((candidate) => candidate.is_headquarters) ?? details?.cinema_info?.locations[0];
    await step('Show dates', 'experience', () => watched.getCinemaDates(film.id, Number(options.today.slice(5, 7)), location?.id), (dates) =>
      dates.length > 0 ? `${dates.length} show date(s) this month, from ${dates[0]}.` : 'No show dates left this month (the call itself worked).',
    );
    await step('Ticket categories', 'experience', () => watched.getTickets(film.id, location?.id), (tickets) =>
      `${tickets.length} categor${tickets.length === 1 ? 'y' : 'ies'}${tickets[0] ? `, e.g. ${tickets[0].title}` : ''}.`,
    );
  }
  await step('Hotel list', 'hotel', () => watched.listHotels({ perPage: 5 }), (page) => `${page.hotels.length} place(s) on the first page of ${page.count}.`);

  const findings: PartnerFinding[] = failures.length === 0 ? [] : await adviseOn(failures, { target: options.target, client: options.client, derive: (o: PartnerClientOverrides) => options.client.derive(o) });
  const failed = calls.filter((call) => call.outcome === 'failed').length;
  const skipped = calls.filter((call) => call.outcome === 'skipped').length;
  const total = calls.reduce((sum, call) => sum + call.ms, 0);
  const where = options.target.training ? 'The built-in training sandbox' : 'The partner';
  const summary =
    failed === 0 && skipped === 0
      ? `${where} answered all ${calls.length} calls in ${total} ms. Nothing was bought.`
      : `${failed} of ${calls.length} calls failed${skipped > 0 ? ` and ${skipped} could not be tried` : ''}. Nothing was bought.`;
  return { target: options.target, ok: failed === 0 && skipped === 0, summary, calls, findings, nothingBought: true, testedAt: options.clock().toISOString() };
}

/** A fetch that notes each request's path and answer status (never headers: the key is in them). */
function recording(inner: typeof fetch, seen: SeenRequest[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(requestUrl(input));
    const entry: SeenRequest = { method: init?.method ?? 'GET', path: url.pathname, status: null, contentType: null, location: null };
    seen.push(entry);
    const response = await inner(input, init);
    entry.status = response.status;
    entry.contentType = response.headers.get('content-type');
    entry.location = response.headers.get('location');
    return response;
  };
}

function failureText(error: PartnerError, last: SeenRequest | undefined): string {
  if (error.kind === 'not-sent') return error.message;
  if (error.kind === 'no-answer') return error.message;
  if (last?.contentType?.includes('text/html')) return `A web page came back (HTTP ${last.status}), not the partner's JSON.`;
  if (last && last.status !== null && last.status >= 300 && last.status < 400) return `Redirected (HTTP ${last.status})${last.location ? ` to ${safeOrigin(last.location)}` : ''}.`;
  return `HTTP ${error.status ?? '?'}: ${error.message}`;
}

const safeOrigin = (location: string) => {
  try {
    return new URL(location).origin;
  } catch {
    return 'another address';
  }
};
