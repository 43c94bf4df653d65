/**
 * Card schemes in shift reports. Brand names are the same in every language and on paper; a card
 * sale taken on a stand-alone machine has no scheme, only the approval code the cashier typed, and
 * the journal reports it under `approvalCodeScheme` (electron/journal/shift-report.ts).
 */
export const approvalCodeScheme = 'approval code';

const brands: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', verve: 'Verve', amex: 'American Express' };

/** "visa" -> "Visa"; undefined for a scheme the till has no brand name for (own keys only: a terminal's "constructor" is not a brand). */
export const cardBrandName = (scheme: string): string | undefined => {
  const key = scheme.toLowerCase();
  return Object.hasOwn(brands, key) ? brands[key] : undefined;
};
