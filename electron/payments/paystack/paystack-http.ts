import { z } from 'zod';
import { httpTrim, sendableHeaderValue } from '../../core/http/header-values';
import { createHttpFetch } from '../../core/http/http-fetch';
import { redact } from '../../core/logger';

/**
 * How a Paystack call ended, in the terms that decide what is safe next:
 * - answered: Paystack's envelope with `status: true`;
 * - not-sent: the request never left (no key, bad URL, name lookup, connection refused);
 * - no-answer: it may have arrived, no answer came back (timeout, dropped connection);
 * - refused: a 4xx (or `status: false`) with Paystack's message;
 * - unavailable: a 5xx or 429;
 * - malformed: an answer that is not Paystack's JSON envelope.
 * Messages never hold the secret key or a URL.
 */
export type PaystackExchange =
  | { ok: true; data: unknown; meta: unknown; message: string }
  | { ok: false; kind: 'not-sent' | 'no-answer' | 'refused' | 'unavailable' | 'malformed'; status?: number; message: string };

export interface PaystackHttp {
  call(method: 'GET' | 'POST', path: string, options?: { query?: Record<string, string | number | boolean | undefined>; body?: unknown }): Promise<PaystackExchange>;
}

const envelopeSchema = z.object({ status: z.boolean(), message: z.string().default(''), data: z.unknown().optional(), meta: z.unknown().optional() });

/** Name lookups, refused connections and certificate failures happen before a byte is written. */
const beforeSending = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'ERR_TLS_CERT_ALTNAME_INVALID']);

export function createPaystackHttp(options: { baseUrl: string; secretKey: () => string | null; fetch?: typeof fetch; timeoutMs: number }): PaystackHttp {
  const base = options.baseUrl.replace(/\/+$/, '');
  // The till's own transport (core/http/http-fetch.ts): a payment request never rides a kept-alive
  // connection that Paystack or a proxy on the way may have dropped without notice.
  const doFetch = options.fetch ?? createHttpFetch();

  return {
    async call(method, path, { query, body } = {}) {
      let key: string | null;
      try {
        const given = options.secretKey();
        // As fetch sent it: without the line break a pasted or filed key may end with.
        key = given === null ? null : httpTrim(given);
      } catch {
        return { ok: false, kind: 'not-sent', message: 'The Paystack secret key could not be read.' };
      }
      if (!key) return { ok: false, kind: 'not-sent', message: 'No Paystack secret key is set up on this till.' };
      let url: URL;
      try {
        url = new URL(base + path);
        for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
      } catch {
        return { ok: false, kind: 'not-sent', message: 'The Paystack URL in the settings cannot be used.' };
      }
      if (!sendableHeaderValue(key)) return { ok: false, kind: 'not-sent', message: 'The Paystack secret key on this till is not one a request can carry; set it up again.' };
      // A plain record, not a `Headers`: making one builds undici (core/http/read-answer.ts).
      const headers: Record<string, string> = { Authorization: `Bearer ${key}`, Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }) };
      let response: Response;
      try {
        // No redirects: one would carry the key elsewhere or turn a POST into a GET.
        response = await doFetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        return fetchFailure(error, options.timeoutMs);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        return fetchFailure(error, options.timeoutMs);
      }
      const clean = redact(text, [key]);
      let json: unknown;
      try {
        json = JSON.parse(clean);
      } catch {
        json = undefined;
      }
      const envelope = envelopeSchema.safeParse(json);
      const said = envelope.success && envelope.data.message ? `: ${envelope.data.message.slice(0, 200)}` : '';
      if (response.status === 429 || response.status >= 500) return { ok: false, kind: 'unavailable', status: response.status, message: `Paystack is unavailable (HTTP ${response.status})${said}.` };
      if (response.status >= 400) return { ok: false, kind: 'refused', status: response.status, message: envelope.success && envelope.data.message ? envelope.data.message.slice(0, 200) : `Paystack refused the request (HTTP ${response.status}).` };
      if (response.status >= 300) return { ok: false, kind: 'malformed', status: response.status, message: `Paystack answered with a redirect (HTTP ${response.status}); check the Paystack URL.` };
      if (!envelope.success) return { ok: false, kind: 'malformed', status: response.status, message: 'Paystack answered with something that is not its JSON envelope.' };
      if (!envelope.data.status) return { ok: false, kind: 'refused', status: response.status, message: envelope.data.message.slice(0, 200) || 'Paystack refused the request.' };
      return { ok: true, data: envelope.data.data, meta: envelope.data.meta, message: envelope.data.message };
    },
  };
}

function fetchFailure(error: unknown, timeoutMs: number): PaystackExchange {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return { ok: false, kind: 'no-answer', message: `Paystack did not answer within ${Math.round(timeoutMs / 100) / 10} s.` };
  const cause = (error as { cause?: { code?: unknown; syscall?: unknown; errors?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const nested = Array.isArray(cause?.errors) ? (cause.errors as { code?: unknown; syscall?: unknown }[]) : [];
  const neverSent = (code !== undefined && beforeSending.has(code)) || cause?.syscall === 'connect' || (nested.length > 0 && nested.every((e) => e.syscall === 'connect' || beforeSending.has(String(e.code))));
  if (neverSent) return { ok: false, kind: 'not-sent', message: `Could not connect to Paystack${code ? ` (${code})` : ''}.` };
  return { ok: false, kind: 'no-answer', message: `The connection to Paystack ended before an answer arrived${code && /^[A-Z0-9_]{2,40}$/.test(code) ? ` (${code})` : ''}.` };
}
