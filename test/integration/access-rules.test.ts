import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPosRuntime } from '../../electron/app/runtime';
import { instantTraining } from '../helpers/terminal-fixture';
import type { Pos } from '../../electron/app/create-pos';
import { loadConfig } from '../../electron/core/config/load';
import { silentLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { channelNames, channels, type ChannelName } from '../../shared/ipc/contract';
import type { Result } from '../../shared/result';
import type { SaleView } from '../../shared/sales/sale-view';
import { customer, failure, findShowing, newSaleId, selectionOf, value } from '../helpers/sales-fixture';

/**
 * The access rule written on each channel of the contract, enforced by dispatch, through a real
 * till (training sandbox in-process, a real journal file, the preview printer).
 */
const dirs: string[] = [];
const tills: Pos[] = [];
afterAll(async () => {
  for (const pos of tills) await pos.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function openTill(profile: 'counter' | 'kiosk'): Pos {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-access-'));
  dirs.push(dataDir);
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir, profile } });
  if (!loaded.ok) throw new Error(loaded.message);
  const pos = createPosRuntime({ config: loaded.config, secrets: createFileSecretStore({ dataDir, env: {} }), logger: silentLogger, version: 'test', cardTerminal: instantTraining() });
  tills.push(pos);
  return pos;
}

const refusals = ['UNAUTHORIZED', 'FORBIDDEN'];
const byAccess = (access: string) => channelNames.filter((name) => channels[name].access === access);

/** Sets up the supervisor (and a cashier), opens a shift, and sells one cinema sale as staff. */
async function staffedTill(profile: 'counter' | 'kiosk') {
  const pos = openTill(profile);
  const boss = value(await pos.api['staff:setup']({ name: 'Bola Adeyemi', pin: '2468' }));
  const cashier = value(await pos.api['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }));
  value(await pos.api['shift:open']({ floatKobo: 0 }));
  const showing = await findShowing(pos);
  const sale = await sellCinema(pos, showing);
  return { pos, boss, cashier, showing, sale };
}

async function sellCinema(pos: Pos, showing: Awaited<ReturnType<typeof findShowing>>, saleId = newSaleId()): Promise<SaleView> {
  const selection = selectionOf(showing, [['Regular', 1]]);
  const hold = value(await pos.api['sale:hold'](selection));
  return value(await pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } }));
}

describe('a counter', () => {
  it('refuses every non-public channel to a signed-out caller before looking at the request', async () => {
    const { pos } = await staffedTill('counter');
    value(await pos.api['staff:sign-out']({}));
    for (const name of channelNames) {
      const result = await pos.dispatch(name, { junk: true });
      if (channels[name].access === 'public') expect(result.ok || !refusals.includes(result.error.code), name).toBe(true);
      else expect(failure(result), name).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('gives signed-out callers none of the customers\u2019 data, and no settling', async () => {
    const { pos, sale } = await staffedTill('counter');
    expect(sale.state).toBe('confirmed');
    value(await pos.api['staff:sign-out']({}));
    const answers: Result<unknown>[] = [
      await pos.api['sale:get']({ saleId: sale.id }),
      await pos.api['receipt:preview']({ saleId: sale.id }),
      await pos.api['receipt:status']({ saleId: sale.id }),
      await pos.api['sale:search']({ text: customer.name }),
      await pos.api['staff:list']({}),
      await pos.api['shift:current']({}),
      await pos.api['sale:settle']({ saleId: sale.id }),
      await pos.api['sale:attention']({}),
    ];
    for (const answer of answers) {
      expect(failure(answer).code).toBe('UNAUTHORIZED');
      expect(JSON.stringify(answer)).not.toContain(customer.email);
    }
    // The sign-in screen still gets names to tap, and nothing else about the staff.
    expect(value(await pos.api['staff:roster']({})).staff).toEqual([
      { id: 1, name: 'Bola Adeyemi' },
      { id: 2, name: 'Tunde Bakare' },
    ]);
  });

  it('admits a cashier to staff channels and refuses every supervisor channel', async () => {
    const { pos, cashier, sale } = await staffedTill('counter');
    value(await pos.api['staff:sign-out']({}));
    value(await pos.api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
    for (const name of byAccess('supervisor')) {
      expect(failure(await pos.dispatch(name, {})), name).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/supervisor/) });
    }
    for (const name of [...byAccess('staff'), ...byAccess('customer')] as ChannelName[]) {
      const result = await pos.dispatch(name, {});
      expect(result.ok || !refusals.includes(result.error.code), name).toBe(true);
    }
    expect(value(await pos.api['sale:get']({ saleId: sale.id })).customer).toMatchObject({ email: customer.email });
  });
});

describe('a kiosk', () => {
  it('shows a customer the sale begun on its screen and its receipt, until the screen starts over', async () => {
    const { pos, showing, sale: staffSale } = await staffedTill('kiosk');
    value(await pos.api['staff:sign-out']({}));
    const received: string[] = [];
    const stop = pos.screenEvents.subscribe((event, payload) => event === 'sale:updated' && received.push((payload as SaleView).id));

    const own = await sellCinema(pos, showing);
    expect(own.state).toBe('confirmed');
    expect(value(await pos.api['sale:get']({ saleId: own.id })).customer).toMatchObject({ email: customer.email });
    expect(value(await pos.api['receipt:preview']({ saleId: own.id })).text).toContain(own.partnerReference!);
    const printed = value(await pos.api['receipt:status']({ saleId: own.id }));
    expect(printed.jobs.every((job) => job.saleId === own.id)).toBe(true);
    // The screen heard of its own sale's moves, never of the staff sale made before.
    expect(new Set(received)).toEqual(new Set([own.id]));

    // Someone else's sale, even one made at this kiosk, is not this customer's.
    for (const call of [pos.api['sale:get']({ saleId: staffSale.id }), pos.api['receipt:preview']({ saleId: staffSale.id }), pos.api['receipt:status']({ saleId: staffSale.id })] as Promise<Result<unknown>>[]) {
      expect(failure(await call)).toMatchObject({ code: 'FORBIDDEN' });
    }
    for (const call of [pos.api['sale:settle']({ saleId: own.id }), pos.api['sale:search']({}), pos.api['staff:list']({}), pos.api['shift:current']({})] as Promise<Result<unknown>>[]) {
      expect(failure(await call).code).toBe('UNAUTHORIZED');
    }

    // The kiosk's reset (it signs staff out) ends the customer: the next stranger sees nothing.
    value(await pos.api['staff:sign-out']({}));
    expect(failure(await pos.api['sale:get']({ saleId: own.id }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(failure(await pos.api['receipt:preview']({ saleId: own.id }))).toMatchObject({ code: 'FORBIDDEN' });
    received.length = 0;
    pos.events.emit('sale:updated', own);
    expect(received).toEqual([]);
    stop();
  });

  it('lets no customer claim an existing sale id or another customer\u2019s hold', async () => {
    const { pos, showing, sale: staffSale } = await staffedTill('kiosk');
    value(await pos.api['staff:sign-out']({}));
    const selection = selectionOf(showing, [['Regular', 1]]);
    // Re-submitting someone's sale id would answer with their sale (submit is idempotent): refused.
    const stolen = await pos.api['sale:submit']({ saleId: staffSale.id, kind: 'cinema', cinema: selection, customer, tender: { kind: 'card' } });
    expect(failure(stolen)).toMatchObject({ code: 'FORBIDDEN' });
    expect(JSON.stringify(stolen)).not.toContain(customer.email);

    const hold = value(await pos.api['sale:hold'](selection));
    value(await pos.api['staff:sign-out']({}));
    // The next customer cannot release or buy with the last one's seats.
    expect(failure(await pos.api['sale:release-hold']({ holdId: hold.holdId }))).toMatchObject({ code: 'FORBIDDEN' });
    const withTheirHold = await pos.api['sale:submit']({ saleId: newSaleId(), kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } });
    expect(failure(withTheirHold)).toMatchObject({ code: 'FORBIDDEN' });
    // Their own hold is theirs to give back.
    const mine = value(await pos.api['sale:hold'](selection));
    expect(value(await pos.api['sale:release-hold']({ holdId: mine.holdId }))).toEqual({ released: true });
  });

  it('keeps supervisor channels closed to the customer and lets staff through', async () => {
    const { pos, boss, sale } = await staffedTill('kiosk');
    value(await pos.api['staff:sign-out']({}));
    for (const name of [...byAccess('staff'), ...byAccess('supervisor')]) {
      expect(failure(await pos.dispatch(name, {})), name).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    value(await pos.api['staff:sign-in']({ staffId: boss.id, pin: '2468' }));
    expect(value(await pos.api['sale:get']({ saleId: sale.id })).id).toBe(sale.id);
    expect(value(await pos.api['settings:get']({})).settings.terminal.profile).toBe('kiosk');
  });

  it('refuses the card terminal settings and the Paystack key to the customer, before reading them', async () => {
    const { pos, boss, cashier } = await staffedTill('kiosk');
    const key = 'sk_live_customer_cannot_set_1';
    const attempts = () => [
      pos.dispatch('settings:set-paystack-key', { secretKey: key }),
      pos.dispatch('settings:update', { terminal: { name: 'Kiosk', profile: 'kiosk' }, partner: { baseUrl: '', experiencePrefix: '/api/v1', hotelPrefix: '/v2' }, printer: { interface: 'preview', type: 'epson', columns: 48 }, payments: { terminal: 'none', paystackCustomer: '' } }),
    ];
    value(await pos.api['staff:sign-out']({}));
    for (const result of await Promise.all(attempts())) expect(failure(result)).toMatchObject({ code: 'UNAUTHORIZED' });
    value(await pos.api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
    for (const result of await Promise.all(attempts())) expect(failure(result)).toMatchObject({ code: 'FORBIDDEN' });
    value(await pos.api['staff:sign-out']({}));
    value(await pos.api['staff:sign-in']({ staffId: boss.id, pin: '2468' }));
    expect(value(await pos.api['settings:get']({}))).toMatchObject({ settings: { payments: { terminal: '' } }, paystackKey: { set: false } });
  });
});
