/**
 * A refused card in plain words for the customer, from what the card network said: the ISO 8583
 * response code when the terminal gives one, otherwise the gateway's text.
 */
const byCode: Record<string, string> = {
  '05': 'The bank declined this card. Try another card.',
  '51': 'There is not enough money on this card. Try another card.',
  '55': 'The PIN was wrong. Try again and enter the PIN carefully.',
  '91': 'The bank behind this card could not be reached. Try again in a moment, or use another card.',
  '54': 'This card has expired. Try another card.',
  '61': 'This payment is over the card’s limit. Try another card.',
  '75': 'Too many wrong PINs: this card is locked for now. Try another card.',
  CR: 'The card was taken out too early. Try again and leave it in until the terminal says so.',
};

const byWords: Array<[RegExp, string]> = [
  [/insufficient/i, '51'],
  [/pin/i, '55'],
  [/issuer|switch|inoperative|unavailable/i, '91'],
  [/expired/i, '54'],
  [/limit/i, '61'],
  [/removed/i, 'CR'],
];

export function declineReason(code: string | null | undefined, gatewayResponse: string | null | undefined): { code: string; reason: string } {
  // Own keys only: a code the terminal sends ("constructor", "toString") must not find Object's functions.
  const known = code && Object.hasOwn(byCode, code) ? code : byWords.find(([pattern]) => pattern.test(gatewayResponse ?? ''))?.[1];
  if (known) return { code: known, reason: byCode[known]! };
  return { code: code && /^[A-Z0-9]{1,4}$/.test(code) ? code : '05', reason: byCode['05']! };
}
