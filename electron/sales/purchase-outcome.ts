import type { ErrorCode } from '../../shared/errors';
import type { WireHotelBookingResult } from '../../shared/partner/hotel-booking';
import type { WireTicketPurchaseResult } from '../../shared/partner/ticket-purchase';
import type { WireTransaction } from '../../shared/partner/transaction';
import type { TransitionDetail } from '../journal';
import type { PartnerError, PartnerResult } from '../partner/partner-error';
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
 * - a refusal, or a request that provably never left: rejected (the partner keeps no failed
 *   purchases and charges nothing for them);
 * - no answer, an unreadable answer, a gateway error or a server error other than "unavailable":
 *   unknown, to be settled by transaction lookup, never by buying again.
 */
export function purchaseOutcome(result: PartnerResult<PurchaseAnswer>, service: 'cinema' | 'hotels'): Outcome {
  if (result.ok) return confirmedBy(result.value);
  const error = result.error;
  const shown = toPosError(error, { service, purchase: true });
  const note = { code: shown.code, status: error.status ?? null, cause: error.cause ?? null, fields: error.fields ?? null, partnerMessage: error.message };

  if (shown.code === 'OUTCOME_UNKNOWN') return { to: 'unknown', detail: { failureReason: clip(shown.message), note } };
  if (error.kind === 'unavailable' && error.status !== undefined && error.status >= 500 && error.status !== 503) {
    // The partner's own failure half-way through a purchase may come after it committed.
    return {
      to: 'unknown',
      detail: {
        failureReason: clip(`${serviceName(service)} failed while taking the sale (HTTP ${error.status}), so it is not known whether it went through. Do not sell it again: the till is checking with the partner.`),
        note,
      },
    };
  }
  return { to: 'rejected', detail: { failureReason: clip(rejectionReason(error, shown.code, shown.message, service)), note } };
}

function rejectionReason(error: PartnerError, code: ErrorCode, message: string, service: 'cinema' | 'hotels'): string {
  if (code === 'HOLD_EXPIRED') {
    return 'The seats held for this sale ran out before the purchase reached the partner, so nothing was sold or charged. Hold the seats again and start a new sale.';
  }
  if (error.kind === 'not-sent') return `${message} ${nothingCharged}`;
  if (error.kind === 'unavailable') return `${serviceName(service)} was too busy to take the sale, so nothing was charged. Try again in a minute.`;
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

const clip = (text: string) => (text.length <= reasonLimit ? text : `${text.slice(0, reasonLimit - 1)}…`);
