import type { PaymentRequestRecord, SimulatorState, TransactionRecord } from './records';

/** Records as Paystack's API shows them (the fields the reference documents, plus a few it carries). */

export function paymentRequestView(pr: PaymentRequestRecord, state: SimulatorState) {
  return {
    id: pr.id,
    domain: 'test',
    amount: pr.amount,
    currency: pr.currency,
    due_date: null,
    has_invoice: false,
    invoice_number: null,
    description: pr.description,
    line_items: [],
    tax: [],
    request_code: pr.request_code,
    status: pr.status,
    paid: pr.paid,
    paid_at: pr.paid_at,
    metadata: pr.metadata,
    notifications: [],
    offline_reference: pr.offline_reference,
    customer: pr.customer,
    archived: pr.archived,
    created_at: pr.created_at,
    transactions: pr.transaction_ids.flatMap((id) => {
      const tx = state.transactions.find((t) => t.id === id);
      return tx ? [{ id: tx.id, reference: tx.reference, status: tx.status, amount: tx.amount, gateway_response: tx.gateway_response, created_at: tx.created_at }] : [];
    }),
  };
}

export function transactionView(tx: TransactionRecord, state: SimulatorState) {
  const pr = state.payment_requests.find((p) => p.id === tx.payment_request_id);
  return {
    id: tx.id,
    domain: 'test',
    status: tx.status,
    reference: tx.reference,
    receipt_number: null,
    amount: tx.amount,
    message: null,
    gateway_response: tx.gateway_response,
    paid_at: tx.paid_at,
    created_at: tx.created_at,
    channel: tx.channel,
    currency: tx.currency,
    ip_address: null,
    metadata: pr ? { payment_request: pr.request_code, offline_reference: pr.offline_reference, ...(pr.metadata ?? {}) } : null,
    fees: null,
    authorization: tx.authorization,
    customer: { id: 1, email: 'walk-in@terminal.simulator', customer_code: typeof pr?.customer === 'string' ? pr.customer : 'CUS_simulator' },
    requested_amount: tx.amount,
    pos_transaction_data: tx.pos_transaction_data,
    source: { type: 'pos', source: 'terminal', identifier: tx.terminal_id },
  };
}
