import type { ChainSpec } from './chain-spec';

/**
 * Every journal table that records money or a sale's state, as the hash chain covers it. Migration
 * 0007 chains the first five; a table chained by a later migration is appended here too, so that
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

/** Every chained table, for the verifier. */
export const chainedTables: readonly ChainSpec[] = [shiftsChain, cashMovementsChain, salesChain, saleEventsChain, tendersChain];
