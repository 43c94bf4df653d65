import { posError, type PosError } from '../../shared/errors';
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

const serviceNames: Record<PartnerErrorContext['service'], string> = {
  cinema: 'The ticket service',
  hotels: 'The hotel booking service',
  partner: 'The partner service',
};

const soldOutWords = /sold out|not enough|insufficient|no longer available|not available|\bonly \d+\b.*\b(left|remaining|available)\b|\bno\b.*\b(left|remaining)\b/i;
const holdExpiredWords = /(reservation|hold)s?\b.*\bexpired|expired\b.*\b(reservation|hold)/i;

/**
 * A PartnerError as the contract's error: a code the renderer acts on and a sentence the cashier
 * understands. Built from fixed wording plus, for refusals, the partner's own message (already
 * stripped of the key by the transport); never a URL or a stack.
 */
export function toPosError(error: PartnerError, context: PartnerErrorContext): PosError {
  const service = serviceNames[context.service];
  const purchase = context.purchase === true;
  const unknownOutcome = () =>
    posError(
      'OUTCOME_UNKNOWN',
      `${service} did not confirm, so it is not known whether this went through. Do not sell it again: the till will check with the partner.`,
    );

  // After a purchase was sent, only the partner's own refusal says nothing was bought.
  if (purchase && !isDefiniteRefusal(error)) return unknownOutcome();

  switch (error.kind) {
    case 'not-sent':
      if (error.cause === 'no-api-key' || error.cause === 'configuration') {
        return posError('PARTNER_UNAVAILABLE', `${service} is not set up on this till (API key or address missing), so nothing was sent. Call a supervisor.`);
      }
      return posError('PARTNER_UNAVAILABLE', `${service} could not be reached, so nothing was sent. Check the network and try again.`);
    case 'no-answer':
      return posError('PARTNER_UNAVAILABLE', `${service} is not answering. Check the network and try again.`);
    case 'unavailable':
      return posError('PARTNER_UNAVAILABLE', `${service} is busy or down at the moment. Try again in a minute.`);
    case 'malformed':
      return posError('PARTNER_MALFORMED', `${service} sent an answer the till cannot read. Try again; if it keeps happening, call a supervisor.`);
    case 'rejected':
      return rejection(error, context, service);
  }
}

function rejection(error: PartnerError, context: PartnerErrorContext, service: string): PosError {
  const texts = [error.message, ...Object.values(error.fields ?? {}).flat()];
  if (error.status === 401 || error.status === 403) {
    return posError('PARTNER_REJECTED', `${service} refused this till's API key. Call a supervisor to check the partner settings.`);
  }
  if (texts.some((text) => holdExpiredWords.test(text))) {
    return posError('HOLD_EXPIRED', 'The seats held for this sale were let go because time ran out. Start the sale again.');
  }
  if (texts.some((text) => soldOutWords.test(text))) {
    return posError(
      'SOLD_OUT',
      context.service === 'hotels'
        ? 'Not enough rooms of this type are left. Choose fewer rooms or another room.'
        : 'Not enough tickets are left for this. Choose fewer tickets or another category.',
    );
  }
  if (error.status === 404) {
    return posError('NOT_FOUND', `${service} no longer has this. Refresh the list and choose again.`);
  }
  return posError('PARTNER_REJECTED', `${service} refused this: ${sentence(error.message)}`, error.fields);
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
