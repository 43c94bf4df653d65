import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../electron/core/config/load';
import { silentLogger } from '../../electron/core/logger';
import { createPosRuntime } from '../../electron/app/runtime';
import { createFileSecretStore } from '../../electron/core/secrets';
import { tempFolder } from '../helpers/temp-folder';

function till(env: NodeJS.ProcessEnv = {}) {
  const dataDir = tempFolder('lobby-pos-settings-');
  const loaded = loadConfig({ env, flags: { 'data-dir': dataDir } });
  if (!loaded.ok) throw new Error(loaded.message);
  const pos = createPosRuntime({ config: loaded.config, configSources: loaded.sources, secrets: createFileSecretStore({ dataDir, env }), logger: silentLogger, version: 'test' });
  return { pos, dataDir };
}

const settings = {
  terminal: { name: 'Front Desk 2', profile: 'front-desk' as const },
  partner: { baseUrl: 'https://partner.example/api', experiencePrefix: '/v1', hotelPrefix: '/v2' },
  printer: { interface: 'tcp://192.168.1.50:9100', type: 'star' as const, columns: 32 as const },
};

describe('settings channels', () => {
  it('lets a supervisor save settings for the next start, checked before anything is written', async () => {
    const { pos, dataDir } = till();
    expect(await pos.api['settings:get']({})).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });

    const before = await pos.api['settings:get']({});
    expect(before).toMatchObject({ ok: true, value: { restartNeeded: false, apiKey: { set: false }, settings: { terminal: { profile: 'counter' } } } });

    const bad = await pos.api['settings:update']({ ...settings, partner: { ...settings.partner, baseUrl: 'ftp://nope' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { 'partner.baseUrl': expect.any(Array) } } });
    expect(fs.existsSync(path.join(dataDir, 'config.json'))).toBe(false);

    const saved = await pos.api['settings:update'](settings);
    expect(saved).toMatchObject({ ok: true, value: { restartNeeded: true, settings } });
    // The next start reads exactly what was saved.
    const next = loadConfig({ env: {}, flags: { 'data-dir': dataDir } });
    if (!next.ok) throw new Error(next.message);
    expect(next.config.terminal).toMatchObject(settings.terminal);
    expect(next.config.partner).toMatchObject(settings.partner);
    expect(next.config.printer).toMatchObject(settings.printer);
    await pos.close();
  });

  it('saves whether the network printer is asked for its status (a print server never answers), and refuses anything but yes or no', async () => {
    const { pos, dataDir } = till();
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    expect(await pos.api['settings:get']({})).toMatchObject({ ok: true, value: { settings: { printer: { askStatus: 'yes' } } } });
    const refused = await pos.api['settings:update']({ ...settings, printer: { ...settings.printer, askStatus: 'sometimes' } } as never);
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { 'printer.askStatus': expect.any(Array) } } });
    expect(await pos.api['settings:update']({ ...settings, printer: { ...settings.printer, askStatus: 'no' } })).toMatchObject({ ok: true, value: { restartNeeded: true } });
    const next = loadConfig({ env: {}, flags: { 'data-dir': dataDir } });
    if (!next.ok) throw new Error(next.message);
    expect(next.config.printer).toMatchObject({ interface: 'tcp://192.168.1.50:9100', askStatus: 'no' });
    // Left out of a later update: unchanged.
    expect(await pos.api['settings:update'](settings)).toMatchObject({ ok: true, value: { settings: { printer: { askStatus: 'no' } } } });
    await pos.close();
  });

  it('says to close and open Lobby POS where the transport cannot restart the till', async () => {
    const { pos } = till();
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    await pos.api['settings:update'](settings);
    expect(await pos.api['settings:restart']({})).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT', message: 'This till cannot restart by itself here: close Lobby POS and open it again.', said: { key: 'said.settings.cannotRestart' } },
    });
    await pos.close();
  });

  it('stores the API key write-only: no answer ever carries it', async () => {
    const { pos, dataDir } = till();
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    const key = 'sk_live_7f3a9c2e11b04d5e';
    // The key is bound to a partner, so the partner URL comes first.
    await pos.api['settings:update'](settings);
    const set = await pos.api['settings:set-api-key']({ apiKey: key });
    expect(set).toMatchObject({ ok: true, value: { apiKey: { set: true } } });
    expect(fs.readFileSync(path.join(dataDir, 'partner-api-key'), 'utf8')).toBe(key);
    const answers = await Promise.all([pos.api['settings:get']({}), pos.api['app:info']({}), pos.api['staff:status']({}), Promise.resolve(set)]);
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(key);
    expect(await pos.api['settings:set-api-key']({ apiKey: 'short' })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    await pos.close();
  });

  it('refuses cashiers and names settings fixed by the environment', async () => {
    const { pos } = till({ POS_PRINTER: 'tcp://10.0.0.9:9100' });
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    const view = await pos.api['settings:get']({});
    expect(view).toMatchObject({ ok: true, value: { overridden: ['printer.interface'] } });
    await pos.api['staff:create']({ name: 'Bola', role: 'cashier', pin: '1357' });
    const list = await pos.api['staff:list']({});
    const bola = list.ok ? list.value.staff.find((s) => s.name === 'Bola')! : null;
    await pos.api['staff:sign-out']({});
    await pos.api['staff:sign-in']({ staffId: bola!.id, pin: '1357' });
    expect(await pos.api['settings:update'](settings)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await pos.api['settings:set-api-key']({ apiKey: 'sk_live_12345678' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await pos.api['settings:set-paystack-key']({ secretKey: 'sk_live_12345678' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await pos.api['settings:update']({ ...settings, payments: { terminal: 'none', paystackCustomer: '' } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    await pos.close();
  });
});

describe('the till number (two tills under one number mix their records at head office)', () => {
  it('changes on screen only before the first shift, and no shift opens under the old number before the restart', async () => {
    const { pos, dataDir } = till();
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    const fresh = value(await pos.api['settings:get']({}));
    expect(fresh).toMatchObject({ tillNumberFixed: false, settings: { terminal: { id: 'T01' } } });

    for (const id of ['', 'T 02', 'T02/../x', 'x'.repeat(33)]) {
      expect(await pos.api['settings:update']({ ...settings, terminal: { ...settings.terminal, id } }), id).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { 'terminal.id': expect.any(Array) } } });
    }
    expect(fs.existsSync(path.join(dataDir, 'config.json'))).toBe(false);
    expect(value(await pos.api['settings:update']({ ...settings, terminal: { ...settings.terminal, id: ' T02 ' } }))).toMatchObject({ restartNeeded: true, settings: { terminal: { id: 'T02' } } });
    // Saving without the number leaves the saved one as it is.
    expect(value(await pos.api['settings:update'](settings)).settings.terminal.id).toBe('T02');

    // The running till is still T01 until it restarts: a shift opened now would be recorded under T01.
    expect(await pos.api['shift:open']({ floatKobo: 0 })).toMatchObject({ ok: false, error: { code: 'CONFLICT', said: { key: 'said.settings.tillNumberPending', values: { from: 'T01', to: 'T02' } } } });
    expect(value(await pos.api['shift:current']({})).report).toBeNull();
    await pos.close();

    const next = loadConfig({ env: {}, flags: { 'data-dir': dataDir } });
    if (!next.ok) throw new Error(next.message);
    expect(next.config.terminal.id).toBe('T02');
    const restarted = createPosRuntime({ config: next.config, configSources: next.sources, secrets: createFileSecretStore({ dataDir, env: {} }), logger: silentLogger, version: 'test' });
    expect(value(await restarted.api['app:info']({})).terminalId).toBe('T02');
    await restarted.api['staff:sign-in']({ staffId: 1, pin: '2468' });
    expect(value(await restarted.api['shift:open']({ floatKobo: 0 }))).toMatchObject({ terminalId: 'T02', shiftNumber: 1 });

    // Its records now carry T02: the number stays, and a change is refused with nothing written.
    expect(value(await restarted.api['settings:get']({}))).toMatchObject({ tillNumberFixed: true, restartNeeded: false });
    const refused = await restarted.api['settings:update']({ ...settings, terminal: { ...settings.terminal, id: 'T03' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION', said: { key: 'said.settings.tillNumberFixed', values: { id: 'T02' } }, fields: { 'terminal.id': expect.any(Array) } } });
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'config.json'), 'utf8')).terminal.id).toBe('T02');
    // Its own number, and anything else, can still be saved.
    expect(value(await restarted.api['settings:update']({ ...settings, terminal: { ...settings.terminal, id: 'T02', name: 'Box Office 2' } })).settings.terminal).toMatchObject({ id: 'T02', name: 'Box Office 2' });
    await restarted.close();
  });

  it('leaves a number given by POS_TERMINAL_ID to the environment', async () => {
    const { pos } = till({ POS_TERMINAL_ID: 'GATE-7' });
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    expect(value(await pos.api['settings:get']({}))).toMatchObject({ overridden: ['terminal.id'], settings: { terminal: { id: 'GATE-7' } } });
    await pos.close();
  });
});

describe('card terminal settings (issue 16)', () => {
  const payments = { terminal: 'paystack:TERM_7f3a', paystackCustomer: 'CUS_walkin01' };

  it('saves the terminal choice and the Paystack customer for the next start, checked first', async () => {
    const { pos, dataDir } = till();
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    // Automatic until chosen: simulated in training mode, none with a live partner.
    expect(value(await pos.api['settings:get']({})).settings.payments).toEqual({ terminal: '', paystackCustomer: '' });
    for (const terminal of ['paystack:', 'paystack:has space', 'verifone', 'paystack:x/../y']) {
      expect(await pos.api['settings:update']({ ...settings, payments: { ...payments, terminal } }), terminal).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { 'payments.terminal': expect.any(Array) } } });
    }
    expect(await pos.api['settings:update']({ ...settings, payments: { ...payments, paystackCustomer: 'walk-in' } })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { 'payments.paystackCustomer': expect.any(Array) } } });
    expect(fs.existsSync(path.join(dataDir, 'config.json'))).toBe(false);

    expect(value(await pos.api['settings:update']({ ...settings, payments }))).toMatchObject({ restartNeeded: true, settings: { payments } });
    // Saving without the payments section leaves the terminal as it was.
    expect(value(await pos.api['settings:update'](settings)).settings.payments).toEqual(payments);
    const next = loadConfig({ env: {}, flags: { 'data-dir': dataDir } });
    if (!next.ok) throw new Error(next.message);
    expect(next.config.payments).toMatchObject(payments);
    // With a live partner: what would leave cards refused after the restart is said (a kiosk would sell nothing).
    const cards = { none: null, simulated: 'said.settings.cardsSimulatedLive', '': null } as const;
    for (const terminal of ['none', 'simulated', ''] as const) {
      const view = value(await pos.api['settings:update']({ ...settings, payments: { ...payments, terminal } }));
      expect(view.settings.payments?.terminal).toBe(terminal);
      expect(view.cards?.key ?? null, terminal).toBe(cards[terminal]);
    }
    expect(value(await pos.api['settings:update']({ ...settings, terminal: { ...settings.terminal, profile: 'kiosk' }, payments: { ...payments, terminal: '' } })).cards).toEqual({ key: 'said.settings.cardsKioskNone' });
    expect(value(await pos.api['settings:update']({ ...settings, payments: { ...payments, paystackCustomer: '' } })).cards).toEqual({ key: 'said.settings.cardsNoCustomer' });
    expect(value(await pos.api['settings:update']({ ...settings, payments })).cards).toEqual({ key: 'said.settings.cardsNoSecret' });
    await pos.close();
  });

  it('names a terminal fixed by the environment', async () => {
    const { pos } = till({ POS_PAYMENTS_TERMINAL: 'none' });
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    expect(value(await pos.api['settings:get']({})).overridden).toEqual(['payments.terminal']);
    await pos.close();
  });

  it('stores the Paystack secret key write-only, and the running terminal uses it at once', async () => {
    const { pos, dataDir } = till({ POS_PAYMENTS_TERMINAL: payments.terminal, POS_PAYSTACK_CUSTOMER: payments.paystackCustomer });
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    expect(value(await pos.api['settings:get']({})).paystackKey).toMatchObject({ set: false, fromEnvironment: false });
    expect(value(await pos.api['payment:terminal']({})).problem).toMatch(/Paystack secret key is missing/);

    for (const bad of ['short', 'pk_live_12345678abcdef', 'sk_live_ab', 'sk_prod_12345678abcdef', 'sk_live_1234 5678abcdef']) {
      expect(await pos.api['settings:set-paystack-key']({ secretKey: bad }), bad).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { secretKey: expect.any(Array) } } });
    }
    const key = 'sk_live_9d41c07be2a84f0c';
    const set = value(await pos.api['settings:set-paystack-key']({ secretKey: key }));
    expect(set.paystackKey).toMatchObject({ set: true, fromEnvironment: false, source: expect.stringMatching(/paystack-secret-key/) });
    const file = path.join(dataDir, 'paystack-secret-key');
    expect(fs.readFileSync(file, 'utf8')).toBe(key);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The terminal asks for the key before each call: no restart needed.
    expect(value(await pos.api['payment:terminal']({})).problem).toBeNull();
    const answers = await Promise.all([pos.api['settings:get']({}), pos.api['app:info']({}), pos.api['payment:terminal']({}), Promise.resolve(set)]);
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(key);
    await pos.close();
  });
});

describe('where the till may send what it holds (issue 11, item 14)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const supervisorTill = async (env: NodeJS.ProcessEnv = {}) => {
    const opened = till(env);
    dirs.push(opened.dataDir);
    await opened.pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    return opened;
  };
  const withPartner = (baseUrl: string) => ({ ...settings, partner: { ...settings.partner, baseUrl } });
  const withPrinter = (printer: string) => ({ ...settings, printer: { ...settings.printer, interface: printer } });

  it('takes a partner URL only over https, or plain http to this computer', async () => {
    const { pos, dataDir } = await supervisorTill();
    for (const bad of ['http://partner.example/api', 'http://10.0.0.5:8080', 'http://127.0.0.1.evil.example', 'https://user:secret@partner.example', 'ftp://partner.example']) {
      expect(await pos.api['settings:update'](withPartner(bad)), bad).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { 'partner.baseUrl': expect.any(Array) } } });
    }
    expect(fs.existsSync(path.join(dataDir, 'config.json'))).toBe(false);
    for (const good of ['https://partner.example/api', 'http://127.0.0.1:8080', 'http://localhost:9000/v1', 'http://[::1]:8080']) {
      expect(await pos.api['settings:update'](withPartner(good)), good).toMatchObject({ ok: true });
    }
    await pos.close();
  });

  it('lets a file printer write only to a printer device or inside the data folder, never over the till\u2019s own files', async () => {
    const { pos, dataDir } = await supervisorTill();
    for (const bad of ['file:/etc/cron.d/evil', 'file:../outside.bin', `file:${path.join(dataDir, '..', 'x.bin')}`, 'file:journal.sqlite', 'file:config.json', 'file:partner-api-key', 'file:logs/pos.log', 'file:/dev/sda']) {
      expect(await pos.api['settings:update'](withPrinter(bad)), bad).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { 'printer.interface': expect.any(Array) } } });
    }
    for (const good of ['file:/dev/usb/lp0', 'file:/dev/ttyUSB1', 'file:COM3', 'file:receipts/printer.bin', `file:${path.join(dataDir, 'printer.bin')}`]) {
      expect(await pos.api['settings:update'](withPrinter(good)), good).toMatchObject({ ok: true });
    }
    await pos.close();
  });

  it('binds the key to the partner it was entered for: another partner URL asks for it again, and the screen says so', async () => {
    const { pos, dataDir } = await supervisorTill();
    expect(await pos.api['settings:set-api-key']({ apiKey: 'sk_live_12345678' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', message: expect.stringMatching(/partner URL first/) } });
    value(await pos.api['settings:update'](withPartner('https://partner.example/api')));
    const stored = value(await pos.api['settings:set-api-key']({ apiKey: 'sk_live_12345678' }));
    expect(stored.apiKey).toMatchObject({ set: true, usable: true, forPartner: 'https://partner.example', note: expect.stringMatching(/only to https:\/\/partner\.example\. Changing the partner URL asks for the key again/) });
    // The same sentence named, so a French or Yoruba screen says it in its own words.
    expect(stored.apiKey.said).toEqual({ key: 'said.settings.keyGoesTo', values: { origin: 'https://partner.example' } });
    expect(fs.readFileSync(path.join(dataDir, 'partner-api-key.origin'), 'utf8')).toBe('https://partner.example');
    // Another path on the same partner keeps the key; another partner does not.
    expect(value(await pos.api['settings:update'](withPartner('https://partner.example/v2'))).apiKey.usable).toBe(true);
    const moved = value(await pos.api['settings:update'](withPartner('https://other.example/api')));
    expect(moved.apiKey).toMatchObject({ set: true, usable: false, note: expect.stringMatching(/entered for https:\/\/partner\.example.*now https:\/\/other\.example.*again/) });
    expect(moved.apiKey.said).toEqual({ key: 'said.settings.keyOtherPartner', values: { bound: 'https://partner.example', origin: 'https://other.example' } });
    expect(value(await pos.api['settings:set-api-key']({ apiKey: 'sk_live_87654321' })).apiKey).toMatchObject({ usable: true, forPartner: 'https://other.example' });
    await pos.close();
  });

  it('sends no key to a partner it was not entered for, after a restart', async () => {
    const seen: Array<string | undefined> = [];
    const partner = http.createServer((req, res) => {
      seen.push(req.headers['x-api-key'] as string | undefined);
      res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"success":false}');
    });
    await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
    try {
      const first = await supervisorTill();
      value(await first.pos.api['settings:update'](withPartner('https://partner.example/api')));
      value(await first.pos.api['settings:set-api-key']({ apiKey: 'sk_live_12345678' }));
      // Someone points config.json at another partner; the next start must not hand it the key.
      value(await first.pos.api['settings:update'](withPartner(url)));
      await first.pos.close();
      const loaded = loadConfig({ env: {}, flags: { 'data-dir': first.dataDir } });
      if (!loaded.ok) throw new Error(loaded.message);
      expect(loaded.config.partner.baseUrl).toBe(url);
      const restarted = createPosRuntime({ config: loaded.config, configSources: loaded.sources, secrets: createFileSecretStore({ dataDir: first.dataDir, env: {} }), logger: silentLogger, version: 'test' });
      expect((await restarted.api['cinema:films']({})).ok).toBe(false);
      expect(seen).toEqual([]);
      await restarted.close();
    } finally {
      await new Promise<void>((resolve) => partner.close(() => resolve()));
    }
  });
});

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}
