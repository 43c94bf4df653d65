import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, startSandboxServer, type Sandbox, type SandboxServer } from '../../electron/sandbox';
import { customer, failure, findStay, newSaleId, openTill, readyToSell, value, type Till } from '../helpers/sales-fixture';

/**
 * Hotel guests and kiosk customers are often visitors: a foreign mobile number with its + code is
 * taken as typed (spaces and brackets aside) and reaches the partner as + and its digits; a
 * Nigerian landline, or a number too short to be one, is still refused at the door. Real sandbox
 * over HTTP, real journal file.
 */
let sandbox: Sandbox;
let server: SandboxServer;
let till: Till;

beforeAll(async () => {
  sandbox = createSandbox();
  server = await startSandboxServer({ sandbox });
  till = openTill({ url: server.url });
  await readyToSell(till.pos);
});
afterAll(async () => {
  await till.close();
  await server.close();
  fs.rmSync(till.dataDir, { recursive: true, force: true });
});

describe('a foreign guest’s phone', () => {
  it('books a room with a UK mobile, sent to the partner as +447700900123', async () => {
    const stay = await findStay(till.pos);
    const saleId = newSaleId('INTL');
    const sale = value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer: { ...customer, phone: '+44 7700 900123', dob: '1980-05-01' }, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 2 } }));
    expect(sale.state).toBe('confirmed');
    expect(sandbox.transactions().find((t) => t.merchant_reference === saleId)).toMatchObject({ details: { phone_number: '+447700900123' } });
  });

  it('writes a Nigerian mobile with its trunk zero after +234 as +234 and ten digits, and refuses a landline or a short number', async () => {
    const stay = await findStay(till.pos);
    const saleId = newSaleId('NG');
    value(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer: { ...customer, phone: '+234 (0) 803 123 4567', dob: '1980-05-01' }, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 2 } }));
    expect(sandbox.transactions().find((t) => t.merchant_reference === saleId)).toMatchObject({ details: { phone_number: '+2348031234567' } });
    for (const phone of ['01 234 5678', '+234 1 234 5678', '+44 7700']) {
      const refused = failure(await till.pos.api['sale:submit']({ saleId: newSaleId('BAD'), kind: 'hotel', hotel: stay.selection, customer: { ...customer, phone, dob: '1980-05-01' }, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 2 } }));
      expect(refused.code, phone).toBe('VALIDATION');
      expect(Object.keys(refused.fields ?? {}).join(' '), phone).toContain('phone');
    }
  });
});
