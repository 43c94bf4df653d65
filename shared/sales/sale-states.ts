export const saleStates = ['pending', 'sent', 'confirmed', 'rejected', 'unknown'] as const;
export const saleKinds = ['cinema', 'hotel'] as const;
export type SaleKind = (typeof saleKinds)[number];
export type SaleState = (typeof saleStates)[number];

/**
 * Where a sale may go from each state. `pending -> rejected` is a refusal before anything was sent;
 * `unknown` is settled only by asking the partner, never by buying again. The same table is
 * enforced by the journal's `sales_legal_transition` trigger, so a bug here cannot corrupt
 * history; this copy exists to explain a refusal to a person.
 */
export const legalTransitions: Readonly<Record<SaleState, readonly SaleState[]>> = {
  pending: ['sent', 'rejected'],
  sent: ['confirmed', 'rejected', 'unknown'],
  unknown: ['confirmed', 'rejected'],
  confirmed: [],
  rejected: [],
};

/** Sales whose outcome is not yet known for sure: listed for staff and settled on start. */
export const unsettledStates: readonly SaleState[] = ['pending', 'sent', 'unknown'];

/** Unsettled sales that may have reached the partner: only a lookup settles them. */
export const awaitingLookupStates: readonly SaleState[] = ['sent', 'unknown'];

export const isLegalTransition = (from: SaleState, to: SaleState) => legalTransitions[from].includes(to);
