import { reject, success } from './envelope';
import type { SandboxTransaction } from './records';
import { queryString } from './request-input';
import type { RouteHandler } from './route-context';

/** A successful purchase or booking, found by the partner's reference or by ours. */

const found = (transaction: SandboxTransaction | undefined) => {
  if (!transaction) throw reject(404, 'No successful transaction exists under that reference.');
  return success(200, 'Transaction retrieved successfully', transaction);
};

const byReference = (all: SandboxTransaction[], reference: string) =>
  all.find((t) => t.reference === reference.toUpperCase());

export const lookupTransaction: RouteHandler = (parts, { url }) => {
  const reference = queryString(url, 'reference');
  const merchantReference = queryString(url, 'merchant_reference');
  const all = parts.store.state.transactions;
  if (reference !== undefined) return found(byReference(all, reference));
  if (merchantReference !== undefined) {
    // The partner does not deduplicate merchant references; several share one -> the earliest.
    return found(all.find((t) => t.merchant_reference === merchantReference));
  }
  throw reject(422, 'Give a reference or a merchant_reference.', { reference: ['reference or merchant_reference is required'] });
};

export const lookupTransactionByPath: RouteHandler = (parts, { params }) =>
  found(byReference(parts.store.state.transactions, params[0] ?? ''));
