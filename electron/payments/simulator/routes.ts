import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { answer, AnswerLost, readJson, refuse } from './envelope';
import type { Device } from './device';
import { paymentRequestView, transactionView } from './paystack-views';
import type { PaymentRequestRecord, SimulatorStore } from './records';

/**
 * The Paystack endpoints a till uses with a Paystack Terminal, as the public API reference
 * describes them: payment requests, terminal events and presence, transaction verification and
 * refunds. Written without the adapter's code, so the adapter's tests compare two readings.
 */
export interface RouteHost {
  store: SimulatorStore;
  clock: () => Date;
  device(terminalId: string): Device;
  busy(): boolean;
  offline(): boolean;
  /** True when this read about the payment request must go unanswered (answer lost). */
  dropRead(requestId: number): boolean;
}

type Handler = (host: RouteHost, request: Request, params: string[], url: URL) => Promise<Response> | Response;

const createBody = z.object({
  customer: z.union([z.string().min(1), z.number().int()], { error: 'Customer is required' }),
  amount: z.number().int().positive().optional(),
  line_items: z.array(z.object({ name: z.string(), amount: z.union([z.number(), z.string()]), quantity: z.number().int().optional() })).optional(),
  description: z.string().max(500).optional(),
  currency: z.string().default('NGN'),
  due_date: z.string().optional(),
  send_notification: z.boolean().optional(),
  draft: z.boolean().optional(),
  has_invoice: z.boolean().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

const eventBody = z.object({
  type: z.enum(['invoice', 'transaction']),
  action: z.enum(['process', 'view', 'print']),
  data: z.object({ id: z.union([z.string(), z.number()]), reference: z.union([z.string(), z.number()]).optional() }),
});

const refundBody = z.object({
  transaction: z.union([z.string().min(1), z.number().int()]),
  amount: z.number().int().positive().optional(),
  currency: z.string().optional(),
  customer_note: z.string().max(500).optional(),
  merchant_note: z.string().max(500).optional(),
});

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw refuse(400, parsed.error.issues[0]?.message ?? 'Invalid request');
  return parsed.data;
}

const findRequest = (host: RouteHost, idOrCode: string): PaymentRequestRecord => {
  const pr = host.store.state.payment_requests.find((p) => p.request_code === idOrCode || String(p.id) === idOrCode);
  if (!pr) throw refuse(404, 'Payment request not found');
  return pr;
};

const presence: Handler = (host, _request, [terminalId]) => {
  const device = host.device(terminalId!);
  const online = !host.offline();
  return answer('Terminal status retrieved', { online, available: online && !host.busy() && !device.busy() });
};

const sendEvent: Handler = async (host, request, [terminalId]) => {
  const body = parse(eventBody, await readJson(request));
  if (body.type !== 'invoice' || body.action !== 'process') throw refuse(400, 'This terminal only processes invoices');
  const pr = host.store.state.payment_requests.find((p) => String(p.id) === String(body.data.id));
  if (!pr || String(pr.offline_reference) !== String(body.data.reference)) throw refuse(404, 'Invoice not found');
  if (pr.archived || pr.paid) throw refuse(400, 'Invoice is no longer payable');
  const device = host.device(terminalId!);
  const event = host.store.commit((state) => {
    const record = { id: randomBytes(12).toString('hex'), terminal_id: terminalId!, payment_request_id: pr.id, delivered: false, created_at: host.clock().toISOString() };
    state.events.push(record);
    return record;
  });
  device.deliver(pr, () => host.store.commit(() => (event.delivered = true)));
  return answer('Event sent to Terminal', { id: event.id });
};

const eventStatus: Handler = (host, _request, [terminalId, eventId]) => {
  const event = host.store.state.events.find((e) => e.id === eventId && e.terminal_id === terminalId);
  if (!event) throw refuse(404, 'Event not found');
  if (host.dropRead(event.payment_request_id)) throw new AnswerLost();
  return answer('Message Status Retrieved', { delivered: event.delivered });
};

const createRequest: Handler = async (host, request) => {
  const body = parse(createBody, await readJson(request));
  const amount = body.amount ?? body.line_items?.reduce((sum, item) => sum + Number(item.amount) * (item.quantity ?? 1), 0);
  if (!amount || !Number.isInteger(amount) || amount <= 0) throw refuse(400, 'Amount is required');
  if (body.currency !== 'NGN') throw refuse(400, 'Currency not supported by merchant');
  const pr = host.store.commit((state) => {
    const id = host.store.nextId();
    const record: PaymentRequestRecord = {
      id,
      request_code: `PRQ_${randomBytes(8).toString('hex').slice(0, 15)}`,
      offline_reference: `${Math.floor(100_000 + Math.random() * 900_000)}${String(id).padStart(7, '0')}`,
      amount,
      currency: body.currency,
      description: body.description ?? null,
      customer: body.customer,
      metadata: body.metadata ?? null,
      status: 'pending',
      paid: false,
      paid_at: null,
      archived: false,
      created_at: host.clock().toISOString(),
      transaction_ids: [],
    };
    state.payment_requests.push(record);
    return record;
  });
  return answer('Payment request created', paymentRequestView(pr, host.store.state));
};

const listRequests: Handler = (host, _request, _params, url) => {
  const perPage = Math.min(Math.max(Number(url.searchParams.get('perPage') ?? 50) || 50, 1), 100);
  const page = Math.max(Number(url.searchParams.get('page') ?? 1) || 1, 1);
  const status = url.searchParams.get('status');
  const includeArchive = url.searchParams.get('include_archive') === 'true';
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  const matching = host.store.state.payment_requests
    .filter((pr) => (includeArchive || !pr.archived) && (!status || pr.status === status) && (!from || pr.created_at >= from) && (!to || pr.created_at <= to))
    .reverse();
  const pageItems = matching.slice((page - 1) * perPage, page * perPage);
  return answer('Payment requests retrieved', pageItems.map((pr) => paymentRequestView(pr, host.store.state)), {
    total: matching.length,
    skipped: (page - 1) * perPage,
    perPage,
    page,
    pageCount: Math.max(1, Math.ceil(matching.length / perPage)),
  });
};

const fetchRequest = (message: string): Handler => (host, _request, [idOrCode]) => {
  const pr = findRequest(host, idOrCode!);
  if (host.dropRead(pr.id)) throw new AnswerLost();
  return answer(message, paymentRequestView(pr, host.store.state));
};

const archiveRequest: Handler = (host, _request, [idOrCode]) => {
  const pr = findRequest(host, idOrCode!);
  host.store.commit(() => (pr.archived = true));
  for (const event of host.store.state.events) if (event.payment_request_id === pr.id) host.device(event.terminal_id).archived(pr.id);
  return answer('Payment request has been archived', null);
};

const verifyTransaction: Handler = (host, _request, [reference]) => {
  const tx = host.store.state.transactions.find((t) => t.reference === reference);
  if (!tx) throw refuse(400, 'Transaction reference not found');
  return answer('Verification successful', transactionView(tx, host.store.state));
};

const createRefund: Handler = async (host, request) => {
  const body = parse(refundBody, await readJson(request));
  const tx = host.store.state.transactions.find((t) => t.reference === String(body.transaction) || String(t.id) === String(body.transaction));
  if (!tx) throw refuse(404, 'Transaction not found');
  if (tx.status === 'reversed') throw refuse(400, 'Transaction has been fully reversed');
  if (tx.status !== 'success') throw refuse(400, 'Cannot refund an unsuccessful transaction');
  const refunded = host.store.state.refunds.filter((r) => r.transaction_id === tx.id).reduce((sum, r) => sum + r.amount, 0);
  const amount = body.amount ?? tx.amount - refunded;
  if (amount > tx.amount - refunded) throw refuse(400, 'Refund amount cannot be more than the unrefunded transaction amount');
  const refund = host.store.commit((state) => {
    const record = { id: host.store.nextId(), transaction_id: tx.id, transaction_reference: tx.reference, amount, currency: tx.currency, status: 'pending' as const, merchant_note: body.merchant_note ?? null, created_at: host.clock().toISOString() };
    state.refunds.push(record);
    if (refunded + amount === tx.amount) tx.status = 'reversed';
    return record;
  });
  return answer('Refund has been queued for processing', refundView(host, refund.id));
};

function refundView(host: RouteHost, id: number) {
  const refund = host.store.state.refunds.find((r) => r.id === id)!;
  const tx = host.store.state.transactions.find((t) => t.id === refund.transaction_id)!;
  return {
    id: refund.id,
    transaction: { id: tx.id, reference: tx.reference, amount: tx.amount, currency: tx.currency, channel: tx.channel },
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status,
    merchant_note: refund.merchant_note,
    deducted_amount: 0,
    channel: null,
    createdAt: refund.created_at,
  };
}

const listRefunds: Handler = (host, _request, _params, url) => {
  const transaction = url.searchParams.get('transaction');
  const matching = host.store.state.refunds.filter((r) => !transaction || r.transaction_reference === transaction || String(r.transaction_id) === transaction);
  return answer('Refunds retrieved', matching.map((r) => refundView(host, r.id)), { total: matching.length, perPage: 50, page: 1, pageCount: 1 });
};

const fetchRefund: Handler = (host, _request, [id]) => {
  if (!host.store.state.refunds.some((r) => String(r.id) === id)) throw refuse(404, 'Refund not found');
  return answer('Refund retrieved', refundView(host, Number(id)));
};

const SEGMENT = '([^/]+)';
const routes: Array<{ method: string; pattern: RegExp; handler: Handler }> = [
  ['GET', `/terminal/${SEGMENT}/presence`, presence],
  ['POST', `/terminal/${SEGMENT}/event`, sendEvent],
  ['GET', `/terminal/${SEGMENT}/event/${SEGMENT}`, eventStatus],
  ['POST', '/paymentrequest', createRequest],
  ['GET', '/paymentrequest', listRequests],
  ['GET', `/paymentrequest/verify/${SEGMENT}`, fetchRequest('Payment request retrieved')],
  ['POST', `/paymentrequest/archive/${SEGMENT}`, archiveRequest],
  ['GET', `/paymentrequest/${SEGMENT}`, fetchRequest('Payment request retrieved')],
  ['GET', `/transaction/verify/${SEGMENT}`, verifyTransaction],
  ['POST', '/refund', createRefund],
  ['GET', '/refund', listRefunds],
  ['GET', `/refund/${SEGMENT}`, fetchRefund],
].map(([method, path, handler]) => ({ method: method as string, pattern: new RegExp(`^${path as string}$`), handler: handler as Handler }));

export async function answerPaystack(host: RouteHost, request: Request, url: URL, path: string): Promise<Response> {
  let wrongMethod = false;
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method !== request.method.toUpperCase()) {
      wrongMethod = true;
      continue;
    }
    const params = match.slice(1).map(decodeSegment);
    return route.handler(host, request, params, url);
  }
  throw refuse(wrongMethod ? 405 : 404, wrongMethod ? 'Method not allowed' : 'Route not found');
}

function decodeSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    throw refuse(400, 'Invalid path');
  }
}
