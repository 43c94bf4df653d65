import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../../electron/host/server';
import { loadConfig } from '../../electron/core/config/load';
import { createPosRuntime } from '../../electron/app/runtime';
import { createFileSecretStore } from '../../electron/core/secrets';
import { silentLogger } from '../../electron/core/logger';
import type { Pos } from '../../electron/app/create-pos';
import { hostTokenMetaName } from '../../shared/csp';

const token = 'test-token-abc';
let host: RunningHost;
let pos: Pos;
let rendererDir: string;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-host-'));
  rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-renderer-'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<html><head><title>t</title></head><body></body></html>');
  fs.mkdirSync(path.join(rendererDir, 'assets'));
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'do not serve');
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir } });
  if (!loaded.ok) throw new Error(loaded.message);
  pos = createPosRuntime({ config: loaded.config, secrets: createFileSecretStore({ dataDir, env: {} }), logger: silentLogger, version: '9.9.9' });
  host = await startHost({ dispatch: pos.dispatch, events: pos.events, rendererDir, token, logger: silentLogger });
});
afterAll(async () => {
  await host?.close();
  await pos?.close();
});

const rpc = (channel: string, init: { body?: string; auth?: string | null; method?: string } = {}) =>
  fetch(new URL(`rpc/${channel}`, host.url), {
    method: init.method ?? 'POST',
    headers: init.auth === null ? {} : { Authorization: init.auth ?? `Bearer ${token}` },
    body: init.method === 'GET' ? undefined : (init.body ?? '{}'),
  });

/** Raw request so the Host header can be forged (fetch will not let us). */
function rawGet(pathname: string, hostHeader: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path: pathname, headers: { Host: hostHeader } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('preview host', () => {
  it('binds to 127.0.0.1 only', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('answers a channel with its Result as JSON', async () => {
    const response = await rpc('app:info');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, value: { version: '9.9.9', trainingMode: true } });
  });

  it.each([
    ['missing', null],
    ['wrong', 'Bearer nope'],
    ['same length but wrong', `Bearer ${'x'.repeat(token.length)}`],
    ['not bearer', `Basic ${token}`],
  ])('refuses a %s token with 401 in the Result shape', async (_label, auth) => {
    const response = await rpc('app:info', { auth });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('answers 404 for an unknown channel, 400 for non-JSON, 413 for a huge body, 405 for GET', async () => {
    expect((await rpc('hotels:nuke')).status).toBe(404);
    const bad = await rpc('app:info', { body: '{nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect((await rpc('app:info', { body: JSON.stringify({ pad: 'x'.repeat(2_000_000) }) })).status).toBe(413);
    expect((await rpc('app:info', { method: 'GET' })).status).toBe(405);
  });

  it('returns VALIDATION with field paths for a bad request', async () => {
    const response = await rpc('app:health', { body: '{"refresh": 3}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { refresh: [expect.any(String)] } } });
  });

  it('serves the page with its token and a strict CSP, and assets as files', async () => {
    const page = await fetch(host.url);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await page.text()).toContain(`<meta name="${hostTokenMetaName}" content="${token}">`);
    const asset = await fetch(new URL('assets/app.js', host.url));
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(await asset.text()).toBe('console.log(1)');
  });

  it('never serves files outside the renderer folder', async () => {
    for (const attempt of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%00']) {
      const response = await rawGet(attempt, `127.0.0.1:${host.port}`);
      expect(response.body).not.toContain('do not serve');
    }
  });

  it('refuses requests whose Host header is not its own loopback address', async () => {
    expect((await rawGet('/', 'evil.example')).status).toBe(421);
    expect((await rawGet('/', `localhost:${host.port}`)).status).toBe(200);
  });

  it('streams events to an authorised client and refuses others', async () => {
    expect((await fetch(new URL('events', host.url))).status).toBe(401);
    const controller = new AbortController();
    const response = await fetch(new URL('events', host.url), { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const health = { partner: { state: 'down', label: 'x', detail: 'y' }, printer: { state: 'ok', label: 'x', detail: 'y' }, journal: { state: 'ok', label: 'x', detail: 'y' }, checkedAt: new Date().toISOString() } as const;
    pos.events.emit('app:health-changed', health);
    while (!text.includes('event: app:health-changed')) text += decoder.decode((await reader.read()).value);
    while (!text.endsWith('\n\n')) text += decoder.decode((await reader.read()).value);
    const data = /data: (.+)/.exec(text.slice(text.indexOf('event: app:health-changed')))![1]!;
    expect(JSON.parse(data)).toEqual(health);
    controller.abort();
  });
});
