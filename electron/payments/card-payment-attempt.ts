import type { CardPaymentAttempt } from '../../shared/payments/card-payment';
import type { CardPayment } from '../journal';

/** A journal card payment as the screens, events and slips see it. */
export const toCardPaymentAttempt = (payment: CardPayment): CardPaymentAttempt => ({
  attempt: payment.attempt,
  reference: payment.reference,
  state: payment.state,
  amountKobo: payment.amountKobo,
  terminalReference: payment.terminalReference,
  authCode: payment.authCode,
  maskedPan: payment.maskedPan,
  scheme: payment.scheme,
  declineCode: payment.declineCode,
  reason: payment.reason,
  startedAt: payment.createdAt,
  updatedAt: payment.updatedAt,
});
