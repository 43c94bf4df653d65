import type { ChainSpec } from './chain-spec';

/**
 * Every journal table that records money or a sale's state, as the hash chain covers it. Migration
 * 0007 chains all of these; a table chained by a later migration is appended here too, so that
 * `journal:verify` checks its rows against their chain links.
 */
export const shiftsChain: ChainSpec = {
  table: 'shifts',
  columns: ['id', 'terminal_id', 'number', 'opened_by', 'opened_at', 'float_kobo', 'closed_by', 'closed_at', 'counted_kobo', 'expected_kobo', 'z_number', 'z_report_json'],
  at: { insert: 'R.opened_at', update: 'coalesce(R.closed_at, R.opened_at)' },
  updates: true,
};

export const cashMovementsChain: ChainSpec = {
  table: 'cash_movements',
  columns: ['id', 'terminal_id', 'shift_id', 'kind', 'amount_kobo', 'reason', 'staff_id', 'at'],
  at: { insert: 'R.at' },
};

/** A sale adds its amount to the grand total once, when it becomes confirmed. */
export const salesChain: ChainSpec = {
  table: 'sales',
  columns: [
    'id', 'terminal_id', 'shift_id', 'staff_id', 'kind', 'state', 'quote_kobo', 'partner_amount_kobo', 'amount_mismatch',
    'request_json', 'details_json', 'partner_reference', 'invoice_id', 'booking_number', 'failure_reason', 'created_at', 'updated_at',
  ],
  at: { insert: 'R.created_at', update: 'R.updated_at' },
  updates: true,
  grandTotal: {
    update: "CASE WHEN NEW.state = 'confirmed' AND OLD.state IS NOT 'confirmed' THEN NEW.quote_kobo ELSE 0 END",
    backfill: "CASE WHEN R.state = 'confirmed' THEN R.quote_kobo ELSE 0 END",
  },
};

export const saleEventsChain: ChainSpec = {
  table: 'sale_events',
  columns: ['id', 'sale_id', 'terminal_id', 'shift_id', 'from_state', 'to_state', 'at', 'detail_json'],
  at: { insert: 'R.at' },
};

export const tendersChain: ChainSpec = {
  table: 'tenders',
  columns: ['id', 'sale_id', 'terminal_id', 'shift_id', 'kind', 'amount_kobo', 'tendered_kobo', 'change_kobo', 'approval_code', 'transfer_reference'],
  at: { insert: '(SELECT created_at FROM sales WHERE id = R.sale_id)' },
};

/** Card payment attempts at a terminal: each one's moves (waiting, approved, declined, reversed). */
export const cardPaymentsChain: ChainSpec = {
  table: 'card_payments',
  columns: [
    'id', 'sale_id', 'attempt', 'reference', 'terminal_id', 'shift_id', 'device', 'amount_kobo', 'state', 'terminal_reference', 'transaction_reference',
    'auth_code', 'masked_pan', 'scheme', 'decline_code', 'reason', 'refund_reference', 'created_at', 'updated_at',
  ],
  at: { insert: 'R.created_at', update: 'R.updated_at' },
  updates: true,
};

export const cardPaymentEventsChain: ChainSpec = {
  table: 'card_payment_events',
  columns: ['id', 'payment_id', 'sale_id', 'terminal_id', 'shift_id', 'from_state', 'to_state', 'at', 'detail_json'],
  at: { insert: 'R.at' },
};

/** Voids and refunds: money given back (the grand total counts sales and never goes down). */
export const correctionsChain: ChainSpec = {
  table: 'corrections',
  columns: [
    'id', 'sale_id', 'seq', 'terminal_id', 'shift_id', 'kind', 'tender', 'route', 'amount_kobo', 'lines_json', 'approval_code', 'transfer_reference',
    'reason', 'note', 'asked_by', 'approved_by', 'created_at',
  ],
  at: { insert: 'R.created_at' },
};

export const correctionOutcomesChain: ChainSpec = {
  table: 'correction_outcomes',
  columns: ['id', 'correction_id', 'terminal_id', 'outcome', 'terminal_reference', 'detail', 'at'],
  at: { insert: 'R.at' },
};

export const cancellationsChain: ChainSpec = {
  table: 'cancellations',
  key: 'correction_id',
  columns: ['correction_id', 'sale_id', 'terminal_id', 'partner_reference', 'opened_at'],
  at: { insert: 'R.opened_at' },
};

export const cancellationMovesChain: ChainSpec = {
  table: 'cancellation_moves',
  columns: ['id', 'correction_id', 'terminal_id', 'to_state', 'agreed_by_name', 'agreed_channel', 'fee_withheld_kobo', 'note', 'staff_id', 'at'],
  at: { insert: 'R.at' },
};

/** The drawer opened without a sale (migration 0015): no money, but head office sees each one. */
export const drawerOpeningsChain: ChainSpec = {
  table: 'drawer_openings',
  columns: ['id', 'terminal_id', 'shift_id', 'staff_id', 'reason', 'at'],
  at: { insert: 'R.at' },
};

/** A supervisor's approval of a cashier's no sale (migration 0016), keyed by the opening it approves. */
export const drawerOpeningApprovalsChain: ChainSpec = {
  table: 'drawer_opening_approvals',
  columns: ['id', 'terminal_id', 'approved_by', 'at'],
  at: { insert: 'R.at' },
};

/** A supervisor's approval of a cashier's cash out (migration 0017), keyed by the movement it approves. */
export const cashMovementApprovalsChain: ChainSpec = {
  table: 'cash_movement_approvals',
  columns: ['id', 'terminal_id', 'approved_by', 'at'],
  at: { insert: 'R.at' },
};

/** Every chained table, for the verifier. */
export const chainedTables: readonly ChainSpec[] = [
  shiftsChain, cashMovementsChain, salesChain, saleEventsChain, tendersChain,
  cardPaymentsChain, cardPaymentEventsChain, correctionsChain, correctionOutcomesChain, cancellationsChain, cancellationMovesChain,
  drawerOpeningsChain, drawerOpeningApprovalsChain, cashMovementApprovalsChain,
];
