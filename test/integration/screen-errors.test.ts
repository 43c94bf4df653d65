import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../electron/core/config/load';
import { createPosRuntime } from '../../electron/app/runtime';
import { createFileSecretStore } from '../../electron/core/secrets';
import { createLogger } from '../../electron/core/logger';
import type { Pos } from '../../electron/app/create-pos';

let dataDir: string;
let pos: Pos;
const lines: string[] = [];

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-screen-errors-'));
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir, profile: 'kiosk' } });
  if (!loaded.ok) throw new Error(loaded.message);
  const logger = createLogger({ write: (line) => lines.push(line), secrets: () => [] });
  pos = createPosRuntime({ config: loaded.config, secrets: createFileSecretStore({ dataDir, env: {} }), logger, version: '9.9.9' });
});
afterAll(async () => {
  await pos?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.message === 'a screen stopped working');

describe('app:report-error: a screen that broke, in the till\'s log', () => {
  it('is taken from anyone (a kiosk customer, nobody signed in) and logged with its screen, message and stack', async () => {
    const result = await pos.dispatch('app:report-error', { screen: 'kiosk k-tickets', message: 'RangeError: invalid currency', stack: 'RangeError: invalid currency\n    at Money' });
    expect(result).toEqual({ ok: true, value: {} });
    expect(logged().at(-1)).toMatchObject({ screen: 'kiosk k-tickets', error: 'RangeError: invalid currency', stack: 'RangeError: invalid currency\n    at Money' });
  });

  it('cuts what a broken page sends to size, and refuses what is not a report', async () => {
    const before = logged().length;
    expect((await pos.dispatch('app:report-error', { screen: 'film', message: 'x'.repeat(1_000_000), stack: 'y'.repeat(1_000_000) })).ok).toBe(true);
    const entry = logged().at(-1)!;
    expect((entry.error as string).length).toBe(1_000);
    expect((entry.stack as string).length).toBe(4_000);
    for (const bad of [{ screen: 'x'.repeat(61), message: 'm' }, { screen: 'film' }, { screen: 'film', message: 7 }, { screen: 'film', message: 'm', extra: true }]) {
      const refused = await pos.dispatch('app:report-error', bad);
      expect(refused.ok, JSON.stringify(bad).slice(0, 80)).toBe(false);
    }
    // The refused ones wrote nothing (this test passes alone and in any order: counted from its start).
    expect(logged()).toHaveLength(before + 1);
  });
});
