import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../electron/core/config/load';
import { silentLogger } from '../../electron/core/logger';
import { createPosRuntime } from '../../electron/app/runtime';
import { createFileSecretStore } from '../../electron/core/secrets';

function till(env: NodeJS.ProcessEnv = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-settings-'));
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
    expect(next.config.printer).toEqual(settings.printer);
    await pos.close();
  });

  it('stores the API key write-only: no answer ever carries it', async () => {
    const { pos, dataDir } = till();
    await pos.api['staff:setup']({ name: 'Ada', pin: '2468' });
    const key = 'sk_live_7f3a9c2e11b04d5e';
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
    await pos.close();
  });
});
