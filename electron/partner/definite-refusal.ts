import type { PartnerError } from './partner-error';

/**
 * Statuses with which the partner refuses a request it read and decided on: malformed or invalid
 * (400, 422), the key or the merchant not allowed (401, 402, 403, 405), the thing bought does not
 * exist (404, 410), sold out or a clash (409). 429 and every 5xx are not among them: a gateway or
 * an overloaded partner may say them after the purchase committed.
 */
const refusalStatuses: ReadonlySet<number> = new Set([400, 401, 402, 403, 404, 405, 409, 410, 422]);

/**
 * True only when the partner itself refused (its JSON envelope with `success: false` and one of
 * the statuses above), or when the request provably never left this machine. Anything else that
 * goes wrong after a purchase was sent (any 5xx, 429, a gateway's HTML page, a body cut short, a
 * reset, a timeout, an answer that cannot be read) leaves the outcome unknown: the partner may
 * have taken the sale, so only a transaction lookup can settle it.
 */
export function isDefiniteRefusal(error: PartnerError): boolean {
  if (error.kind === 'not-sent') return true;
  return error.kind === 'rejected' && error.envelope === true && error.status !== undefined && refusalStatuses.has(error.status);
}
