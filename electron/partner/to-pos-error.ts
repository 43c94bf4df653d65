import { type PosError, saidError } from '../../shared/errors';
import { isDefiniteRefusal } from './definite-refusal';
import type { PartnerError } from './partner-error';

export interface PartnerErrorContext {
  /** Which service the person at the screen was using, for the wording. */
  service: 'cinema' | 'hotels' | 'partner';
  /**
   * True for a ticket purchase or a hotel booking: unless the partner itself refused it (or it never
   * left), the sale may have happened, so the error says OUTCOME_UNKNOWN and the till must check,
   * not sell again.
   */
  purchase?: boolean;
}

const soldOutWords = /sold out|not enough|insufficient|no longer available|not available|\bonly \d+\b.*\b(left|remaining|available)\b|\bno\b.*\b(left|remaining)\b/i;
const holdExpiredWords = /(reservation|hold)s?\b.*\bexpired|expired\b.*\b(reservation|hold)/i;

/**
 * A PartnerError as the contract's error: a code the renderer acts on and a sentence the cashier
 * understands. Built from fixed wording plus, for refusals, the partner's own message (already
 * stripped of the key by the transport); never a URL or a stack.
 */
export function toPosError(error: PartnerError, context: PartnerErrorContext): PosError {
  const service = { service: context.service };
  const purchase = context.purchase === true;
  const unknownOutcome = () => saidError('OUTCOME_UNKNOWN', 'said.partnerOutcomeUnknown', service);

  // After a purchase was sent, only the partner's own refusal says nothing was bought.
  if (purchase && !isDefiniteRefusal(error)) return unknownOutcome();

  switch (error.kind) {
    case 'not-sent':
      if (error.cause === 'no-api-key' || error.cause === 'configuration') {
        return saidError('PARTNER_UNAVAILABLE', 'said.partnerNotSetUp', service);
      }
      return saidError('PARTNER_UNAVAILABLE', 'said.partnerUnreachable', service);
    case 'no-answer':
      return saidError('PARTNER_UNAVAILABLE', 'said.partnerNotAnswering', service);
    case 'unavailable':
      return saidError('PARTNER_UNAVAILABLE', 'said.partnerBusy', service);
    case 'malformed':
      return saidError('PARTNER_MALFORMED', 'said.partnerUnreadable', service);
    case 'rejected':
      return rejection(error, context);
  }
}

function rejection(error: PartnerError, context: PartnerErrorContext): PosError {
  const service = { service: context.service };
  const texts = [error.message, ...Object.values(error.fields ?? {}).flat()];
  if (error.status === 401 || error.status === 403) {
    return saidError('PARTNER_REJECTED', 'said.partnerKeyRefused', service);
  }
  if (texts.some((text) => holdExpiredWords.test(text))) {
    return saidError('HOLD_EXPIRED', 'said.holdExpired');
  }
  if (texts.some((text) => soldOutWords.test(text))) {
    return saidError('SOLD_OUT', context.service === 'hotels' ? 'said.roomsShort' : 'said.ticketsShort');
  }
  if (error.status === 404) {
    return saidError('NOT_FOUND', 'said.partnerGone', service);
  }
  return saidError('PARTNER_REJECTED', 'said.partnerRefused', { ...service, reason: sentence(error.message) }, error.fields);
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
