import { en, type MessageKey } from '@renderer/i18n/catalogues/en';
import type { Translate } from '@renderer/i18n/format';

/**
 * A refused card's reason in the customer's language: the network's response code names a shared
 * sentence (electron/payments/decline-reasons.ts); any other reason is the terminal's own words.
 */
export function declineWords(t: Translate, attempt: { state: string; declineCode: string | null }): string | null {
  if (attempt.state !== 'declined' || !attempt.declineCode) return null;
  const key = `said.decline.${attempt.declineCode}`;
  return Object.hasOwn(en, key) ? t(key as MessageKey) : null;
}
