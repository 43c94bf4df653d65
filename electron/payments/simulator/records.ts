import { existsSync, readFileSync, renameSync } from 'node:fs';
import { z } from 'zod';
import { writePrivateFile } from '../../core/private-files';

/**
 * What the simulated terminal's "Paystack account" holds, in Paystack's own field names so the
 * routes can answer with them as they are. Only the BIN and last four digits of a card are kept.
 */
const authorizationSchema = z.object({
  authorization_code: z.string(),
  bin: z.string(),
  last4: z.string(),
  exp_month: z.string(),
  exp_year: z.string(),
  channel: z.string(),
  card_type: z.string(),
  bank: z.string(),
  country_code: z.string(),
  brand: z.string(),
  reusable: z.boolean(),
  signature: z.string().nullable(),
  account_name: z.string().nullable(),
});

export const transactionRecordSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(['success', 'failed', 'abandoned', 'reversed']),
  amount: z.number().int(),
  currency: z.string(),
  gateway_response: z.string(),
  channel: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  payment_request_id: z.number().int(),
  terminal_id: z.string(),
  authorization: authorizationSchema.nullable(),
  pos_transaction_data: z.object({ terminal_id: z.string(), auth_code: z.string().nullable(), response_code: z.string(), rrn: z.string(), stan: z.string() }),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

export const paymentRequestRecordSchema = z.object({
  id: z.number().int(),
  request_code: z.string(),
  offline_reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  customer: z.union([z.string(), z.number()]).nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  status: z.enum(['pending', 'success']),
  paid: z.boolean(),
  paid_at: z.string().nullable(),
  archived: z.boolean(),
  created_at: z.string(),
  /** Transactions tried against it, oldest first. */
  transaction_ids: z.array(z.number().int()),
});
export type PaymentRequestRecord = z.infer<typeof paymentRequestRecordSchema>;

export const eventRecordSchema = z.object({
  id: z.string(),
  terminal_id: z.string(),
  payment_request_id: z.number().int(),
  delivered: z.boolean(),
  created_at: z.string(),
});
export type EventRecord = z.infer<typeof eventRecordSchema>;

export const refundRecordSchema = z.object({
  id: z.number().int(),
  transaction_id: z.number().int(),
  transaction_reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'processed']),
  /** What the merchant wrote with it (the till: the order it gives back). */
  merchant_note: z.string().nullable().default(null),
  created_at: z.string(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

export const simulatorStateSchema = z.object({
  version: z.literal(1),
  next_id: z.number().int(),
  payment_requests: z.array(paymentRequestRecordSchema),
  transactions: z.array(transactionRecordSchema),
  events: z.array(eventRecordSchema),
  refunds: z.array(refundRecordSchema),
});
export type SimulatorState = z.infer<typeof simulatorStateSchema>;

export const initialSimulatorState = (): SimulatorState => ({ version: 1, next_id: 1000, payment_requests: [], transactions: [], events: [], refunds: [] });

/** The state, written whole and atomically after every change when a data file is given. */
export function createSimulatorStore(dataFile: string | undefined) {
  let state = dataFile ? load(dataFile) : initialSimulatorState();
  return {
    get state() {
      return state;
    },
    /** Applies a change and persists it before anyone is answered. */
    commit<T>(change: (state: SimulatorState) => T): T {
      const result = change(state);
      if (dataFile) writePrivateFile(dataFile, JSON.stringify(state));
      return result;
    },
    nextId(): number {
      state.next_id += 1;
      return state.next_id;
    },
    reset() {
      state = initialSimulatorState();
      if (dataFile) writePrivateFile(dataFile, JSON.stringify(state));
    },
  };
}
export type SimulatorStore = ReturnType<typeof createSimulatorStore>;

function load(file: string): SimulatorState {
  if (!existsSync(file)) return initialSimulatorState();
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    json = undefined;
  }
  const parsed = simulatorStateSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  // Kept for inspection rather than overwritten or allowed to stop the till.
  renameSync(file, `${file}.corrupt-${Date.now()}`);
  return initialSimulatorState();
}

