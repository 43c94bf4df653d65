import type { z } from 'zod';
import { hasDuplicateKeys } from './duplicate-keys';
import { canonicalEnvelope, envelopeStatus, errorBodySchema, successEnvelopeSchema, type ErrorBody } from '../../shared/partner/envelope';
import { httpTrim, sendableHeaderValue } from '../core/http/header-values';
import { redact } from '../core/logger';
import { fetchFailure, type PartnerError, type PartnerResult } from './partner-error';

export interface TransportOptions {
  baseUrl: string;
  apiKey: () => string | null;
  fetch: typeof fetch;
  /** Sent as User-Agent on every call when given (see PartnerClientOptions.userAgent). */
  userAgent?: string;
  timeoutMs: number;
  /** `attempts` counts the first try; reads only. */
  retry: { attempts: number; baseDelayMs: number };
  sleep: (ms: number) => Promise<void>;
}

export type QueryValue = string | number | boolean | undefined;

export interface PartnerRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Everything after the base URL, prefixes included: `/v2/partner/hotels`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/**
 * What came back from one call: the status and the body (undefined when not JSON), and how long
 * the partner asked us to wait before asking again (its Retry-After), or why nothing came back.
 */
export type Exchange = { ok: true; status: number; body: unknown; retryAfterMs?: number } | { ok: false; error: PartnerError };

/**
 * A read told to come back later (429, or a 5xx with Retry-After) is asked again after the wait the
 * partner names, when that wait is this short; a longer one is the partner's "not now", and the
 * screen says so at once rather than hold the queue.
 */
const longestWaitMs = 2_000;

export interface Transport {
  /**
   * GETs are retried on not-sent, no-answer, 429 and 5xx (unless `retry: false`), waiting as a
   * Retry-After asks; other methods never are: a purchase, booking or hold sent twice could happen twice.
   * `idempotent: true` says this call asked twice does no more than asked once (giving a hold back),
   * so it is retried as a read is.
   */
  send(request: PartnerRequest, options?: { retry?: boolean; idempotent?: boolean }): Promise<Exchange>;
  /** The envelope's `data` parsed with `data`, or the failure classified. */
  read<T extends z.ZodType>(exchange: Exchange, data: T): PartnerResult<z.output<T>>;
}

/** Sends partner calls: headers, timeout, bounded retry of reads, and the reading of answers. */
export function createTransport(options: TransportOptions): Transport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const envelopes = new WeakMap<z.ZodType, z.ZodType>();
  const envelopeOf = (data: z.ZodType) => {
    let envelope = envelopes.get(data);
    if (!envelope) envelopes.set(data, (envelope = successEnvelopeSchema(data)));
    return envelope;
  };

  const userAgentSendable = options.userAgent === undefined || sendableHeaderValue(options.userAgent);

  /** The URL and fetch options of a call; a URL or key that cannot be sent is a setting to fix. */
  function prepare(request: PartnerRequest, key: string): { url: URL; init: RequestInit } | null {
    try {
      const url = new URL(base + request.path);
      for (const [name, value] of Object.entries(request.query ?? {})) {
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
      // X-API-KEY is the header the live service reads; `Authorization: Bearer` alone was answered
      // "api key is missing" there, so the key travels in one header only.
      // A plain record, not a `Headers`: making one builds undici (core/http/read-answer.ts). What
      // a header cannot carry (a line break in a pasted key) is refused here, before anything is sent.
      if (!sendableHeaderValue(key) || !userAgentSendable) return null;
      const headers: Record<string, string> = {
        'X-API-KEY': key,
        TransactionMedium: 'POS',
        Accept: 'application/json',
        ...(options.userAgent !== undefined && { 'User-Agent': options.userAgent }),
        ...(request.body !== undefined && { 'Content-Type': 'application/json' }),
      };
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      // A redirect would turn a POST into a GET and carry X-API-KEY to another host.
      return { url, init: { method: request.method, headers, body, redirect: 'manual' } };
    } catch {
      return null;
    }
  }

  async function once(url: URL, init: RequestInit, key: string): Promise<Exchange> {
    let response: Response;
    try {
      response = await options.fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      return { ok: false, error: fetchFailure(error, options.timeoutMs) };
    }
    try {
      const text = await response.text();
      const retryAfterMs = waitAsked(response.headers.get('retry-after'), Date.now());
      const body = parseJson(maskKey(text, key, response.status));
      // An answer money rests on (a purchase, booking or hold; a transaction lookup) that names a
      // key twice is not read: which of the two is true cannot be known (duplicate-keys.ts).
      const twoMinds = body !== undefined && (init.method !== 'GET' || lookupPath.test(url.pathname)) && hasDuplicateKeys(text);
      return { ok: true, status: response.status, body: twoMinds ? undefined : body, ...(retryAfterMs !== undefined && { retryAfterMs }) };
    } catch (error) {
      // The status arrived but the body broke off: a purchase may well have gone through.
      return { ok: false, error: fetchFailure(error, options.timeoutMs) };
    }
  }

  /**
   * A partner echoing the key (an error message quoting the header, a URL, a Basic header) must
   * not carry it into our errors or logs, in any encoding. Large successful answers (the 10,000-hotel
   * list) are only checked for the key as it is, which keeps them fast; the log hook masks the rest.
   */
  const maskKey = (text: string, key: string, status: number) =>
    status >= 300 || text.length < 256 * 1024 ? redact(text, [key]) : text.includes(key) ? redact(text, [key]) : text;

  return {
    async send(request, { retry = true, idempotent = false } = {}) {
      let key: string | null;
      try {
        // Sent as fetch sent it, without the line break a pasted or filed key may end with; the
        // same trimmed key is the one masked in what the partner says back.
        const given = options.apiKey();
        key = given === null ? null : httpTrim(given);
      } catch {
        return notSent('configuration', 'The partner API key could not be read.');
      }
      if (!key) return notSent('no-api-key', 'No partner API key is configured.');
      const prepared = prepare(request, key);
      if (!prepared) return notSent('configuration', 'The partner URL or API key in the settings cannot be used.');
      const attempts = (request.method === 'GET' || idempotent) && retry ? Math.max(1, options.retry.attempts) : 1;
      for (let attempt = 1; ; attempt++) {
        const exchange = await once(prepared.url, prepared.init, key);
        if (attempt >= attempts || !isTransient(exchange)) return exchange;
        const backoff = options.retry.baseDelayMs * 2 ** (attempt - 1);
        const asked = exchange.ok ? exchange.retryAfterMs : undefined;
        if (asked !== undefined && asked > longestWaitMs) return exchange;
        await options.sleep(Math.max(backoff, asked ?? 0));
      }
    },

    read(exchange, data) {
      if (!exchange.ok) return exchange;
      const { status, body } = exchange;
      if (status >= 200 && status < 300) {
        if (body === undefined) return failure({ kind: 'malformed', status, message: 'The partner answered with something that is not JSON.' });
        if ((body as { success?: unknown } | null)?.success === false) return failure(refusalIn2xx(status, readErrorBody(body)));
        const envelope = canonicalEnvelope(body);
        if (envelope.ambiguous.length > 0) {
          return failure({ kind: 'malformed', status, message: `The partner's answer is not as expected: it spells ${envelope.ambiguous.join(', ')} more than one way, with different values.` });
        }
        // `Success: false`, `success: "false"` or 0: not the partner's refusal envelope (see
        // canonicalEnvelope), and certainly not a success: an answer that cannot be read.
        if (envelope.success === false) return failure({ kind: 'malformed', status, message: `The partner answered HTTP ${status} with success false${readErrorBody(body).message ? `: ${readErrorBody(body).message}` : ''}.` });
        const parsed = envelopeOf(data).safeParse(envelope);
        if (!parsed.success) {
          const error: PartnerError = { kind: 'malformed', status, message: `The partner's answer is not as expected: ${describeIssues(parsed.error)}` };
          const reference = (envelope.data as { reference?: unknown } | null | undefined)?.reference;
          if (typeof reference === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(reference)) error.reference = reference;
          return failure(error);
        }
        return { ok: true, value: (parsed.data as { data: z.output<typeof data> }).data };
      }
      if (status < 400) {
        return failure({ kind: 'malformed', status, message: `The partner answered with a redirect (HTTP ${status}); check the partner URL.` });
      }
      const kind = status === 429 || status >= 500 ? 'unavailable' : 'rejected';
      return failure(answerError(status, readErrorBody(body), kind));
    },
  };
}

/**
 * Whether an answer is the partner itself saying "there is no such thing" (for a transaction
 * lookup: no such transaction). Three shapes say it:
 *
 * - HTTP 404 with the partner's own error envelope (`success: false`);
 * - HTTP 200 with that envelope stating 404 (`{ success: false, status: 404 }`), a framework that
 *   puts its status in the body only;
 * - HTTP 200 with `data: null` under an envelope that says success (`success` true, "true" or 1,
 *   its own status absent or 200), spelled one way only.
 *
 * Nothing else is "none": `data` missing, `data: {}`, a status of 404 or 500 beside
 * `success: true`, a bare 404 page (a route this partner does not have), `Success: false`.
 * What "none" is worth is for the caller to decide (the reconciler believes it only after its
 * grace window, and only once the lookup has found a sale the partner surely holds).
 */
export function partnerSaysNone(exchange: Exchange): boolean {
  if (!exchange.ok) return false;
  const { status, body } = exchange;
  if (status === 404) return readErrorBody(body).envelope;
  if (status !== 200) return false;
  if ((body as { success?: unknown } | null)?.success === false) {
    const error = readErrorBody(body);
    return error.envelope && error.status === 404;
  }
  const envelope = canonicalEnvelope(body);
  if (envelope.ambiguous.length > 0 || envelope.success !== true || !('data' in envelope) || envelope.data !== null) return false;
  return envelope.status === undefined || envelopeStatus(envelope) === 200;
}

/** The partner's error envelope, or nothing usable when the body is not one (HTML, a bare string). */
export function readErrorBody(body: unknown): ErrorBody {
  return errorBodySchema.safeParse(body ?? {}).data ?? { envelope: false, status: null, message: null, fields: undefined };
}

function answerError(
  status: number,
  body: ErrorBody,
  kind: 'rejected' | 'unavailable',
): PartnerError {
  const message = body.message ?? `The partner ${kind === 'rejected' ? 'refused the request' : 'is unavailable'} (HTTP ${status}).`;
  const error: PartnerError = { kind, status, message, envelope: body.envelope };
  if (body.fields) error.fields = body.fields;
  return error;
}

/**
 * `success: false` under a 2xx: a refusal only when the envelope states a 4xx of its own; otherwise
 * the answer cannot be read as either outcome (for a purchase: unknown).
 */
function refusalIn2xx(status: number, body: ErrorBody): PartnerError {
  if (body.status !== null && body.status >= 400 && body.status < 500) return answerError(body.status, body, 'rejected');
  return { kind: 'malformed', status, message: `The partner answered HTTP ${status} with success false${body.message ? `: ${body.message}` : ''}.` };
}

/** A 5xx, a 429 or a lost connection may pass; any other 4xx or a malformed body will not change by asking again. */
function isTransient(exchange: Exchange): boolean {
  return exchange.ok ? exchange.status >= 500 || exchange.status === 429 : exchange.error.kind === 'no-answer' || exchange.error.kind === 'not-sent';
}

/** Retry-After as milliseconds from now: whole seconds, or an HTTP date; undefined when absent or unreadable. */
function waitAsked(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return /[a-z]/i.test(text) && Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** Issue paths and messages only: zod's messages do not quote the offending values. */
function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  return shown.join('; ') + (error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '');
}

/** The transaction lookup's routes (`/transaction?…`, `/transaction/{reference}`, `/transactions/{reference}`). */
const lookupPath = /\/transactions?(\/|$)/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const notSent = (cause: string, message: string): Exchange => ({ ok: false, error: { kind: 'not-sent', cause, message } });
const failure = (error: PartnerError): { ok: false; error: PartnerError } => ({ ok: false, error });
