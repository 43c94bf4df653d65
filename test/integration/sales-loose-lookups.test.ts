import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../electron/sandbox';
import type { SaleView } from '../../shared/sales/sale-view';
import { gatewayPage, type FailingGateway, type GatewayFailure } from '../helpers/failing-gateway';
import { openGatewayTill, saleWhen, type GatewayTill } from '../helpers/gateway-till';
import { customer, findStay, newSaleId, purchasesOf, value, type Till } from '../helpers/sales-fixture';

/**
 * A partner whose lookup says "no such transaction" inside a 200 (`data: null` under a success, or
 * its 404 envelope under HTTP 200), read as the partner's own "none" (docs/partner-api-notes.md,
 * "Shapes read loosely"). It settles a sale that never reached the partner, after the grace window
 * as before; and it gives up on no sale the partner holds: a partner that answers it for everything
 * is caught by the proof lookup of a sale it confirmed. Real sandbox, real gateway sockets, a real
 * journal file.
 */

let rig: GatewayTill;
let sandbox: Sandbox;
let gateway: FailingGateway;
let till: Till;

beforeAll(async () => {
  rig = await openGatewayTill();
  ({ sandbox, gateway, till } = rig);
  // A sale the partner surely holds, for the proof lookup before any sale is given up.
  const stay = await findStay(till.pos);
  expect(value(await till.pos.api['sale:submit']({ saleId: newSaleId('HELD'), kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } })).state).toBe('confirmed');
});
afterAll(() => rig.close());
beforeEach(() => rig.reset());

const until = (saleId: string, done: (sale: SaleView) => boolean) => saleWhen(till, saleId, done);

const answered = (body: unknown): GatewayFailure => ({ kind: 'status', status: 200, body: JSON.stringify(body) });
const noneInside200: Array<[string, GatewayFailure]> = [
  ['data null under a success', answered({ success: true, status: 200, message: 'No transaction found', data: null })],
  ['data null, keys cased and success as a string', answered({ Success: 'true', Status: '200', Data: null })],
  ['the 404 envelope under HTTP 200', answered({ success: false, status: 404, message: 'Transaction not found' })],
];

describe('a lookup saying "none" inside a 200', () => {
  it.each(noneInside200)('%s: a sale that never reached the partner is rejected after the grace window', async (_, none) => {
    const stay = await findStay(till.pos);
    gateway.beforeCommit.push(gatewayPage(502, 'Bad Gateway'));
    const saleId = newSaleId('NONE');
    gateway.blocked.push({ path: new RegExp(`merchant_reference=${saleId}`), failure: none });
    expect(value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } })).state).toBe('unknown');
    const final = await until(saleId, (sale) => sale.state !== 'unknown' && sale.state !== 'sent');
    expect(final.state).toBe('rejected');
    expect(final.failureReason).toMatch(/no record of this sale/);
    expect(purchasesOf(sandbox, saleId)).toEqual([]);
  });

  it.each(noneInside200)('%s for every lookup: a sale the partner holds is never given up, and is confirmed once lookups answer', async (_, none) => {
    const stay = await findStay(till.pos);
    // The partner books, the gateway loses the answer, and every lookup then says "none".
    gateway.afterCommit.push(gatewayPage(502, 'Bad Gateway'));
    gateway.blocked.push({ path: /\/transactions?[/?]/, failure: none });
    const saleId = newSaleId('HELD');
    expect(value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } })).state).toBe('unknown');
    expect(purchasesOf(sandbox, saleId)).toHaveLength(1);
    // Past the grace window, the proof lookup does not find the confirmed sale: "none" is not believed.
    const waiting = await until(saleId, (sale) => /cannot be believed/.test(sale.failureReason ?? '') || sale.state !== 'unknown');
    expect(waiting.state).toBe('unknown');
    gateway.blocked.length = 0;
    const final = await until(saleId, (sale) => sale.state !== 'unknown');
    expect(final).toMatchObject({ state: 'confirmed', partnerReference: purchasesOf(sandbox, saleId)[0]!.reference });
  });

  it('data null beside any other status is no answer: the sale waits, and is settled once lookups answer', async () => {
    const stay = await findStay(till.pos);
    gateway.afterCommit.push(gatewayPage(502, 'Bad Gateway'));
    gateway.blocked.push({ path: /\/transactions?[/?]/, failure: answered({ success: true, status: 500, data: null }) });
    const saleId = newSaleId('ODD');
    expect(value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } })).state).toBe('unknown');
    const waiting = await until(saleId, (sale) => /not answering/.test(sale.failureReason ?? '') || sale.state !== 'unknown');
    expect(waiting.state).toBe('unknown');
    gateway.blocked.length = 0;
    expect((await until(saleId, (sale) => sale.state !== 'unknown')).state).toBe('confirmed');
  });
});
