import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCardTill, refusedPrefix, startCardPartner, type CardPartner, type CardTill } from '../helpers/card-fixture';
import { customer, failure, findShowing, readyToSell, selectionOf, value } from '../helpers/sales-fixture';
import { startTerminal, type TerminalRig } from '../helpers/terminal-fixture';

/**
 * Card refunds at a counter with an integrated terminal (the Paystack adapter against the
 * simulated terminal over HTTP): the refund is journaled first, then sent to the terminal as a
 * refund of the sale's own card payment, and its answer journaled. Checked on the journal and on
 * the terminal's own records.
 */

let partner: CardPartner;
let terminal: TerminalRig;
let till: CardTill;
const ids = { bola: 0, ngozi: 0, tunde: 0 };
const api = () => till.pos.api;
const reason = { reason: 'venue-cancelled' as const, note: 'Show cancelled by the cinema' };

/** A counter till paying at `at`, with a shift open, two supervisors, and the cashier Tunde signed in. */
async function staffedTill(at: TerminalRig): Promise<CardTill> {
  const opened = openCardTill({ partner, terminal: at, profile: 'counter' });
  ids.bola = (await readyToSell(opened.pos)).id;
  ids.ngozi = value(await opened.pos.api['staff:create']({ name: 'Ngozi Okafor', role: 'supervisor', pin: '8642' })).id;
  ids.tunde = value(await opened.pos.api['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' })).id;
  value(await opened.pos.api['staff:sign-in']({ staffId: ids.tunde, pin: '1357' }));
  return opened;
}

beforeAll(async () => {
  partner = await startCardPartner();
  terminal = await startTerminal();
  till = await staffedTill(terminal);
});

afterAll(async () => {
  await till?.close();
  await terminal?.close();
  await partner?.close();
});

/** Two Regular tickets paid at the terminal (amounts ending in 00 are approved), on `on` (the shared till). */
async function cardSale(saleId = `CARD-${randomUUID()}`, on: CardTill = till) {
  const showing = await findShowing(on.pos, 'Harmattan Heart');
  const selection = selectionOf(showing, [['Regular', 2]]);
  const hold = value(await on.pos.api['sale:hold'](selection));
  return value(await on.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } }));
}

const refundsAtTerminal = (saleId: string) => {
  const requests = terminal.simulator.paymentRequests().filter((pr) => String(pr.metadata?.sale_id) === saleId).map((pr) => pr.id);
  const transactions = terminal.simulator.transactions().filter((tx) => requests.includes(tx.payment_request_id)).map((tx) => tx.id);
  return terminal.simulator.refunds().filter((r) => transactions.includes(r.transaction_id));
};

describe('card refunds through the integrated terminal', () => {
  it('a ticket at a time: each refund reaches the terminal once, for its amount, and opens its cancellation', async () => {
    const sale = await cardSale();
    expect(sale.state).toBe('confirmed');
    const options = value(await api()['correction:options']({ saleId: sale.id }));
    expect(options.tenders).toEqual([{ kind: 'card', paidKobo: sale.totalKobo, returnedKobo: 0, remainingKobo: sale.totalKobo, route: 'terminal' }]);
    const unit = sale.lines[0]!.unitKobo;

    const first = value(await api()['correction:refund']({ correctionId: `R-${randomUUID()}`, saleId: sale.id, basis: 0, tender: 'card', lines: [{ line: 0, quantity: 1 }], approval: { supervisorId: ids.bola, pin: '2468' }, ...reason }));
    expect(first.correction).toMatchObject({ route: 'terminal', state: 'done', amountKobo: unit, approvalCode: null, terminalReference: expect.any(String), cancellation: { state: 'owed' } });
    expect(refundsAtTerminal(sale.id).map((r) => r.amount)).toEqual([unit]);

    const second = value(await api()['correction:refund']({ correctionId: `R-${randomUUID()}`, saleId: sale.id, basis: 1, tender: 'card', lines: [{ line: 0, quantity: 1 }], approval: { supervisorId: ids.ngozi, pin: '8642' }, ...reason }));
    expect(second.correction).toMatchObject({ state: 'done', amountKobo: sale.totalKobo - unit });
    expect(refundsAtTerminal(sale.id).map((r) => r.amount)).toEqual([unit, sale.totalKobo - unit]);
    expect(value(await api()['correction:options']({ saleId: sale.id }))).toMatchObject({ action: null, why: 'Everything paid for this sale has already been given back.' });
    expect(value(await api()['shift:current']({})).report!.corrections!.byTender.find((t) => t.kind === 'refund' && t.tender === 'card')).toMatchObject({ count: 2, totalKobo: sale.totalKobo });
  });

  it('the terminal refusing gives nothing back: the refund is failed and the money can be given back again', async () => {
    const refundsBefore = value(await api()['shift:current']({})).report!.corrections!.refunds.count;
    const sale = await cardSale();
    // Someone refunded the whole payment on the terminal's own dashboard, behind the till's back.
    const request = terminal.simulator.paymentRequests().find((pr) => String(pr.metadata?.sale_id) === sale.id)!;
    const tx = terminal.simulator.transactions().find((t) => t.payment_request_id === request.id)!;
    const behind = await fetch(new URL('/refund', terminal.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${terminal.simulator.secretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ transaction: tx.id }),
    });
    expect(behind.ok).toBe(true);
    const refused = value(await api()['correction:refund']({ correctionId: `R-${randomUUID()}`, saleId: sale.id, basis: 0, tender: 'card', lines: [{ line: 0, quantity: 2 }], approval: { supervisorId: ids.bola, pin: '2468' }, ...reason }));
    expect(refused.correction).toMatchObject({ state: 'failed', problem: expect.stringMatching(/refused the refund/), cancellation: null });
    expect(value(await api()['correction:options']({ saleId: sale.id })).tenders[0]).toMatchObject({ returnedKobo: 0, remainingKobo: sale.totalKobo });
    // A failed refund gives nothing back: the shift's refunds do not move.
    expect(value(await api()['shift:current']({})).report!.corrections!.refunds.count).toBe(refundsBefore);
  });

  it('a rejected sale’s card payment is reversed by the terminal by itself: a void has nothing left to give', async () => {
    const sale = await cardSale(`${refusedPrefix}${randomUUID()}`);
    expect(sale.state).toBe('rejected');
    const options = value(await api()['correction:options']({ saleId: sale.id }));
    expect(options).toMatchObject({ action: null, tenders: [{ kind: 'card', remainingKobo: 0 }] });
    expect(failure(await api()['correction:void']({ correctionId: `V-${randomUUID()}`, saleId: sale.id, basis: 0, tender: 'card', approval: { supervisorId: ids.bola, pin: '2468' }, reason: 'not-completed', note: 'refused' }))).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already been given back/),
    });
  });
  it('no answer from the terminal: in doubt, counted as given back so it is never sent twice, and listed', async () => {
    // A till and terminal of their own: this terminal goes down, which no other case may inherit.
    const ownTerminal = await startTerminal();
    const own = await staffedTill(ownTerminal);
    try {
      const sale = await cardSale(`CARD-${randomUUID()}`, own);
      await ownTerminal.server.close();
      const lost = value(await own.pos.api['correction:refund']({ correctionId: `R-${randomUUID()}`, saleId: sale.id, basis: 0, tender: 'card', lines: [{ line: 0, quantity: 1 }], approval: { supervisorId: ids.bola, pin: '2468' }, ...reason }));
      expect(lost.correction).toMatchObject({ state: 'unknown', problem: expect.any(String), cancellation: null });
      const options = value(await own.pos.api['correction:options']({ saleId: sale.id }));
      expect(options.tenders[0]!.returnedKobo).toBe(lost.correction.amountKobo);
      expect(options.lines[0]).toMatchObject({ returned: 1, remaining: 1 });
      expect(value(await own.pos.api['shift:current']({})).report!.corrections!.inProgress).toEqual({ count: 1, totalKobo: lost.correction.amountKobo });
      expect(value(await own.pos.api['correction:settle']({ correctionId: lost.correction.id })).correction.state).toBe('unknown');
    } finally {
      await own.close();
      await ownTerminal.close();
    }
  });
});
