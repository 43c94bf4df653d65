import type { Journal } from '../journal';
import type { PartnerError } from '../partner/partner-error';

/**
 * Whether an answer from the partner can be this sale's. A caching gateway may replay another
 * sale's 201; a lookup that ignores our reference may return someone else's transaction. Either
 * confirmed as ours would give the tickets or the room away, so an answer is believed only when
 * nothing in it says it belongs elsewhere: the merchant reference it echoes (when it echoes one),
 * the service (a transaction's `type`, the reference prefix: `EX` tickets, `HTL` hotels), and the
 * partner reference not already confirming another sale of this till.
 */

export interface AnswerFacts {
  reference: string;
  merchant_reference: string | null;
  /** Only a transaction lookup says it. */
  type?: 'experience' | 'hotel';
  /** A lookup's amount (kobo). */
  amount?: number | null;
  /** A lookup's record of the purchase: who it was for, and (a booking) its room and dates. */
  details?: {
    email?: string | null;
    room?: { id: number } | null;
    checkin_date?: string | null;
    checkout_date?: string | null;
  } | null;
}

export interface SaleFacts {
  id: string;
  kind: 'cinema' | 'hotel';
  /** What was quoted, and the request sent (its customer, tickets or room): what a lookup's answer is checked against. */
  quoteKobo?: number;
  request?: unknown;
}

/** Why the answer is not this sale's, in words for the journal and the log; null when nothing says so. */
export function notThisSale(answer: AnswerFacts, sale: SaleFacts, heldBy: string | null, expectedReference?: string): string | null {
  const merchant = answer.merchant_reference?.trim();
  if (merchant && merchant !== sale.id) return `it names another sale (${merchant})`;
  if (expectedReference !== undefined && answer.reference.trim() !== expectedReference) return `it is transaction ${answer.reference}, not ${expectedReference}`;
  const expected = sale.kind === 'cinema' ? 'experience' : 'hotel';
  if (answer.type !== undefined && answer.type !== expected) return `it is ${answer.type === 'hotel' ? 'a hotel booking' : 'a ticket purchase'}`;
  const otherPrefix = sale.kind === 'cinema' ? /^HTL/i : /^EX/i;
  if (otherPrefix.test(answer.reference.trim())) return `its reference ${answer.reference} belongs to the other service`;
  if (heldBy !== null && heldBy !== sale.id) return `its reference ${answer.reference} already confirms sale ${heldBy}`;
  // A lookup by our sale number whose answer does not name the sale it is (no merchant reference
  // echoed) may be any sale of the partner's: a lookup that ignores the query returns the latest.
  // It is believed only when what it does say is this sale's.
  if (!merchant && answer.type !== undefined) return differsFromSale(answer, sale);
  return null;
}

/**
 * What a lookup's answer says that is not this sale: another customer, another room or dates, or
 * (naming no customer) another amount. Ticket ids are not compared: the contract does not say
 * whether a purchased ticket's id is its category's or its own.
 */
function differsFromSale(answer: AnswerFacts, sale: SaleFacts): string | null {
  const sent = (sale.request ?? {}) as { customer_info?: { email?: unknown }; room_id?: unknown; checkin_date?: unknown; checkout_date?: unknown };
  const details = answer.details ?? null;
  const theirEmail = details?.email?.trim().toLowerCase() || null;
  const ourEmail = typeof sent.customer_info?.email === 'string' ? sent.customer_info.email.trim().toLowerCase() : null;
  if (theirEmail && ourEmail && theirEmail !== ourEmail) return `it does not name this sale and is another customer's (${theirEmail})`;
  if (details?.room && sent.room_id !== undefined && details.room.id !== Number(sent.room_id)) return 'it does not name this sale and is for another room';
  if (details?.checkin_date && typeof sent.checkin_date === 'string' && (details.checkin_date !== sent.checkin_date || (details.checkout_date && details.checkout_date !== sent.checkout_date))) return 'it does not name this sale and is for other dates';
  if (!theirEmail && typeof answer.amount === 'number' && sale.quoteKobo !== undefined && answer.amount !== sale.quoteKobo) return 'it does not name this sale, nor its customer, and its amount differs';
  return null;
}

/**
 * What a transaction's `status` says. The partner keeps only successful transactions (the notes),
 * so any status reads as done except the words that plainly say otherwise: a failed or given-back
 * one confirms nothing, and one still in progress is asked about again.
 */
export function transactionStanding(status: string | null | undefined): 'done' | 'not-done' | 'in-progress' {
  const word = (status ?? '').trim().toLowerCase();
  if (/^(fail|failed|failure|declined|rejected|cancel+ed|cancel+ation|void|voided|reversed|refunded|expired|abandoned|error)$/.test(word)) return 'not-done';
  if (/^(pending|processing|in[ _-]?progress|initiated|queued|awaiting[ _-]?payment)$/.test(word)) return 'in-progress';
  return 'done';
}

/** The sale a partner reference already confirms; when the journal cannot say, its trigger still refuses a second. */
export function referenceHolder(journal: Pick<Journal, 'sales'>, reference: string): string | null {
  const held = journal.sales.saleWithReference(reference);
  return held.ok ? held.value : null;
}

/** Why a transaction lookup got no answer, as the sale's waiting line says it. */
export const lookupProblem = (error: PartnerError): string =>
  error.status !== undefined ? `it answered HTTP ${error.status}` : error.cause === 'timeout' ? 'it did not answer in time' : 'it could not be reached';
