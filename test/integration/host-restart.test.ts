import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { sellHotelRoom } from '../helpers/hotel-sale';
import { tempFolder } from '../helpers/temp-folder';
import { startFailingGateway } from '../helpers/failing-gateway';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer } from '../../electron/sandbox';

/**
 * Settings -> Restart now on the preview host (electron/host/cli.ts from source, in its own
 * process): the same server and token, a new till behind them built from config.json as saved.
 */
let host: PreviewHost | undefined;
afterEach(async () => {
  await host?.stop();
  host = undefined;
});

/** One call to the host: the contract's Result as it answered. */
const call = async (channel: string, body: unknown = {}) => (await host!.rpc(channel, body)).json;
const value = (result: any) => {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

const kioskSettings = {
  terminal: { name: 'Lobby kiosk', profile: 'kiosk' },
  partner: { baseUrl: '', experiencePrefix: '/api/v1', hotelPrefix: '/v2' },
  printer: { interface: 'preview', type: 'epson', columns: 48 },
};

describe('Restart now (the preview host)', () => {
  it('builds the till again on the saved settings behind the same address; a call made meanwhile waits for the new till', async () => {
    const dataDir = tempFolder('lobby-pos-restart-');
    host = await startPreviewHost({ fromSource: true, dataDir });
    value(await call('staff:setup', { name: 'Ada Obi', pin: '2468' }));
    value(await call('shift:open', { floatKobo: 500_000 }));
    const sold = await sellHotelRoom(host);
    expect(sold.state).toBe('confirmed');
    const saleId = sold.id;
    expect(value(await call('settings:update', kioskSettings))).toMatchObject({ restartNeeded: true });
    expect(value(await call('app:info'))).toMatchObject({ profile: 'counter', terminalName: 'Counter 1' });

    expect(value(await call('settings:restart'))).toEqual({ restarting: true });
    // Sent at once, while the old till is stopping: answered by the new one.
    const [info, staff] = await Promise.all([call('app:info'), call('staff:status')]);
    expect(value(info)).toMatchObject({ profile: 'kiosk', terminalName: 'Lobby kiosk' });
    // Everyone signs in again; the shift opened before stays open, in the same journal.
    expect(value(staff)).toMatchObject({ signedIn: null, needsFirstSupervisor: false, shiftOpen: true, shiftNumber: 1 });
    expect(await call('settings:get')).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    value(await call('staff:sign-in', { staffId: 1, pin: '2468' }));
    expect(value(await call('settings:get'))).toMatchObject({ restartNeeded: false, settings: { terminal: { profile: 'kiosk' } } });
    // The sale made before, in the journal the new till opened again.
    expect(value(await call('sale:get', { saleId }))).toMatchObject({ id: saleId, state: 'confirmed' });
    expect(host!.output()).not.toMatch(/error/i);
  }, 60_000);

  it('lets a sale being sent finish first: answered, journaled and booked once, across the restart', async () => {
    const sandbox = createSandbox();
    const partner = await startSandboxServer({ sandbox });
    const gateway = await startFailingGateway(partner.url);
    try {
      const dataDir = tempFolder('lobby-pos-restart-');
      host = await startPreviewHost({ fromSource: true, dataDir, env: { POS_PARTNER_URL: gateway.url, POS_API_KEY: SANDBOX_DEFAULT_API_KEY } });
      value(await call('staff:setup', { name: 'Ada Obi', pin: '2468' }));
      value(await call('shift:open', { floatKobo: 500_000 }));
      value(await call('settings:update', { ...kioskSettings, partner: { baseUrl: gateway.url, experiencePrefix: '/v1', hotelPrefix: '/v2' } }));
      // The partner books the room at once; its answer takes two seconds to come back.
      gateway.afterCommit.push({ kind: 'slow', afterMs: 2_000 });
      const sale = sellHotelRoom(host, 'RESTART-IN-FLIGHT-1');
      while (sandbox.transactions().length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(value(await call('settings:restart'))).toEqual({ restarting: true });
      // The sale's own call still gets its answer: the till waited for it before stopping.
      expect(await sale).toMatchObject({ id: 'RESTART-IN-FLIGHT-1', state: 'confirmed' });
      expect(value(await call('app:info'))).toMatchObject({ profile: 'kiosk' });
      value(await call('staff:sign-in', { staffId: 1, pin: '2468' }));
      expect(value(await call('sale:get', { saleId: 'RESTART-IN-FLIGHT-1' }))).toMatchObject({ state: 'confirmed' });
      expect(sandbox.transactions().filter((t) => JSON.stringify(t).includes('RESTART-IN-FLIGHT-1'))).toHaveLength(1);
      expect(sandbox.transactions()).toHaveLength(1);
    } finally {
      await host?.stop();
      host = undefined;
      await gateway.close();
      await partner.close();
    }
  }, 60_000);

  it('refuses while the saved settings cannot start a till, and the till goes on as it was', async () => {
    const dataDir = tempFolder('lobby-pos-restart-');
    host = await startPreviewHost({ fromSource: true, dataDir });
    value(await call('staff:setup', { name: 'Ada Obi', pin: '2468' }));
    // config.json spoiled by hand after the till started (the settings screen never writes this).
    fs.writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ terminal: { profile: 'spaceship' } }), { mode: 0o600 });
    const refused = await call('settings:restart');
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION', said: { key: 'said.settings.restartRefused' } } });
    expect(refused.error.message).toMatch(/^Lobby POS cannot start on the saved settings, so it was not restarted: .*terminal\.profile/s);
    // Still the same till: signed in, counter.
    expect(value(await call('staff:status'))).toMatchObject({ signedIn: { name: 'Ada Obi' } });
    expect(value(await call('app:info'))).toMatchObject({ profile: 'counter' });
  }, 60_000);

  it('is for supervisors only: a cashier is refused and nothing restarts', async () => {
    const dataDir = tempFolder('lobby-pos-restart-');
    host = await startPreviewHost({ fromSource: true, dataDir });
    expect(await call('settings:restart')).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    value(await call('staff:setup', { name: 'Ada Obi', pin: '2468' }));
    value(await call('settings:update', kioskSettings));
    const cashier = value(await call('staff:create', { name: 'Tunde Bakare', role: 'cashier', pin: '1357' }));
    value(await call('staff:sign-out'));
    value(await call('staff:sign-in', { staffId: cashier.id, pin: '1357' }));
    expect(await call('settings:restart')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(value(await call('staff:status'))).toMatchObject({ signedIn: { name: 'Tunde Bakare' } });
    expect(value(await call('app:info'))).toMatchObject({ profile: 'counter' });
  }, 60_000);
});
