import type { ErrorCode } from '../../shared/errors';
import type { WireHotelBookingResult } from '../../shared/partner/hotel-booking';
import type { WireTicketPurchaseResult } from '../../shared/partner/ticket-purchase';
import type { WireTransaction } from '../../shared/partner/transaction';
import type { TransitionDetail } from '../journal';
import type { PartnerError, PartnerResult } from '../partner/partner-error';
import { isDefiniteRefusal } from '../partner/definite-refusal';
import { toPosError } from '../partner/to-pos-error';

export interface Outcome {
  to: 'confirmed' | 'rejected' | 'unknown';
  detail: TransitionDetail;
}

/** The journal keeps at most this much of a reason. */
const reasonLimit = 500;
const nothingCharged = 'Nothing was charged.';

type PurchaseAnswer = WireTicketPurchaseResult | WireHotelBookingResult;

/**
 * What the partner's answer to a purchase means for the sale:
 * - an answer: confirmed, with the partner's references and amount (a differing amount is flagged);
 * - the partner's own refusal (its envelope with success false and a validation, sold-out or
 *   not-allowed status), or a request that provably never left: rejected (the partner keeps no
 *   failed purchases and charges nothing for them);
 * - anything else after the request may have left (any 5xx, 429, a gateway's page, a body cut
 *   short, a reset, a timeout, an unreadable answer): unknown, settled by transaction lookup, never
 *   by buying again.
 */
export function purchaseOutcome(result: PartnerResult<PurchaseAnswer>, service: 'cinema' | 'hotels'): Outcome {
  if (result.ok) return confirmedBy(result.value);
  const error = result.error;
  const shown = toPosError(error, { service, purchase: true });
  const note = {
    code: shown.code,
    status: error.status ?? null,
    cause: error.cause ?? null,
    envelope: error.envelope ?? false,
    fields: error.fields ?? null,
    partnerMessage: error.message,
    // Named by an answer the till could not read whole: the reconciler looks it up as known to exist.
    ...(error.reference ? { partnerReference: error.reference } : {}),
  };
  if (!isDefiniteRefusal(error)) return { to: 'unknown', detail: { failureReason: clip(unknownReason(error, service)), note } };
  return { to: 'rejected', detail: { failureReason: clip(rejectionReason(error, shown.code, shown.message)), note } };
}

/** What went wrong, in words, and that the till is finding out (the sale view adds what it waits for). */
function unknownReason(error: PartnerError, service: 'cinema' | 'hotels'): string {
  const name = serviceName(service);
  const what =
    error.kind === 'no-answer'
      ? error.cause === 'timeout'
        ? `${name} did not answer in time`
        : `The connection to ${lower(name)} broke before its answer arrived`
      : error.kind === 'malformed'
        ? `${name} sent an answer the till cannot read`
        : error.status !== undefined
          ? `${name} answered with an error (HTTP ${error.status}) after the sale was sent`
          : `${name} failed after the sale was sent`;
  return `${what}, so it is not known whether the sale went through. Do not sell it again: the till is checking with the partner.`;
}

function rejectionReason(error: PartnerError, code: ErrorCode, message: string): string {
  if (code === 'HOLD_EXPIRED') {
    return 'The seats held for this sale ran out before the purchase reached the partner, so nothing was sold or charged. Hold the seats again and start a new sale.';
  }
  if (error.kind === 'not-sent') return `${message} ${nothingCharged}`;
  const fields = Object.entries(error.fields ?? {}).map(([field, texts]) => `${field}: ${texts.join(', ')}`);
  // The fields say what to fix ("checkin_date: must not be in the past").
  return `${message}${fields.length > 0 ? ` (${fields.join('; ')})` : ''} ${nothingCharged}`;
}

function confirmedBy(answer: PurchaseAnswer): Outcome {
  return {
    to: 'confirmed',
    detail: {
      partnerReference: answer.reference,
      ...(answer.invoice_id !== null ? { invoiceId: String(answer.invoice_id) } : {}),
      ...('booking_number' in answer && answer.booking_number ? { bookingNumber: answer.booking_number } : {}),
      ...(answer.amount !== null ? { partnerAmountKobo: answer.amount } : {}),
      // The partner's whole answer (money in kobo): receipts read extra facts (hotel address) from it.
      note: { answer },
    },
  };
}

/**
 * An answer that says it is another sale's (answer-owner.ts): nothing is known about this one, so
 * it is settled by lookup like any answer the till cannot read, and nothing is confirmed on it.
 */
export function notOursOutcome(service: 'cinema' | 'hotels', why: string, answer: unknown): Outcome {
  return {
    to: 'unknown',
    detail: {
      failureReason: clip(`${serviceName(service)} answered, but its answer does not belong to this sale (${why}), so it is not known whether the sale went through. Do not sell it again: the till is checking with the partner.`),
      note: { notThisSale: why, answer },
    },
  };
}

/**
 * The partner refused a purchase that left the till, and the lookup that checks the refusal could
 * not be made: whether a first copy of the purchase went through (a gateway that sent it twice) is
 * not known, so the refusal waits for a lookup too.
 */
export function refusalUncheckedOutcome(refused: Outcome, service: 'cinema' | 'hotels', lookupProblem: string): Outcome {
  return {
    to: 'unknown',
    detail: {
      failureReason: clip(
        `${serviceName(service)} refused the sale, but the till could not check that nothing went through (${lookupProblem}). Do not sell it again: the till is checking with the partner.`,
      ),
      note: { ...(refused.detail.note as object), refusal: refused.detail.failureReason ?? null, refusalUnchecked: lookupProblem },
    },
  };
}

/** A transaction found by lookup settles the sale as if the purchase had answered. */
export function confirmedByLookup(transaction: WireTransaction): Outcome {
  const bookingNumber = transaction.type === 'hotel' ? transaction.details?.booking_number : null;
  return {
    to: 'confirmed',
    detail: {
      partnerReference: transaction.reference,
      ...(transaction.invoice_id !== null ? { invoiceId: String(transaction.invoice_id) } : {}),
      ...(bookingNumber ? { bookingNumber } : {}),
      partnerAmountKobo: transaction.amount,
      note: { settledBy: 'transaction lookup', answer: transaction.details },
    },
  };
}

const serviceName = (service: 'cinema' | 'hotels') => (service === 'cinema' ? 'The ticket service' : 'The hotel booking service');

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const clip = (text: string) => (text.length <= reasonLimit ? text : `${text.slice(0, reasonLimit - 1)}…`);
