import type { z } from 'zod';
import { cardPaymentReasons, type PaymentStage } from '../../../shared/payments/card-payment';
import { declineReason } from '../decline-reasons';
import type { ApprovedPayment, CardSale, KnownPayment, PaymentOutcome, PaymentStatus, PaymentTerminal, ReversalOutcome, StartHooks } from '../payment-terminal';
import type { PaystackExchange, PaystackHttp } from './paystack-http';
import {
  eventStatusSchema,
  paymentRequestListSchema,
  paymentRequestSchema,
  presenceSchema,
  refundListSchema,
  refundSchema,
  sentEventSchema,
  transactionSchema,
  type WirePaymentRequest,
  type WireTransaction,
} from './paystack-wire';

export interface PaystackTerminalOptions {
  http: PaystackHttp;
  /** The terminal's id in the Paystack dashboard. */
  terminalId: string;
  /** The customer code payment requests are raised for (a walk-in customer). */
  customer: string;
  label?: string;
  /** How long the customer has at the terminal before the payment is timed out. */
  timeoutMs: number;
  /** Between two status polls. */
  pollMs: number;
  /** After a cancel or time-out: how long to watch for a card that was already being processed. */
  settleMs: number;
  /** Consecutive unanswered polls after which the outcome is unknown (and settled by lookup). */
  missedPollsBeforeUnknown: number;
  clock?: () => Date;
}

const nothingCharged = 'Nothing was charged.';

/**
 * Paystack Terminal through Paystack's public API (see ../README.md for the endpoints): a payment
 * request for the amount, carrying our reference; pushed to the terminal as an `invoice`
 * `process` event once the terminal is present; the event and the request polled; and whether
 * the customer paid always answered by verifying the transaction, never by a webhook alone.
 */
export function createPaystackTerminal(options: PaystackTerminalOptions): PaymentTerminal {
  const { http, terminalId } = options;
  const clock = options.clock ?? (() => new Date());
  const tid = encodeURIComponent(terminalId);

  const read = <S extends z.ZodType>(exchange: PaystackExchange, schema: S): { ok: true; value: z.output<S> } | { ok: false; kind: string; message: string } => {
    if (!exchange.ok) return exchange;
    const parsed = schema.safeParse(exchange.data);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, kind: 'malformed', message: 'Paystack answered in an unexpected shape.' };
  };

  const fetchRequest = async (code: string) => read(await http.call('GET', `/paymentrequest/verify/${encodeURIComponent(code)}`), paymentRequestSchema);
  const archive = async (code: string) => http.call('POST', `/paymentrequest/archive/${encodeURIComponent(code)}`);

  /** Our reference rides in the metadata and, for people reading the dashboard, in the description. */
  const carries = (pr: WirePaymentRequest, reference: string) => pr.metadata?.lobby_reference === reference || (pr.description ?? '').includes(`(${reference})`);

  /** The request our reference was raised as, searching recent ones when the journal did not keep its code. */
  async function findRequest(reference: string, known: KnownPayment = {}): Promise<{ kind: 'found'; pr: WirePaymentRequest } | { kind: 'none' } | { kind: 'unknown'; reason: string }> {
    if (known.terminalReference) {
      const found = await fetchRequest(known.terminalReference);
      if (found.ok) return { kind: 'found', pr: found.value };
      return found.kind === 'refused' ? { kind: 'none' } : { kind: 'unknown', reason: found.message };
    }
    const since = known.startedAt ? new Date(Date.parse(known.startedAt) - 10 * 60_000).toISOString() : undefined;
    for (let page = 1; page <= 20; page++) {
      const listed = await http.call('GET', '/paymentrequest', { query: { perPage: 100, page, include_archive: true, from: since } });
      const list = read(listed, paymentRequestListSchema);
      if (!list.ok) return { kind: 'unknown', reason: list.message };
      const match = list.value.find((pr) => carries(pr, reference));
      if (match) return { kind: 'found', pr: match };
      if (list.value.length < 100) return { kind: 'none' };
    }
    return { kind: 'unknown', reason: 'Too many payment requests to search.' };
  }

  /** Did the customer pay? Answered only by verifying the transaction. */
  async function verifyPaid(pr: WirePaymentRequest): Promise<ApprovedPayment | { kind: 'unknown'; terminalReference: string; reason: string } | null> {
    const successful = pr.transactions.filter((tx) => tx.status === 'success' || tx.status === 'reversed').at(-1);
    const reference = successful?.reference ?? pr.offline_reference;
    const verified = read(await http.call('GET', `/transaction/verify/${encodeURIComponent(reference)}`), transactionSchema);
    if (!verified.ok) return { kind: 'unknown', terminalReference: pr.request_code, reason: `The payment could not be verified: ${verified.message}` };
    const tx = verified.value;
    if (tx.status !== 'success' && tx.status !== 'reversed') return null;
    return approvedFrom(pr, tx);
  }

  function approvedFrom(pr: WirePaymentRequest, tx: WireTransaction): ApprovedPayment {
    const pos = tx.pos_transaction_data ?? {};
    const authCode = [pos.auth_code, pos.authorization_code, pos.approval_code].find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? tx.authorization?.authorization_code ?? '';
    const last4 = tx.authorization?.last4 ?? '';
    return {
      kind: 'approved',
      terminalReference: pr.request_code,
      transactionReference: tx.reference,
      authCode: authCode.trim().slice(0, 32),
      maskedPan: /^\d{4}$/.test(last4) ? `**** ${last4}` : '****',
      scheme: (tx.authorization?.brand ?? tx.authorization?.card_type ?? 'card').trim().toLowerCase() || 'card',
      amountKobo: tx.amount,
    };
  }

  /** The latest failed or abandoned card attempt on the request, verified for its details. */
  async function refusedAttempt(pr: WirePaymentRequest): Promise<PaymentOutcome | null> {
    const last = pr.transactions.at(-1);
    if (!last || (last.status !== 'failed' && last.status !== 'abandoned')) return null;
    if (last.status === 'abandoned') return { kind: 'cancelled', by: 'device', terminalReference: pr.request_code };
    const verified = read(await http.call('GET', `/transaction/verify/${encodeURIComponent(last.reference)}`), transactionSchema);
    const responseCode = verified.ok ? verified.value.pos_transaction_data?.response_code : undefined;
    const gateway = verified.ok ? verified.value.gateway_response : String(last.gateway_response ?? '');
    const decline = declineReason(typeof responseCode === 'string' ? responseCode : null, gateway);
    return { kind: 'declined', terminalReference: pr.request_code, ...decline };
  }

  /** What a request's state says, with the transaction verified when it says paid. */
  async function statusOf(pr: WirePaymentRequest): Promise<PaymentStatus> {
    if (pr.paid || pr.status === 'success') {
      const paid = await verifyPaid(pr);
      if (paid) return paid;
    }
    const refused = await refusedAttempt(pr);
    if (refused) return refused;
    if (pr.archived) return { kind: 'cancelled', by: 'till', terminalReference: pr.request_code };
    return { kind: 'pending', terminalReference: pr.request_code };
  }

  /**
   * Closes the request so it can no longer be paid, then watches it for `settleMs`: a card already
   * being processed when the cancel arrived may still be approved, and that answer wins.
   */
  async function closeAndSettle(code: string, ending: PaymentOutcome): Promise<PaymentOutcome> {
    const archived = await archive(code);
    if (!archived.ok && archived.kind !== 'refused') return { kind: 'unknown', terminalReference: code, reason: `The payment could not be called off at Paystack: ${archived.message}` };
    const until = clock().getTime() + options.settleMs;
    for (;;) {
      const now = await fetchRequest(code);
      if (now.ok) {
        const status = await statusOf(now.value);
        if (status.kind !== 'pending' && !(status.kind === 'cancelled' && status.by === 'till')) return status;
      } else if (clock().getTime() >= until) {
        return { kind: 'unknown', terminalReference: code, reason: `Paystack could not be asked whether the payment went through: ${now.message}` };
      }
      if (clock().getTime() >= until) return ending;
      await sleep(Math.min(options.pollMs, Math.max(10, until - clock().getTime())));
    }
  }

  async function start(sale: CardSale, amountKobo: number, reference: string, hooks: StartHooks): Promise<PaymentOutcome> {
    let stage: PaymentStage | null = null;
    const progress = (next: PaymentStage) => {
      if (next !== stage) hooks.progress((stage = next));
    };

    progress('checking-terminal');
    const presence = read(await http.call('GET', `/terminal/${tid}/presence`), presenceSchema);
    if (!presence.ok) return { kind: 'failed', terminalReference: null, reason: `The card terminal could not be checked (${presence.message}). ${nothingCharged}` };
    if (!presence.value.online) return { kind: 'failed', terminalReference: null, reason: `The card terminal is offline: check it is switched on and connected, then try again. ${nothingCharged}` };
    if (!presence.value.available) return { kind: 'failed', terminalReference: null, reason: cardPaymentReasons.terminalBusy };
    if (hooks.signal.aborted) return { kind: 'cancelled', by: 'till', terminalReference: null };

    progress('sending');
    const created = await http.call('POST', '/paymentrequest', {
      body: {
        customer: options.customer,
        amount: amountKobo,
        currency: 'NGN',
        description: `${sale.description} (${reference})`,
        send_notification: false,
        metadata: { lobby_reference: reference, sale_id: sale.saleId },
      },
    });
    const request = read(created, paymentRequestSchema);
    if (!request.ok) {
      // Never pushed to the terminal, so nobody can pay it; a request made without our hearing is closed if found.
      if (!created.ok && (created.kind === 'no-answer' || created.kind === 'unavailable')) void cancel(reference, { startedAt: clock().toISOString() });
      return { kind: 'failed', terminalReference: null, reason: `Paystack did not take the payment request (${request.message}). ${nothingCharged}` };
    }
    const pr = request.value;
    if (pr.amount !== amountKobo) {
      await archive(pr.request_code);
      return { kind: 'failed', terminalReference: pr.request_code, reason: `Paystack recorded a different amount for the payment request, so it was called off. ${nothingCharged}` };
    }
    if (!hooks.recorded(pr.request_code)) {
      await archive(pr.request_code);
      return { kind: 'failed', terminalReference: pr.request_code, reason: `The journal could not record the payment, so it was not sent to the terminal. ${nothingCharged}` };
    }
    if (hooks.signal.aborted) return closeAndSettle(pr.request_code, { kind: 'cancelled', by: 'till', terminalReference: pr.request_code });

    const pushed = await http.call('POST', `/terminal/${tid}/event`, { body: { type: 'invoice', action: 'process', data: { id: pr.id, reference: pr.offline_reference } } });
    const event = read(pushed, sentEventSchema);
    if (!event.ok && pushed.ok === false && (pushed.kind === 'refused' || pushed.kind === 'not-sent')) {
      const closed = await closeAndSettle(pr.request_code, { kind: 'failed', terminalReference: pr.request_code, reason: `The terminal did not take the payment (${pushed.message}). ${nothingCharged}` });
      return closed;
    }
    // Without an event id (the answer was lost) the request itself still says what happens.
    const eventId = event.ok ? event.value.id : null;

    const deadline = clock().getTime() + options.timeoutMs;
    let delivered = false;
    let missed = 0;
    for (;;) {
      await sleep(options.pollMs, hooks.signal);
      if (hooks.signal.aborted) {
        progress('cancelling');
        return closeAndSettle(pr.request_code, { kind: 'cancelled', by: 'till', terminalReference: pr.request_code });
      }
      if (!delivered && eventId) {
        const status = read(await http.call('GET', `/terminal/${tid}/event/${encodeURIComponent(eventId)}`), eventStatusSchema);
        if (status.ok && status.value.delivered) {
          delivered = true;
          progress('waiting-for-card');
        }
      }
      const polled = await fetchRequest(pr.request_code);
      if (!polled.ok) {
        missed += 1;
        if (missed >= options.missedPollsBeforeUnknown) {
          return { kind: 'unknown', terminalReference: pr.request_code, reason: `The till lost contact with Paystack while the payment was at the terminal (${polled.message}). It is being checked; do not charge again.` };
        }
      } else {
        missed = 0;
        const now = polled.value;
        if (now.transactions.length > 0 && !delivered) {
          delivered = true;
          progress('waiting-for-card');
        }
        const status = await statusOf(now);
        if (status.kind === 'approved' || status.kind === 'unknown') return status;
        if (status.kind === 'declined' || (status.kind === 'cancelled' && status.by === 'device')) {
          // Paystack keeps the request open after a refused card; close it so this attempt is final.
          return closeAndSettle(pr.request_code, status);
        }
        if (status.kind === 'cancelled') return status;
      }
      if (clock().getTime() >= deadline) {
        progress('cancelling');
        return closeAndSettle(pr.request_code, { kind: 'timed-out', terminalReference: pr.request_code });
      }
    }
  }

  async function statusByReference(reference: string, known?: KnownPayment): Promise<PaymentStatus> {
    const found = await findRequest(reference, known);
    if (found.kind === 'unknown') return { kind: 'unknown', terminalReference: known?.terminalReference ?? null, reason: `Paystack could not be asked: ${found.reason}` };
    if (found.kind === 'none') return { kind: 'failed', terminalReference: null, reason: `Paystack has no payment request for this payment, so it never reached the terminal. ${nothingCharged}` };
    return statusOf(found.pr);
  }

  async function cancel(reference: string, known?: KnownPayment): Promise<{ ok: true } | { ok: false; reason: string }> {
    const found = await findRequest(reference, known);
    if (found.kind === 'none') return { ok: true };
    if (found.kind === 'unknown') return { ok: false, reason: found.reason };
    if (found.pr.archived || found.pr.paid) return { ok: true };
    const archived = await archive(found.pr.request_code);
    return archived.ok || archived.kind === 'refused' ? { ok: true } : { ok: false, reason: archived.message };
  }

  /** The approved transaction behind our reference, or why there is none to give back. */
  async function approvedTransaction(reference: string, known?: KnownPayment): Promise<{ ok: true; payment: ApprovedPayment } | { ok: false; reason: string; retry: boolean }> {
    const status = await statusByReference(reference, known);
    if (status.kind === 'approved') return { ok: true, payment: status };
    if (status.kind === 'unknown') return { ok: false, reason: status.reason, retry: true };
    return { ok: false, reason: 'There is no approved payment to give back.', retry: false };
  }

  async function existingRefund(transactionReference: string): Promise<ReversalOutcome | null | 'unknown'> {
    const listed = read(await http.call('GET', '/refund', { query: { transaction: transactionReference } }), refundListSchema);
    if (!listed.ok) return 'unknown';
    const live = listed.value.filter((r) => r.status !== 'failed');
    if (live.length === 0) return null;
    return { kind: 'reversed', refundReference: live.map((r) => r.id).join(','), amountKobo: live.reduce((sum, r) => sum + r.amount, 0) };
  }

  async function giveBack(reference: string, amountKobo: number | null, known?: KnownPayment, order?: string): Promise<ReversalOutcome> {
    const approved = await approvedTransaction(reference, known);
    if (!approved.ok) return { kind: 'failed', reason: approved.reason, retry: approved.retry };
    const txRef = approved.payment.transactionReference;
    // A whole reversal is one refund at most: one that already exists (a lost answer) is the answer.
    if (amountKobo === null) {
      const existing = await existingRefund(txRef);
      if (existing === 'unknown') return { kind: 'failed', reason: 'Paystack could not be asked about earlier refunds.', retry: true };
      if (existing) return existing;
    }
    const note = order ? { merchant_note: `Lobby POS ${order}` } : {};
    const sent = await http.call('POST', '/refund', { body: amountKobo === null ? { transaction: txRef, ...note } : { transaction: txRef, amount: amountKobo, ...note } });
    const refund = read(sent, refundSchema);
    if (refund.ok) return { kind: 'reversed', refundReference: refund.value.id, amountKobo: refund.value.amount };
    if (!sent.ok && sent.kind === 'refused') {
      if (amountKobo === null && /reversed|refunded/i.test(sent.message)) {
        const existing = await existingRefund(txRef);
        if (existing && existing !== 'unknown') return existing;
      }
      return { kind: 'failed', reason: `Paystack refused the refund: ${sent.message}`, retry: false };
    }
    return { kind: 'failed', reason: `Paystack did not confirm the refund (${refund.message}).`, retry: true };
  }

  return {
    label: options.label ?? `Paystack Terminal ${terminalId}`,
    start,
    statusByReference,
    cancel,
    reverse: (reference, known) => giveBack(reference, null, known),
    refund: (reference, amountKobo, known, order) => giveBack(reference, amountKobo, known, order),

    async refundStatus(reference, order, known) {
      const approved = await approvedTransaction(reference, known);
      if (!approved.ok) return { kind: 'failed', reason: approved.reason, retry: approved.retry };
      const listed = read(await http.call('GET', '/refund', { query: { transaction: approved.payment.transactionReference } }), refundListSchema);
      if (!listed.ok) return { kind: 'failed', reason: `Paystack could not be asked about the refund: ${listed.message}`, retry: true };
      const made = listed.value.find((r) => (r.merchant_note ?? '').includes(`Lobby POS ${order}`) && r.status !== 'failed');
      return made ? { kind: 'reversed', refundReference: made.id, amountKobo: made.amount } : { kind: 'failed', reason: 'Paystack has no refund for this order: nothing was given back.', retry: false };
    },
  };
}

/** Waits `ms`, or less when `signal` is aborted. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
