/**
 * How a partner call failed, in the terms that decide what is safe next:
 * - not-sent: the request never left (no key, bad URL, DNS, connection refused): safe to retry.
 * - no-answer: it may have arrived but no answer came back (timeout, connection dropped): for a
 *   purchase the outcome is UNKNOWN.
 * - rejected: the partner answered 4xx, with its message and field errors.
 * - unavailable: the partner answered 5xx or 429.
 * - malformed: a 2xx whose body is not JSON or not the expected shape.
 */
export type PartnerErrorKind = 'not-sent' | 'no-answer' | 'rejected' | 'unavailable' | 'malformed';

export interface PartnerError {
  kind: PartnerErrorKind;
  /** HTTP status, when the partner answered. */
  status?: number;
  /** For logs and staff; never holds the API key or a URL. */
  message: string;
  /** Field -> messages, from the partner's `errors`. */
  fields?: Record<string, string[]>;
  /** A short machine word for what happened: `timeout`, `ECONNREFUSED`, `no-api-key`... */
  cause?: string;
  /**
   * True when the body was the partner's own error envelope (`success: false`): the partner itself
   * answered. A gateway's HTML page, a bare `{ message }` or an empty body leave it unset.
   */
  envelope?: boolean;
  /**
   * A 2xx the client could not read whole, but which named a `data.reference`: the partner has a
   * transaction under it (a lookup may rely on that).
   */
  reference?: string;
}

export type PartnerResult<T> = { ok: true; value: T } | { ok: false; error: PartnerError };

/** Codes of a failed name lookup: no connection was even attempted. */
const lookupFailures = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
/** Certificate checks fail during the TLS handshake, before a byte of the HTTP request is written. */
const handshakeFailures = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * Reads a rejected `fetch`. undici rejects with `TypeError('fetch failed')` whose `cause` is the
 * socket error; an abort (our timeout) rejects with the abort reason. Only failures that provably
 * happened before the request was written count as not-sent: a name lookup, anything the socket
 * reports from its `connect` call, undici's connect timeout, a certificate refused in the
 * handshake. Everything else (resets, "other side closed", timeouts, the unknown) is no-answer,
 * because claiming not-sent for a purchase that arrived would invite selling it twice.
 */
export function fetchFailure(error: unknown, timeoutMs: number): PartnerError {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { kind: 'no-answer', cause: 'timeout', message: `The partner did not answer within ${Math.round(timeoutMs / 100) / 10} s.` };
  }
  const cause = (error as { cause?: unknown } | null)?.cause;
  const code = codeOf(cause);
  if (cause !== undefined && neverSent(cause)) {
    return { kind: 'not-sent', cause: code ?? 'connect', message: `Could not connect to the partner${code ? ` (${code})` : ''}.` };
  }
  return {
    kind: 'no-answer',
    cause: code ?? 'connection-lost',
    message: `The connection to the partner ended before an answer arrived${code ? ` (${code})` : ''}.`,
  };
}

function neverSent(cause: unknown): boolean {
  if (typeof cause !== 'object' || cause === null) return false;
  // Trying each address of a host ends in an AggregateError of one failure per address.
  const nested = (cause as { errors?: unknown }).errors;
  if (Array.isArray(nested) && nested.length > 0) return nested.every(neverSent);
  const code = codeOf(cause);
  if (code && (lookupFailures.has(code) || handshakeFailures.has(code) || code === 'UND_ERR_CONNECT_TIMEOUT')) return true;
  return (cause as { syscall?: unknown }).syscall === 'connect';
}

function codeOf(value: unknown): string | undefined {
  const code = (value as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : undefined;
}
