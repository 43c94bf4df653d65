import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../electron/sandbox';
import { gatewayPage, type FailingGateway } from '../helpers/failing-gateway';
import { openGatewayTill, settledSale, type GatewayTill } from '../helpers/gateway-till';
import { customer, findShowing, findStay, newSaleId, purchasesOf, selectionOf, value, type Till } from '../helpers/sales-fixture';

/**
 * Answers a hostile gateway or a careless partner gives that are not this sale's, or refusals that
 * are not the whole truth. A sale is confirmed only on an answer that can be its own, and a refusal
 * of a purchase that left the till is believed only once a lookup under our reference finds
 * nothing. Real sandbox over HTTP, a real gateway in front of it, a real journal file.
 */

let rig: GatewayTill;
let sandbox: Sandbox;
let gateway: FailingGateway;
let till: Till;

beforeAll(async () => {
  rig = await openGatewayTill();
  ({ sandbox, gateway, till } = rig);
});
afterAll(() => rig.close());
beforeEach(() => rig.reset());

const settled = (saleId: string) => settledSale(till, saleId);

const envelope = (status: number, data: unknown) => JSON.stringify({ success: true, status, message: 'OK', data });
const lookupsOf = (saleId: string) => gateway.requests.filter((r) => r.method === 'GET' && r.path.includes(`merchant_reference=${encodeURIComponent(saleId)}`));

async function sellCinema(saleId = newSaleId('AO'), on: Till = till) {
  const showing = await findShowing(on.pos);
  return value(await on.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selectionOf(showing, [['Regular', 1]]), customer, tender: { kind: 'cash', tenderedKobo: 10_000_000 } }));
}

describe('a refusal of a purchase that left the till', () => {
  it('a gateway that sent the purchase twice passes on the refusal of the second: one lookup finds the first, and the sale is confirmed', async () => {
    gateway.sendPurchasesTwice = 1;
    const saleId = newSaleId('AO');
    const sale = await sellCinema(saleId);
    // The second copy was refused (its seats' hold was already used), but the first bought them.
    expect(purchasesOf(sandbox, saleId)).toHaveLength(1);
    expect(sale).toMatchObject({ state: 'confirmed', partnerReference: purchasesOf(sandbox, saleId)[0]!.reference });
    expect(lookupsOf(saleId)).toHaveLength(1);
  });

  it('a 201 that says success false with a 409 after the partner committed: confirmed by the lookup, not called refused', async () => {
    gateway.afterCommit.push({ kind: 'status', status: 201, body: JSON.stringify({ success: false, status: 409, message: 'Conflict' }) });
    const saleId = newSaleId('AO');
    const sale = await sellCinema(saleId);
    expect(sale).toMatchObject({ state: 'confirmed', partnerReference: purchasesOf(sandbox, saleId)[0]!.reference });
  });

  it('a refusal the lookup agrees with is a refusal at once, and one the lookup cannot check waits for it', async () => {
    gateway.beforeCommit.push({ kind: 'status', status: 422, body: JSON.stringify({ success: false, status: 422, message: 'The customer email is not valid.', errors: { email: ['is not valid'] } }) });
    const refusedId = newSaleId('AO');
    const refused = await sellCinema(refusedId);
    expect(refused.state).toBe('rejected');
    expect(refused.failureReason).toMatch(/customer email is not valid/);
    expect(lookupsOf(refusedId)).toHaveLength(1);

    // The partner refuses, and its lookup cannot be reached: not believed yet, settled later.
    gateway.beforeCommit.push({ kind: 'status', status: 409, body: JSON.stringify({ success: false, status: 409, message: 'Sold out.' }) });
    gateway.blocked.push({ path: /merchant_reference=/, failure: gatewayPage(502, 'Bad Gateway') });
    const uncheckedId = newSaleId('AO');
    const unchecked = await sellCinema(uncheckedId);
    expect(unchecked.state).toBe('unknown');
    expect(unchecked.failureReason).toMatch(/refused the sale, but the till could not check/);
    gateway.blocked.length = 0;
    expect((await settled(uncheckedId)).state).toBe('rejected');
    expect(purchasesOf(sandbox, uncheckedId)).toHaveLength(0);
  });
});

describe('an answer that is another sale’s', () => {
  it('a caching gateway replays the answer of an earlier sale: the new sale is not confirmed on it, and ends not completed when the partner has nothing', async () => {
    const first = await sellCinema();
    expect(first.state).toBe('confirmed');
    const earlier = purchasesOf(sandbox, first.id)[0]!;
    // Once with the earlier sale's merchant reference, once without any (only its partner reference).
    for (const answer of [{ reference: earlier.reference, merchant_reference: first.id }, { reference: earlier.reference }]) {
      gateway.beforeCommit.push({ kind: 'status', status: 201, body: envelope(201, { ...answer, invoice_id: 7, amount: 3500 }) });
      const saleId = newSaleId('AO');
      const sale = await sellCinema(saleId);
      expect(sale.state).toBe('unknown');
      expect(sale.failureReason).toMatch(/does not belong to this sale/);
      const final = await settled(saleId);
      expect(final.state).toBe('rejected');
      expect(final.partnerReference).toBeNull();
    }
    // The earlier sale keeps its reference, alone.
    expect(value(till.journal.sales.search({ limit: 500 })).filter((sale) => sale.partnerReference === earlier.reference).map((sale) => sale.id)).toEqual([first.id]);
  });

  it('a hotel booking answered with a ticket reference is not confirmed on it', async () => {
    const stay = await findStay(till.pos);
    gateway.beforeCommit.push({ kind: 'status', status: 201, body: envelope(201, { reference: 'EX9990001112', amount: 3500 }) });
    const saleId = newSaleId('AO');
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } }));
    expect(sale.state).toBe('unknown');
    expect(sale.failureReason).toMatch(/belongs to the other service/);
  });

  it('a lookup that answers with another sale’s transaction, or with a failed one, settles nothing on it', async () => {
    const first = await sellCinema();
    const theirs = purchasesOf(sandbox, first.id)[0]!;
    for (const lookupAnswer of [theirs, { ...theirs, merchant_reference: null }, { ...theirs, reference: 'EX5550001112', merchant_reference: null, status: 'failed' }]) {
      // The purchase never reaches the partner; the lookup for it answers something else.
      gateway.beforeCommit.push(gatewayPage(502, 'Bad Gateway'));
      const saleId = newSaleId('AO');
      gateway.blocked.push({ path: new RegExp(`merchant_reference=${saleId}`), failure: { kind: 'status', status: 200, body: envelope(200, lookupAnswer) } });
      const sale = await sellCinema(saleId);
      expect(sale.state).toBe('unknown');
      await new Promise((resolve) => setTimeout(resolve, 900));
      const waiting = value(await till.pos.api['sale:get']({ saleId }));
      expect(waiting.partnerReference).toBeNull();
      // A failed transaction reads as none: past the window, the sale is not completed. The others stay open.
      expect(waiting.state).toBe(lookupAnswer.status === 'failed' ? 'rejected' : 'unknown');
      gateway.blocked.length = 0;
      expect((await settled(saleId)).state).toBe('rejected');
    }
  });
});

describe('an answer that says two things', () => {
  it('a purchase answer naming its reference twice is not read: the sale is looked up and confirmed on the partner’s own reference', async () => {
    const twice = '{"success":true,"status":201,"message":"Tickets purchased","data":{"reference":"EX1111111111","invoice_id":1,"amount":3500,"reference":"EX0000000001","tickets":[]}}';
    gateway.afterCommit.push({ kind: 'status', status: 201, contentType: 'application/json', body: twice });
    const saleId = newSaleId('DUP');
    const answered = await sellCinema(saleId);
    expect(answered.partnerReference).toBeNull();
    const sale = await settled(saleId);
    expect(sale).toMatchObject({ state: 'confirmed', partnerReference: purchasesOf(sandbox, saleId)[0]!.reference });
    expect(['EX1111111111', 'EX0000000001']).not.toContain(sale.partnerReference);
  });
});

describe('a lookup that does not name the sale it answers', () => {
  it('answering another till’s transaction (another customer, or no customer and another amount) confirms nothing; one with this customer does, its amount flagged', async () => {
    // A till of its own: it ends with a sale confirmed on another till's transaction, which the
    // partner cannot find under this sale's number, and no other case may inherit that.
    const own = await openGatewayTill();
    try {
      const first = await sellCinema(newSaleId('AO'), own.till);
      const theirs = purchasesOf(own.sandbox, first.id)[0]!;
      const otherTill = { ...theirs, reference: 'EX9990001234', merchant_reference: null, amount: theirs.amount * 2 };
      const cases = [
        { answer: { ...otherTill, details: { ...theirs.details, merchant_reference: null, email: 'other.till@example.com' } }, settles: false },
        { answer: { ...otherTill, reference: 'EX9990001235', details: null }, settles: false },
        { answer: { ...otherTill, reference: 'EX9990001236', details: { ...theirs.details, merchant_reference: null, email: customer.email.toUpperCase() } }, settles: true },
      ];
      for (const { answer, settles } of cases) {
        own.gateway.beforeCommit.push(gatewayPage(502, 'Bad Gateway'));
        const saleId = newSaleId('NE');
        own.gateway.blocked.push({ path: new RegExp(`merchant_reference=${saleId}`), failure: { kind: 'status', status: 200, body: envelope(200, answer) } });
        expect((await sellCinema(saleId, own.till)).state).toBe('unknown');
        if (settles) {
          expect(await settledSale(own.till, saleId)).toMatchObject({ state: 'confirmed', partnerReference: answer.reference, amountMismatch: true });
          continue;
        }
        await new Promise((resolve) => setTimeout(resolve, 900));
        const waiting = value(await own.till.pos.api['sale:get']({ saleId }));
        expect(waiting, JSON.stringify(answer.details)).toMatchObject({ state: 'unknown', partnerReference: null });
        expect(waiting.failureReason).toMatch(/does not name this sale/);
        own.gateway.blocked.length = 0;
        expect((await settledSale(own.till, saleId)).state).toBe('rejected');
      }
    } finally {
      await own.close();
    }
  });
});

describe('a lookup that says "no record" for everything', () => {
  it('does not give up a sale the partner holds: "no record" is believed only from a lookup that finds a sale the partner surely holds', async () => {
    const known = await sellCinema();
    expect(known.state).toBe('confirmed');
    // The partner takes the next sale, the gateway loses the answer, and the partner's framework
    // answers every lookup by our reference with its own 404 envelope (the route is not there).
    gateway.afterCommit.push(gatewayPage(502, 'Bad Gateway'));
    gateway.blocked.push({ path: /merchant_reference=/, failure: { kind: 'status', status: 404, body: JSON.stringify({ success: false, status: 404, message: 'Not found.' }) } });
    const saleId = newSaleId('AO');
    expect((await sellCinema(saleId)).state).toBe('unknown');
    expect(purchasesOf(sandbox, saleId)).toHaveLength(1);
    // Well past the grace window (600 ms), it is still open, and says why.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const waiting = value(await till.pos.api['sale:get']({ saleId }));
    expect(waiting.state).toBe('unknown');
    expect(waiting.failureReason).toMatch(new RegExp(`does not find sale ${known.id}`));
    // It is answering: the screen says so, and what a supervisor can do.
    expect(waiting.failureReason).toMatch(/^The partner answers, but its answer does not settle this sale .*a supervisor can settle it by hand/);
    expect(lookupsOf(known.id).length).toBeGreaterThan(0);
    // The route works again: settled as the partner holds it.
    gateway.blocked.length = 0;
    expect(await settled(saleId)).toMatchObject({ state: 'confirmed', partnerReference: purchasesOf(sandbox, saleId)[0]!.reference });
  });
});
