import type { TestCard } from '../../../shared/payments/card-payment';

/** How a payment at the simulated terminal ends: a test card's behaviour, or what the amount scripts. */
export type ScriptedOutcome = TestCard;

/**
 * The amount's last two kobo digits script the outcome, so any test (or a trainer) can reach every
 * path with a price alone: …01 declined, …51 insufficient funds, …55 wrong PIN, …91 issuer
 * unavailable, …99 approved but the answer is lost; anything else is approved.
 */
export function outcomeForAmount(amountKobo: number): ScriptedOutcome {
  switch (amountKobo % 100) {
    case 1:
      return 'declined';
    case 51:
      return 'insufficient-funds';
    case 55:
      return 'wrong-pin';
    case 91:
      return 'issuer-unavailable';
    case 99:
      return 'approved-answer-lost';
    default:
      return 'approved';
  }
}

/** What the card network answers for a refused card: ISO 8583 response code and the gateway's words. */
export const declines: Record<'declined' | 'insufficient-funds' | 'wrong-pin' | 'issuer-unavailable' | 'card-removed', { code: string; gateway: string }> = {
  declined: { code: '05', gateway: 'Declined: Do Not Honour' },
  'insufficient-funds': { code: '51', gateway: 'Insufficient Funds' },
  'wrong-pin': { code: '55', gateway: 'Incorrect PIN' },
  'issuer-unavailable': { code: '91', gateway: 'Issuer or Switch Inoperative' },
  'card-removed': { code: 'CR', gateway: 'Card removed before the transaction completed' },
};

/** Cards the simulated terminal can be shown (test numbers; only BIN and last four ever leave it). */
export const simulatedCards = {
  visa: { bin: '408408', last4: '4081', brand: 'visa', bank: 'TEST BANK', expMonth: '12', expYear: '2030' },
  mastercard: { bin: '539983', last4: '8381', brand: 'mastercard', bank: 'TEST BANK', expMonth: '10', expYear: '2031' },
  verve: { bin: '506066', last4: '6666', brand: 'verve', bank: 'TEST BANK', expMonth: '09', expYear: '2029' },
} as const;
export type SimulatedCardName = keyof typeof simulatedCards;
