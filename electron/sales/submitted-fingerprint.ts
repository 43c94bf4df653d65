import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { submitSaleRequestSchema } from '../../shared/sales/checkout';

type SubmitSaleRequest = z.output<typeof submitSaleRequestSchema>;

/**
 * What a `sale:submit` asked for, as a short digest kept with the sale (`details.submitted`). The
 * sale id makes a submit idempotent: a double tap or a retry gets the same sale back. The same id
 * with other contents (three tickets instead of one, another tender) is not a retry: answering it
 * with the first sale would let the screen show one sale while the cashier believes another was
 * made, so it is refused. The screen's language is left out: it does not change what is sold.
 */
export function submittedFingerprint(request: SubmitSaleRequest): string {
  const { language: _language, ...asked } = request;
  return createHash('sha256').update(stableJson(asked)).digest('base64url').slice(0, 22);
}

/** JSON with object keys in order, so the same request always gives the same digest. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
