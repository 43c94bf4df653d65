import { sentenceInEnglish } from '../../shared/error-sentences';
import { once } from '../../shared/once';

/**
 * A refused card in plain words for the customer, from what the card network said: the ISO 8583
 * response code when the terminal gives one, otherwise the gateway's text.
 */
const declineCodes = ['05', '51', '55', '91', '54', '61', '75', 'CR'] as const;
type DeclineCode = (typeof declineCodes)[number];
/**
 * Each code's words are a shared sentence (`said.decline.<code>`): the screen says it in the
 * customer's language. Worked out at the first decline: the first sentence a process formats starts
 * ICU (about 15 ms of CPU), which a till need not spend as it starts.
 */
const byCode = once(() => Object.fromEntries(declineCodes.map((code) => [code, sentenceInEnglish(`said.decline.${code}`)])) as Record<DeclineCode, string>);

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
  const words = byCode();
  const known = (code && Object.hasOwn(words, code) ? code : byWords.find(([pattern]) => pattern.test(gatewayResponse ?? ''))?.[1]) as DeclineCode | undefined;
  if (known) return { code: known, reason: words[known] };
  return { code: code && /^[A-Z0-9]{1,4}$/.test(code) ? code : '05', reason: words['05'] };
}
