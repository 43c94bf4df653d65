import { cardPaymentReasons } from '@shared/payments/card-payment';
import { en, type MessageKey } from '@renderer/i18n/catalogues/en';
import type { Translate } from '@renderer/i18n/format';

/** Main's own reasons for a payment called off, and the words each is said in. */
const calledOff: Record<string, MessageKey> = {
  [cardPaymentReasons.cancelledByTill]: 'card.reason.cancelledByTill',
  [cardPaymentReasons.cancelledOnDevice]: 'card.reason.cancelledOnDevice',
  [cardPaymentReasons.timedOut]: 'card.reason.timedOut',
  [cardPaymentReasons.terminalBusy]: 'card.reason.terminalBusy',
};

/**
 * Why a card payment did not go through, in the reader's language: a refused card's network
 * response code names a shared sentence (electron/payments/decline-reasons.ts), a payment called
 * off (cancelled at the till or on the terminal, no card in time) is one of main's own reasons; any
 * other reason is the terminal's own words (null: the caller shows them as they are).
 */
export function declineWords(t: Translate, attempt: { state: string; declineCode: string | null; reason?: string | null }): string | null {
  if (attempt.reason && Object.hasOwn(calledOff, attempt.reason)) return t(calledOff[attempt.reason]!);
  if (attempt.state !== 'declined' || !attempt.declineCode) return null;
  const key = `said.decline.${attempt.declineCode}`;
  return Object.hasOwn(en, key) ? t(key as MessageKey) : null;
}
