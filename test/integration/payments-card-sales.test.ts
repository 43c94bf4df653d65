import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloadOf } from '../../shared/ipc/contract';
import { journalFile, openJournal } from '../../electron/journal';
import { openCardTill, startCardPartner, type CardPartner, type CardTill } from '../helpers/card-fixture';
import { customer, findShowing, findStay, newSaleId, readyToSell, selectionOf, value } from '../helpers/sales-fixture';
import { startTerminal, until, type TerminalRig } from '../helpers/terminal-fixture';
import { rejectedNoteKey } from '@renderer/screens/checkout/rejected-note';
import { saidIn } from '@renderer/i18n/error-text';
import { translator } from '../helpers/translator';

/**
 * The card sale at an integrated terminal, through createPos (the same dispatch every transport
 * uses): journal the sale and the attempt, the terminal, only after approval the partner purchase.
 * The partner is the sandbox over HTTP; the terminal is the Paystack adapter against the simulated
 * terminal over HTTP; everything is checked on the journal, the terminal and the partner.
 */

let partner: CardPartner;
let terminal: TerminalRig;
let kiosk: CardTill;
/** A second kiosk whose terminal waits for a card to be presented by the test. */
let manualPartner: CardPartner;
let manual: TerminalRig;
let manualKiosk: CardTill;

beforeAll(async () => {
  partner = await startCardPartner();
  terminal = await startTerminal();
  kiosk = openCardTill({ partner, terminal, profile: 'kiosk' });
  await readyToSell(kiosk.pos);
  value(await kiosk.pos.api['staff:sign-out']({}));
  manualPartner = await startCardPartner();
  manual = await startTerminal({ deliveryMs: 5, stepMs: 10, resultMs: 30, autoPresentMs: null });
  manualKiosk = openCardTill({ partner: manualPartner, terminal: manual, profile: 'kiosk', timeoutSeconds: 10 });
  await readyToSell(manualKiosk.pos);
  value(await manualKiosk.pos.api['staff:sign-out']({}));
});
afterAll(async () => {
  await manualKiosk?.close();
  await manual?.close();
  await manualPartner?.close();
  await kiosk?.close();
  await terminal?.close();
  await partner?.close();
});

const purchasesOf = (saleId: string, at = partner) => at.sandbox.transactions().filter((t) => t.merchant_reference === saleId);
const chargesOf = (saleId: string, rig = terminal) => {
  const requests = rig.simulator.paymentRequests().filter((pr) => String(pr.metadata?.sale_id) === saleId).map((pr) => pr.id);
  return rig.simulator.transactions().filter((tx) => requests.includes(tx.payment_request_id) && (tx.status === 'success' || tx.status === 'reversed'));
};

async function cinemaSale(till: CardTill, category: string, film = 'Harmattan Heart') {
  const showing = await findShowing(till.pos, film);
  const selection = selectionOf(showing, [[category, 1]]);
  const hold = value(await till.pos.api['sale:hold'](selection));
  return { saleId: newSaleId('CARD'), kind: 'cinema' as const, cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' as const }, totalKobo: hold.quote.totalKobo };
}

describe('the payments of a sale the till never wrote down', () => {
  it('are NOT_FOUND at a counter, as the sale itself is, whatever the id looks like', async () => {
    const counter = openCardTill({ partner, terminal, profile: 'counter' });
    try {
      await readyToSell(counter.pos);
      for (const saleId of ['constructor', 'a'.repeat(64), newSaleId('NONE')]) {
        for (const channel of ['payment:get', 'payment:cancel', 'sale:get'] as const) {
          expect(await counter.pos.api[channel]({ saleId }), `${channel} ${saleId}`).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
        }
      }
    } finally {
      await counter.close();
    }
  });
});

describe('a card sale at a counter', () => {
  it('closing the till while its terminal waits for a card calls the payment off first: the till closes, the attempt journaled as called off, nothing charged', async () => {
    // Two minutes for the customer at the terminal: the close must not wait them out.
    const counter = openCardTill({ partner: manualPartner, terminal: manual, profile: 'counter', timeoutSeconds: 120 });
    await readyToSell(counter.pos);
    const { totalKobo: _total, ...submit } = await cinemaSale(counter, 'Regular');
    const sale = counter.pos.api['sale:submit'](submit);
    await until(() => manual.simulator.display().screen === 'waiting-for-card');
    await counter.close();
    // The purchase waiting on the card ended with the payment, before the journal closed.
    expect((await sale).ok).toBe(true);
    expect(manual.simulator.display().screen).not.toBe('waiting-for-card');
    expect(chargesOf(submit.saleId, manual)).toEqual([]);
    expect(purchasesOf(submit.saleId, manualPartner)).toEqual([]);
    const reopened = openJournal({ file: journalFile(counter.dataDir), terminalId: counter.config.terminal.id });
    if (!reopened.ok) throw new Error(reopened.error.message);
    try {
      expect(value(reopened.value.payments.forSale(submit.saleId)).map((p) => p.state)).toEqual(['cancelled']);
    } finally {
      reopened.value.close();
    }
  });

  it('Ask again while the customer is between two cards leaves the sale waiting for her next card, which sells it', async () => {
    const counter = openCardTill({ partner: manualPartner, terminal: manual, profile: 'counter', timeoutSeconds: 10 });
    try {
      await readyToSell(counter.pos);
      const { totalKobo: _total, ...submit } = await cinemaSale(counter, 'VIP');
      const submitting = counter.pos.api['sale:submit'](submit);
      await until(() => manual.simulator.display().screen === 'waiting-for-card', 3_000, 'the terminal to wait for a card');
      expect(manual.simulator.presentCard()).toEqual({ ok: true });
      const declined = value(await submitting);
      expect(declined.state).toBe('pending');
      // Staff -> Sales -> Ask again meanwhile: not a sale the till stopped before sending; it waits.
      expect(value(await counter.pos.api['sale:settle']({ saleId: declined.id }))).toMatchObject({ state: 'pending' });
      const retrying = counter.pos.api['payment:retry']({ saleId: declined.id });
      await until(() => manual.simulator.display().screen === 'waiting-for-card', 3_000, 'the terminal to wait again');
      expect(manual.simulator.presentCard({ card: 'mastercard', test: 'approved' })).toEqual({ ok: true });
      expect(value(await retrying).state).toBe('confirmed');
      expect(purchasesOf(declined.id, manualPartner)).toHaveLength(1);
      expect(chargesOf(declined.id, manual)).toHaveLength(1);
    } finally {
      await counter.close();
    }
  });

  it('a second card sale while the first is on its way to the terminal is refused at once as busy, and never sent to the terminal (a kiosk instead calls off the first: its customer left)', async () => {
    // A terminal slow to show a payment (400 ms): asked while the first is on its way, it still says it is free.
    const slowPartner = await startCardPartner();
    const slow = await startTerminal({ deliveryMs: 400, stepMs: 10, resultMs: 30, autoPresentMs: 15 });
    const till = openCardTill({ partner: slowPartner, terminal: slow, profile: 'counter', timeoutSeconds: 2 });
    try {
      await readyToSell(till.pos);
      const { totalKobo: _a, ...first } = await cinemaSale(till, 'Regular');
      const { totalKobo: _b, ...second } = await cinemaSale(till, 'Regular');
      const firstSold = till.pos.api['sale:submit'](first);
      await until(() => slow.simulator.paymentRequests().some((pr) => String(pr.metadata?.sale_id) === first.saleId), 3_000, 'the first payment to be sent');
      const refused = value(await till.pos.api['sale:submit'](second));
      expect(refused.state).toBe('pending');
      expect(value(await till.pos.api['payment:get']({ saleId: second.saleId }))).toMatchObject({
        inProgress: false,
        canRetry: true,
        attempts: [{ state: 'failed', reason: expect.stringMatching(/busy with another payment.*Nothing was charged/) }],
      });
      expect(slow.simulator.paymentRequests().filter((pr) => String(pr.metadata?.sale_id) === second.saleId)).toHaveLength(0);
      expect(value(await firstSold).state).toBe('confirmed');
      expect(chargesOf(first.saleId, slow)).toHaveLength(1);
      // Once the terminal is free, the refused sale is paid on a second try.
      await until(() => slow.simulator.display().screen === 'idle', 3_000, 'the terminal to be free');
      expect(value(await till.pos.api['payment:retry']({ saleId: second.saleId })).state).toBe('confirmed');
      expect(chargesOf(second.saleId, slow)).toHaveLength(1);
    } finally {
      await till.close();
      await slow.close();
      await slowPartner.close();
    }
  });
});

describe('a card sale at a kiosk', () => {
  it('approved: paid at the terminal, then bought, confirmed with the card on record; progress reaches the screen', async () => {
    const request = await cinemaSale(kiosk, 'Regular');
    expect(request.totalKobo % 100).toBe(0);
    const progress: EventPayloadOf<'payment:progress'>[] = [];
    const off = kiosk.pos.events.subscribe((event, payload) => event === 'payment:progress' && progress.push(payload as EventPayloadOf<'payment:progress'>));
    const { totalKobo: _total, ...submit } = request;
    const sale = value(await kiosk.pos.api['sale:submit'](submit));
    off();
    expect(sale.state).toBe('confirmed');
    expect(purchasesOf(sale.id)).toHaveLength(1);
    expect(chargesOf(sale.id)).toHaveLength(1);
    const payment = value(await kiosk.pos.api['payment:get']({ saleId: sale.id }));
    expect(payment.attempts).toMatchObject([{ attempt: 1, state: 'approved', maskedPan: '**** 4081', scheme: 'visa', amountKobo: sale.totalKobo }]);
    expect(payment.attempts[0]!.authCode).toMatch(/^\d{6}$/);
    expect(progress.map((p) => p.stage)).toEqual(expect.arrayContaining(['checking-terminal', 'sending', 'waiting-for-card']));
    expect(progress.every((p) => p.saleId === sale.id && p.amountKobo === sale.totalKobo)).toBe(true);
  });

  it('declined (insufficient funds): nothing booked, the sale waits; Another card sells it, once', async () => {
    const request = await cinemaSale(manualKiosk, 'VIP');
    expect(request.totalKobo % 100).toBe(51);
    const { totalKobo: _total, ...submit } = request;
    const submitting = manualKiosk.pos.api['sale:submit'](submit);
    await until(() => manual.simulator.display().screen === 'waiting-for-card', 3_000, 'the terminal to wait for a card');
    expect(manual.simulator.presentCard()).toEqual({ ok: true });
    const waiting = value(await submitting);
    expect(waiting.state).toBe('pending');
    expect(purchasesOf(waiting.id, manualPartner)).toHaveLength(0);
    const payment = value(await manualKiosk.pos.api['payment:get']({ saleId: waiting.id }));
    expect(payment).toMatchObject({ canRetry: true, inProgress: false, attempts: [{ state: 'declined', declineCode: '51' }] });
    expect(payment.attempts[0]!.reason).toMatch(/not enough money/);

    // Another card: the customer presents a card that the bank approves.
    const retrying = manualKiosk.pos.api['payment:retry']({ saleId: waiting.id });
    await until(() => manual.simulator.display().screen === 'waiting-for-card', 3_000, 'the terminal to wait again');
    expect(manual.simulator.presentCard({ card: 'mastercard', test: 'approved' })).toEqual({ ok: true });
    const sold = value(await retrying);
    expect(sold.state).toBe('confirmed');
    expect(value(await manualKiosk.pos.api['payment:get']({ saleId: sold.id })).attempts).toMatchObject([{ state: 'declined' }, { state: 'approved', maskedPan: '**** 8381', scheme: 'mastercard' }]);
    expect(chargesOf(sold.id, manual)).toHaveLength(1);
    expect(purchasesOf(sold.id, manualPartner)).toHaveLength(1);
    // Sold: nothing more to retry or give up.
    expect(value(await manualKiosk.pos.api['payment:retry']({ saleId: sold.id })).state).toBe('confirmed');
    expect(value(await manualKiosk.pos.api['payment:abandon']({ saleId: sold.id })).state).toBe('confirmed');
  });

  it('Cancel while the terminal waits: called off on the terminal first, then the sale is let go and its seats released', async () => {
    const request = await cinemaSale(manualKiosk, 'Regular');
    const { totalKobo: _total, ...submit } = request;
    const submitting = manualKiosk.pos.api['sale:submit'](submit);
    await until(() => manual.simulator.display().screen === 'waiting-for-card', 3_000, 'the terminal to wait for a card');
    const abandoned = value(await manualKiosk.pos.api['payment:abandon']({ saleId: submit.saleId }));
    expect(abandoned).toMatchObject({ state: 'rejected', failureReason: expect.stringMatching(/Nothing was charged/) });
    // The English stays in the journal; a French cashier reads the till's own reason in French.
    expect(abandoned.failureReason).toBe('Cancelled before it was paid. Nothing was charged.');
    expect(saidIn(translator('fr'))(abandoned.failureSaid!)).toBe('Annulée avant d’être payée. Rien n’a été débité.');
    // The submission itself ended when the terminal called the payment off; the sale was let go after it.
    expect(['pending', 'rejected']).toContain(value(await submitting).state);
    expect(value(await manualKiosk.pos.api['sale:get']({ saleId: submit.saleId })).state).toBe('rejected');
    expect(value(await manualKiosk.pos.api['payment:get']({ saleId: submit.saleId })).attempts).toMatchObject([{ state: 'cancelled' }]);
    expect(manual.simulator.presentCard()).toMatchObject({ ok: false });
    expect(chargesOf(submit.saleId, manual)).toHaveLength(0);
    // The seats are free again: the same hold cannot be used, but the same tickets can be held anew.
    expect((await manualKiosk.pos.api['sale:hold'](request.cinema)).ok).toBe(true);
  });

  it('a new customer begins a sale while the last one\'s payment waits at the terminal (her screen reloaded): that payment is called off, and the new card pays the new sale', async () => {
    const { totalKobo: _a, ...left } = await cinemaSale(manualKiosk, 'Regular');
    const leftBehind = manualKiosk.pos.api['sale:submit'](left);
    await until(() => manual.simulator.display().screen === 'waiting-for-card', 3_000, 'the first customer\'s payment at the terminal');
    const next = await cinemaSale(manualKiosk, 'VIP');
    const { totalKobo: nextTotal, ...nextSubmit } = next;
    const selling = manualKiosk.pos.api['sale:submit'](nextSubmit);
    // The terminal now asks for the new customer's amount, not the one who left.
    await until(() => manual.simulator.display().screen === 'waiting-for-card' && manual.simulator.display().amountKobo === nextTotal, 5_000, 'the new payment at the terminal');
    expect(manual.simulator.presentCard({ card: 'visa', test: 'approved' })).toEqual({ ok: true });
    expect(value(await selling).state).toBe('confirmed');
    expect(chargesOf(nextSubmit.saleId, manual)).toHaveLength(1);
    await leftBehind;
    await until(() => manualKiosk.journal.sales.get(left.saleId).ok && value(manualKiosk.journal.sales.get(left.saleId))?.state === 'rejected', 3_000, 'the left sale to be let go');
    expect(value(manualKiosk.journal.payments.forSale(left.saleId)).map((p) => p.state)).toEqual(['cancelled']);
    expect(chargesOf(left.saleId, manual)).toHaveLength(0);
    expect(purchasesOf(left.saleId, manualPartner)).toHaveLength(0);
    // Its seats are free again.
    expect((await manualKiosk.pos.api['sale:hold'](left.cinema)).ok).toBe(true);
  });

  it('a new customer begins a sale while the last one\'s is still on its way to the terminal: that one never reaches it, and the new one does', async () => {
    // A fresh screen (the last test's customer forgotten), holding both orders' seats.
    value(await manualKiosk.pos.api['staff:sign-out']({}));
    const { totalKobo: _a, ...left } = await cinemaSale(manualKiosk, 'Regular');
    const { totalKobo: nextTotal, ...next } = await cinemaSale(manualKiosk, 'VIP');
    // Sent at the same moment: the first is still being quoted and written down when the second begins.
    const leftBehind = manualKiosk.pos.api['sale:submit'](left);
    const selling = manualKiosk.pos.api['sale:submit'](next);
    expect(value(await leftBehind)).toMatchObject({ state: 'rejected', failureReason: 'Cancelled before it was paid. Nothing was charged.' });
    await until(() => manual.simulator.display().screen === 'waiting-for-card' && manual.simulator.display().amountKobo === nextTotal, 5_000, 'the new payment at the terminal');
    expect(manual.simulator.presentCard({ test: 'approved' })).toEqual({ ok: true });
    expect(value(await selling).state).toBe('confirmed');
    expect(value(manualKiosk.journal.payments.forSale(left.saleId))).toEqual([]);
    expect(manual.simulator.paymentRequests().filter((pr) => String(pr.metadata?.sale_id) === left.saleId)).toHaveLength(0);
    expect(chargesOf(next.saleId, manual)).toHaveLength(1);
  });

  it('customers in quick succession: one whose payment waits for the terminal to let go of the last is called off there too; only the newest reaches it', async () => {
    // The till watches a called-off payment for 1.5 s (a card already being read may still be
    // approved), so the second customer's payment surely waits for the first's to end.
    const till = openCardTill({ partner: manualPartner, terminal: manual, profile: 'kiosk', timeoutSeconds: 10, terminalSettleMs: 1_500 });
    try {
      await readyToSell(till.pos);
      value(await till.pos.api['staff:sign-out']({}));
      const { totalKobo: _a, ...first } = await cinemaSale(till, 'Regular');
      const stay = await findStay(till.pos);
      const hotelSale = (prefix: string) => ({ saleId: newSaleId(prefix), kind: 'hotel' as const, hotel: stay.selection, customer, tender: { kind: 'card' as const } });
      const firstSelling = till.pos.api['sale:submit'](first);
      await until(() => manual.simulator.display().screen === 'waiting-for-card', 3_000, 'the first payment at the terminal');
      // The second begins: the first is called off, and the second waits for it to end.
      const second = hotelSale('SECOND');
      const secondSelling = till.pos.api['sale:submit'](second);
      await until(() => value(till.journal.sales.get(second.saleId))?.state === 'pending', 3_000, 'the second sale to be written down');
      // A third begins while the second still waits.
      const third = hotelSale('THIRD');
      const thirdSelling = till.pos.api['sale:submit'](third);
      expect(value(await secondSelling).state).not.toBe('confirmed');
      await until(() => manual.simulator.paymentRequests().some((pr) => String(pr.metadata?.sale_id) === third.saleId) && manual.simulator.display().screen === 'waiting-for-card', 5_000, 'the third payment at the terminal');
      expect(manual.simulator.presentCard({ test: 'approved' })).toEqual({ ok: true });
      expect(value(await thirdSelling).state).toBe('confirmed');
      await firstSelling;
      await until(() => value(till.journal.sales.get(second.saleId))?.state === 'rejected', 3_000, 'the second sale to be let go');
      // The second never reached the terminal: its attempt is journaled as the till's cancel.
      expect(manual.simulator.paymentRequests().filter((pr) => String(pr.metadata?.sale_id) === second.saleId)).toHaveLength(0);
      expect(value(till.journal.payments.forSale(second.saleId)).map((p) => p.state)).toEqual(['cancelled']);
      expect(value(till.journal.payments.forSale(first.saleId)).map((p) => p.state)).toEqual(['cancelled']);
      expect(value(till.journal.sales.get(first.saleId))?.state).toBe('rejected');
      expect(chargesOf(third.saleId, manual)).toHaveLength(1);
    } finally {
      await till.close();
    }
  });

  it('the kiosk screen resets (Start over, idle) while its customer\'s payment waits at the terminal: the payment is called off and the sale let go, once', async () => {
    const { totalKobo: _total, ...submit } = await cinemaSale(manualKiosk, 'Regular');
    const submitting = manualKiosk.pos.api['sale:submit'](submit);
    await until(() => manual.simulator.display().screen === 'waiting-for-card', 3_000, 'the payment at the terminal');
    // Start over sends Cancel and then the reset; both give up the same sale.
    const [cancelled] = await Promise.all([manualKiosk.pos.api['payment:abandon']({ saleId: submit.saleId }), manualKiosk.pos.api['staff:sign-out']({})]);
    expect(value(cancelled).state).toBe('rejected');
    await submitting;
    await until(() => manual.simulator.display().screen !== 'waiting-for-card', 3_000, 'the terminal to stop waiting');
    expect(value(manualKiosk.journal.payments.forSale(submit.saleId)).map((p) => p.state)).toEqual(['cancelled']);
    expect(value(manualKiosk.journal.sales.get(submit.saleId))?.state).toBe('rejected');
  });

  it('the kiosk screen resets while its customer is between two cards: the sale is let go and its seats released', async () => {
    const request = await cinemaSale(manualKiosk, 'Regular');
    const { totalKobo: _total, ...submit } = request;
    const submitting = manualKiosk.pos.api['sale:submit'](submit);
    await until(() => manual.simulator.display().screen === 'waiting-for-card', 3_000, 'the payment at the terminal');
    expect(manual.simulator.presentCard({ test: 'declined' })).toEqual({ ok: true });
    expect(value(await submitting).state).toBe('pending');
    value(await manualKiosk.pos.api['staff:sign-out']({}));
    await until(() => value(manualKiosk.journal.sales.get(submit.saleId))?.state === 'rejected', 3_000, 'the sale to be let go');
    expect((await manualKiosk.pos.api['sale:hold'](request.cinema)).ok).toBe(true);
  });

  it('answer lost after approval: settled by lookup, then bought; one charge, one purchase', async () => {
    const request = await cinemaSale(kiosk, 'Twin Seat');
    expect(request.totalKobo % 100).toBe(99);
    const { totalKobo: _total, ...submit } = request;
    const sale = value(await kiosk.pos.api['sale:submit'](submit));
    expect(sale.state).toBe('confirmed');
    expect(chargesOf(sale.id)).toHaveLength(1);
    expect(purchasesOf(sale.id)).toHaveLength(1);
  });

  it('100 concurrent submits of one card sale: one payment, one purchase', async () => {
    const stay = await findStay(kiosk.pos);
    const request = { saleId: newSaleId('CONC'), kind: 'hotel' as const, hotel: stay.selection, customer, tender: { kind: 'card' as const } };
    const results = await Promise.all(Array.from({ length: 100 }, () => kiosk.pos.api['sale:submit'](request)));
    expect(results.every((r) => r.ok && r.value.state === 'confirmed')).toBe(true);
    expect(chargesOf(request.saleId)).toHaveLength(1);
    expect(purchasesOf(request.saleId)).toHaveLength(1);
    expect(value(kiosk.journal.payments.forSale(request.saleId))).toHaveLength(1);
  });

  it('the partner refuses after the card was approved: the payment is reversed automatically, once', async () => {
    const stay = await findStay(kiosk.pos);
    const request = { saleId: newSaleId('REFUSE'), kind: 'hotel' as const, hotel: stay.selection, customer, tender: { kind: 'card' as const } };
    const sale = value(await kiosk.pos.api['sale:submit'](request));
    expect(sale).toMatchObject({ state: 'rejected' });
    // Staff read that the terminal gives it back: nothing to hand back from the drawer.
    expect(sale.failureReason).toMatch(/reversed and given back to the card automatically: there is no cash to hand back/);
    expect(sale.failureReason).not.toMatch(/Give back any payment/);
    // ...and the screen's own line under it says the same, not "give back any payment taken" (cash on top of the reversal).
    expect(rejectedNoteKey(sale)).toBe('sale.rejectedCardNote');
    // In French: the partner's own reason as it came, then the terminal's giving back in French.
    const reason = sale.failureReason!.slice(0, sale.failureReason!.indexOf(' The card payment taken at the terminal'));
    expect(saidIn(translator('fr'))(sale.failureSaid!)).toBe(`${reason} Le paiement par carte pris au terminal est annulé et rendu automatiquement sur la carte : il n’y a pas d’espèces à rendre, ni rien à rembourser à la main.`);
    await until(() => value(kiosk.journal.payments.forSale(request.saleId)).some((p) => p.state === 'reversed'), 5_000, 'the reversal');
    const [payment] = value(kiosk.journal.payments.forSale(request.saleId));
    expect(payment).toMatchObject({ state: 'reversed', refundReference: expect.any(String) });
    const charge = chargesOf(request.saleId)[0]!;
    expect(terminal.simulator.refunds().filter((r) => r.transaction_id === charge.id)).toMatchObject([{ amount: sale.totalKobo }]);
    expect(purchasesOf(request.saleId)).toHaveLength(0);
  });

  it('paid, then the partner has no record of the sale: rejected by lookup, reversed automatically, and no cash to hand back', async () => {
    const stay = await findStay(kiosk.pos);
    const request = { saleId: newSaleId('LOST'), kind: 'hotel' as const, hotel: stay.selection, customer, tender: { kind: 'card' as const } };
    const sent = value(await kiosk.pos.api['sale:submit'](request));
    expect(sent.state).toBe('unknown');
    // The reconciler asks the partner after the grace window and finds nothing under the sale id.
    await until(() => value(kiosk.journal.sales.get(request.saleId))?.state === 'rejected', 5_000, 'the lookup to reject the sale');
    const sale = value(await kiosk.pos.api['sale:get']({ saleId: request.saleId }));
    expect(sale.failureReason).toMatch(/^The partner has no record of this sale, so it was not booked and the partner charged nothing\. The card payment taken at the terminal is reversed and given back to the card automatically: there is no cash to hand back, and nothing to refund by hand\.$/);
    expect(rejectedNoteKey(sale)).toBe('sale.rejectedCardNote');
    // The reconciler's own sentence, not read as a partner's reason followed by the terminal's giving back.
    expect(sale.failureSaid).toEqual({ key: 'said.sale.noRecordPaidAtTerminal' });
    await until(() => value(kiosk.journal.payments.forSale(request.saleId)).some((p) => p.state === 'reversed'), 5_000, 'the reversal');
    expect(terminal.simulator.refunds().filter((r) => r.transaction_id === chargesOf(request.saleId)[0]!.id)).toMatchObject([{ amount: sale.totalKobo }]);
    expect(purchasesOf(request.saleId)).toHaveLength(0);
  });
});
