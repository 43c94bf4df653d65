import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
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

const token = 'test-token-abcdefghijklmnopqrstuvwxyz-0123';
let dataDir: string;
let host: RunningHost;
let pos: Pos;
let rendererDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-host-'));
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
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

const rpc = (channel: string, init: { body?: string; auth?: string | null; method?: string } = {}) =>
  fetch(new URL(`rpc/${channel}`, host.url), {
    method: init.method ?? 'POST',
    headers: init.auth === null ? {} : { Authorization: init.auth ?? `Bearer ${token}` },
    body: init.method === 'GET' ? undefined : (init.body ?? '{}'),
  });

/** Raw request so the Host header can be forged (fetch will not let us). */
function rawGet(pathname: string, hostHeader: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path: pathname, method, headers: { Host: hostHeader, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
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

/** Bytes straight onto a socket: request lines and headers no HTTP client would send. */
function rawRequest(text: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(host.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.setTimeout(3_000, () => socket.destroy());
    socket.end(text);
  });
}
const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe('preview host under hostile requests', () => {
  const own = () => `127.0.0.1:${host.port}`;

  it('answers 400 to a request line that is not a path, and keeps serving', async () => {
    for (const line of ['POST http://[/ HTTP/1.1', 'GET http://[/ HTTP/1.1', 'GET * HTTP/1.1', 'GET //evil.example/ HTTP/1.1', `POST http://${own()}/rpc/app:info HTTP/1.1`]) {
      const answer = await rawRequest(`${line}\r\nHost: ${own()}\r\nAuthorization: Bearer ${token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
      expect(statusOf(answer), line).toBe(400);
      expect(answer).toContain('"ok":false');
    }
    expect((await rpc('app:info')).status).toBe(200);
  });

  it('answers 400, never 500, to bad percent-encoding in a channel or a file path', async () => {
    for (const target of ['/rpc/%E0%A4%A', '/rpc/%', '/rpc/%ZZ', '/%E0%A4%A', '/%', '/assets/%C0%AE%C0%AE/x.js']) {
      const answer = await rawRequest(`POST ${target} HTTP/1.1\r\nHost: ${own()}\r\nAuthorization: Bearer ${token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
      const status = statusOf(answer);
      expect(status, target).toBeGreaterThanOrEqual(400);
      expect(status, target).toBeLessThan(500);
    }
  });

  it('gives Node-level garbage a 400 in the contract shape, and survives it', async () => {
    for (const text of ['\u0000\u0001\u0002', 'GET / HTTP/1.1\r\nHost\r\n\r\n', 'GET / HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n', `GET /${'a'.repeat(100_000)} HTTP/1.1\r\nHost: ${own()}\r\n\r\n`, 'POST /rpc/app:info HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n']) {
      const status = statusOf(await rawRequest(text));
      expect(status === 0 || (status >= 400 && status < 500), JSON.stringify(text.slice(0, 60))).toBe(true);
    }
    expect((await rpc('app:info')).status).toBe(200);
  });

  it('refuses a foreign Origin even with the token, and fetches from another site', async () => {
    const call = (headers: Record<string, string>) => rawGet('/rpc/app:info', own(), { Authorization: `Bearer ${token}`, 'Content-Length': '2', ...headers }, 'POST');
    expect((await call({ Origin: 'http://evil.example' })).status).toBe(403);
    expect((await call({ Origin: 'null' })).status).toBe(403);
    expect((await call({ Origin: `http://127.0.0.1:${host.port + 1}` })).status).toBe(403);
    expect((await call({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await call({ Origin: `http://${own()}`, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await call({ Origin: `http://localhost:${host.port}` })).status).toBe(200);
  });

  it('refuses DNS-rebinding hosts on every path, the event stream included', async () => {
    for (const hostHeader of ['evil.example', `evil.example:${host.port}`, `127.0.0.1.nip.io:${host.port}`, `[::1]:${host.port}`, `127.0.0.1:${host.port + 1}`]) {
      expect((await rawGet('/', hostHeader)).status, hostHeader).toBe(421);
      expect((await rawGet('/events', hostHeader, { Authorization: `Bearer ${token}` })).status, hostHeader).toBe(421);
      expect((await rawGet('/rpc/app:info', hostHeader, { Authorization: `Bearer ${token}`, 'Content-Length': '2' }, 'POST')).status, hostHeader).toBe(421);
    }
  });

  it('hands the token only to its own origin, never to another site or into a frame', async () => {
    const page = (headers: Record<string, string>) => rawGet('/', own(), headers);
    const navigate = await page({ 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' });
    expect(navigate.body).toContain(token);
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' },
      { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' },
      { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' },
      { Origin: 'http://evil.example' },
    ] as Record<string, string>[]) {
      const answer = await page(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body).not.toContain(token);
    }
  });

  it('refuses to start with a short or unsafe POS_HOST_TOKEN, in one clear line', async () => {
    const start = (bad: string) => startHost({ dispatch: pos.dispatch, events: pos.screenEvents, rendererDir, token: bad, logger: silentLogger });
    await expect(start('short-token')).rejects.toThrow(/^POS_HOST_TOKEN must be at least 32 characters \(it has 11\)/);
    await expect(start('x'.repeat(31))).rejects.toThrow(/at least 32/);
    await expect(start(`${'x'.repeat(32)}"><script>`)).rejects.toThrow(/only letters, digits/);
  });
});
