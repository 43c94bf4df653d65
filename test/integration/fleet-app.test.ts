import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPosRuntime } from '../../electron/app/runtime';
import { loadConfig } from '../../electron/core/config/load';
import { silentLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { applyCentralMigrations } from '../../electron/fleet/central-migrations';
import { createFleetPasswordStore } from '../../electron/fleet/fleet-password';
import { createLogger } from '../../electron/core/logger';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';

let server: TestPostgres;
const dirs: string[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
  const admin = await server.client();
  await applyCentralMigrations(admin);
  await admin.end();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function till(flags: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-fleet-app-'));
  dirs.push(dataDir);
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir, 'terminal-id': 'APP1', ...flags } });
  if (!loaded.ok) throw new Error(loaded.message);
  return createPosRuntime({ config: loaded.config, secrets: createFileSecretStore({ dataDir, env: {} }), logger: silentLogger, version: 'test', fleetPassword: createFleetPasswordStore({ dataDir, env: {} }) });
}

type FleetStatusAnswer = Awaited<ReturnType<ReturnType<typeof till>['api']['fleet:status']>>;
type FleetStatus = Extract<FleetStatusAnswer, { ok: true }>['value'];

/** fleet:status, asked every 50 ms until `done` holds (or `tries` run out): the shipper works in the background. */
async function fleetStatusWhen(pos: ReturnType<typeof till>, done: (status: FleetStatus) => boolean, tries = 200): Promise<FleetStatusAnswer> {
  let status = await pos.api['fleet:status']({});
  for (let i = 0; i < tries && !(status.ok && done(status.value)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await pos.api['fleet:status']({});
  }
  return status;
}

describe('a till pointed at head office', () => {
  it('ships as it works, shows the backlog on the status strip, and gives supervisors every terminal’s figures', async () => {
    const pos = till({ 'fleet-database-url': server.url, 'fleet-tls': 'off' });
    try {
      expect(await pos.api['fleet:status']({})).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
      expect((await pos.api['staff:setup']({ name: 'Ada Obi', pin: '2468' })).ok).toBe(true);
      expect((await pos.api['shift:open']({ floatKobo: 500_000 })).ok).toBe(true);
      const status = await fleetStatusWhen(pos, (s) => s.unsentCount === 0 && s.state === 'idle');
      expect(status).toMatchObject({ ok: true, value: { configured: true, state: 'idle', unsentCount: 0, database: `127.0.0.1:${server.port}/postgres`, problem: null } });
      const health = await pos.api['app:health']({ refresh: true });
      expect(health).toMatchObject({ ok: true, value: { fleet: { state: 'ok', label: 'Head office up to date' } } });
      expect(JSON.stringify(health)).not.toContain('postgres://');

      const report = await pos.api['fleet:report']({ from: '2020-01-01', to: '2030-01-01' });
      // Other tests of this file ship other tills to the same server, in any order (--sequence.shuffle).
      expect(report).toMatchObject({ ok: true, value: { terminals: expect.arrayContaining([expect.objectContaining({ terminalId: 'APP1', brokenAtSeq: null, unsentCount: 0 })]) } });
      // The same figures as a file for a spreadsheet: the CLI's CSV, named for its days.
      const file = await pos.api['fleet:export']({ from: '2020-01-01', to: '2030-01-01' });
      if (!file.ok) throw new Error(file.error.message);
      expect(file.value.fileName).toBe('lobby-pos-all-terminals-2020-01-01-to-2030-01-01.csv');
      expect(file.value.csv.startsWith('\uFEFF')).toBe(true);
      const lines = file.value.csv.split('\r\n');
      expect(lines).toContain('Terminals: what head office holds and what is not sent yet');
      expect(lines.some((line) => line.startsWith('APP1,'))).toBe(true);
      const oneDay = await pos.api['fleet:export']({ from: '2026-03-01', to: '2026-03-01' });
      expect(oneDay).toMatchObject({ ok: true, value: { fileName: 'lobby-pos-all-terminals-2026-03-01.csv' } });
      expect(await pos.api['fleet:export']({ from: '2026-03-02', to: '2026-03-01' })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });

      // Head office goes away: the strip says how many records wait and since when.
      await server.crash();
      expect((await pos.api['shift:cash']({ kind: 'in', amountKobo: 10_000, reason: 'Change from the bank' })).ok).toBe(true);
      for (let i = 0; i < 200; i++) {
        const s = await pos.api['fleet:status']({});
        if (s.ok && s.value.state === 'offline' && s.value.unsentCount > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const waiting = await pos.api['app:health']({ refresh: true });
      expect(waiting).toMatchObject({ ok: true, value: { fleet: { state: 'degraded', label: expect.stringMatching(/^\d+ records? not sent, oldest (under a minute|\d+ min) ago$/) } } });
      expect(await pos.api['fleet:report']({ from: '2020-01-01', to: '2030-01-01' })).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: expect.stringMatching(/cannot be reached/) } });
    } finally {
      await server.start();
      await pos.close();
    }
  });

  it('tells staff, on the status strip and in Settings, that head office holds the till’s number for another till', async () => {
    const flags = { 'fleet-database-url': server.url, 'fleet-tls': 'off', 'terminal-id': 'DUP1' };
    const first = till(flags);
    try {
      await first.api['staff:setup']({ name: 'Ada Obi', pin: '2468' });
      await first.api['shift:open']({ floatKobo: 0 });
      const status = await fleetStatusWhen(first, (s) => s.state === 'idle' && s.unsentCount === 0);
      expect(status).toMatchObject({ ok: true, value: { state: 'idle', unsentCount: 0 } });
    } finally {
      await first.close();
    }

    // A second till installed with the same number.
    const second = till(flags);
    try {
      await second.api['staff:setup']({ name: 'Bola Ade', pin: '1357' });
      await second.api['shift:open']({ floatKobo: 0 });
      const status = await fleetStatusWhen(second, (s) => s.state === 'refused');
      const sentence = /^Head office already holds the records of another till numbered DUP1 .*This till’s records stay here and are not sent\. A till that has not opened a shift yet takes a number of its own under Staff → Settings → Terminal number; otherwise call support\.$/;
      expect(status).toMatchObject({ ok: true, value: { state: 'refused', unsentCount: 1, problem: expect.stringMatching(sentence) } });
      expect(await second.api['app:health']({ refresh: true })).toMatchObject({
        ok: true,
        value: { fleet: { state: 'down', label: expect.stringMatching(/^1 record not sent, oldest/), detail: expect.stringMatching(sentence) } },
      });
    } finally {
      await second.close();
    }
  });

  it('changes nothing without fleet.databaseUrl', async () => {
    const pos = till({});
    try {
      await pos.api['staff:setup']({ name: 'Ada Obi', pin: '2468' });
      expect(await pos.api['fleet:status']({})).toEqual({ ok: true, value: { configured: false, state: 'off', unsentCount: 0, oldestUnsentAt: null, lastShippedAt: null, database: null, passwordSet: false, problem: null } });
      const health = await pos.api['app:health']({ refresh: true });
      expect(health.ok && 'fleet' in health.value).toBe(false);
      expect(await pos.api['fleet:report']({ from: '2025-01-01', to: '2025-01-02' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      expect(await pos.api['fleet:export']({ from: '2025-01-01', to: '2025-01-02' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    } finally {
      await pos.close();
    }
  });

  it('signs in with the password a supervisor stores on screen, which never shows or reaches a log', async () => {
    const password = 'Tr0ub4dor&3-head-office';
    const guarded = await startTestPostgres({ password });
    const admin = await guarded.client();
    await applyCentralMigrations(admin);
    await admin.end();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-fleet-app-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir, 'terminal-id': 'PW1', 'fleet-database-url': guarded.url, 'fleet-tls': 'off' } });
    if (!loaded.ok) throw new Error(loaded.message);
    const pos = createPosRuntime({
      config: loaded.config,
      secrets: createFileSecretStore({ dataDir, env: {} }),
      logger: createLogger({ write: (line) => lines.push(line) }),
      version: 'test',
      fleetPassword: createFleetPasswordStore({ dataDir, env: {} }),
    });
    try {
      await pos.api['staff:setup']({ name: 'Ada Obi', pin: '2468' });
      await pos.api['shift:open']({ floatKobo: 0 });
      let status = await fleetStatusWhen(pos, (s) => s.state === 'offline', 100);
      expect(status).toMatchObject({ ok: true, value: { state: 'offline', passwordSet: false, unsentCount: 1, problem: expect.stringMatching(/sign-in|password/) } });

      expect(await pos.api['fleet:set-password']({ password })).toMatchObject({ ok: true, value: { passwordSet: true } });
      status = await fleetStatusWhen(pos, (s) => s.state === 'idle' && s.unsentCount === 0);
      expect(status).toMatchObject({ ok: true, value: { state: 'idle', unsentCount: 0, passwordSet: true, problem: null } });
      expect((fs.statSync(path.join(dataDir, 'fleet-db-password')).mode & 0o777).toString(8)).toBe('600');
      expect(lines.join('\n')).not.toContain(password);
      expect(JSON.stringify(status)).not.toContain(password);
    } finally {
      await pos.close();
      await guarded.stop();
    }
  });

  it('refuses a database URL that carries a password', () => {
    const loaded = loadConfig({ env: {}, flags: { 'data-dir': os.tmpdir(), 'fleet-database-url': 'postgres://till:secret@db.example:5432/fleet' } });
    expect(loaded).toMatchObject({ ok: false, message: expect.stringMatching(/fleet\.databaseUrl.*must not carry a password/) });
    expect(loaded.ok ? '' : loaded.message).not.toContain('secret');
  });
});
