import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPosRuntime } from '../../electron/app/runtime';
import type { Pos } from '../../electron/app/create-pos';
import { loadConfig } from '../../electron/core/config/load';
import type { Logger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { startHost, type RunningHost } from '../../electron/host/server';
import { channelNames, channels } from '../../shared/ipc/contract';
import { createRandom, evilKeys, payloadFor, type Random } from '../helpers/fuzz';

/**
 * Malformed request lines, headers, encodings and bodies through the real preview host on
 * 127.0.0.1:0, over raw sockets (no HTTP client would send most of these): 0 answers of 500 or
 * more, 0 INTERNAL, and the host still answers a good request at the end.
 */
const requests = 4_000;
const token = 'fuzz-token-0123456789abcdefghijklmnopqrstuv';

let pos: Pos;
let host: RunningHost;
let dataDir: string;
let rendererDir: string;
const errors: string[] = [];
let dispatchCount = 0;
const dispatched = () => dispatchCount;
const logger: Logger = { info() {}, warn() {}, error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields ?? {}).slice(0, 300)}`) };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-fuzz-host-'));
  rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-fuzz-renderer-'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<html><head><title>t</title></head><body></body></html>');
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir } });
  if (!loaded.ok) throw new Error(loaded.message);
  pos = createPosRuntime({ config: loaded.config, secrets: createFileSecretStore({ dataDir, env: {} }), logger, version: 'fuzz' });
  const dispatch: typeof pos.dispatch = (channel, request) => {
    dispatchCount += 1;
    return pos.dispatch(channel, request);
  };
  host = await startHost({ dispatch, events: pos.screenEvents, rendererDir, token, logger });
});
afterAll(async () => {
  await host?.close();
  await pos?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

function send(bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(host.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.setTimeout(2_000, () => socket.destroy());
    socket.end(bytes);
  });
}

const methods = ['GET', 'POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'];
const brokenMethods = ['get', 'G ET', '', 'PRI', 'POST\u0000', 'TRACE', 'CONNECT'];
const brokenVersions = ['HTTP/0.9', 'HTTP/2.0', 'HTTP/1.1x', '', 'http/1.1'];

function target(random: Random, broken: boolean): string {
  if (broken && random.chance(0.3)) return random.pick(['/\u0000', '/\u00ff\u00fe', '', `/${'a'.repeat(70_000)}`, '/a b']);
  const channel = random.pick(channelNames);
  // Half go to a real channel, so the bodies reach dispatch; the rest are hostile paths.
  if (random.chance(0.5)) return `/rpc/${channel}`;
  return random.pick([
    '/',
    '/index.html',
    '/events',
    `/rpc/${channel}`,
    `/rpc/${channel}`,
    `/rpc/${encodeURIComponent(channel)}`,
    `/rpc/${channel}?x=%`,
    'http://[/',
    `http://127.0.0.1:${host.port}/rpc/${channel}`,
    'http://evil.example/rpc/app:info',
    '*',
    '//evil.example/',
    '/%',
    '/%E0%A4%A',
    '/rpc/%ZZ',
    '/rpc/%',
    '/rpc/%C0%AE',
    '/..%2f..%2fetc/passwd',
    '/assets/%2e%2e/%2e%2e/secret',
    `/rpc/${random.pick(evilKeys)}`,
    `/${'a'.repeat(random.pick([10, 5_000]))}`,
    '/#frag',
  ]);
}

/** `broken`: this request also breaks HTTP's own syntax somewhere (Node's parser answers those). */
function headerLines(random: Random, body: Buffer, broken: boolean): string[] {
  const own = `127.0.0.1:${host.port}`;
  const lines: string[] = [];
  if (random.chance(0.95)) lines.push(`Host: ${random.chance(0.8) ? own : random.pick([`localhost:${host.port}`, 'evil.example', `[::1]:${host.port}`, '', `${own}, evil.example`])}`);
  if (random.chance(0.1)) lines.push(`Host: ${random.pick([own, 'evil.example'])}`);
  if (random.chance(0.9)) lines.push(`Authorization: ${random.chance(0.8) ? `Bearer ${token}` : random.pick(['Bearer nope', `Basic ${token}`, 'Bearer', `Bearer ${token} extra`, '\u00ff'])}`);
  if (random.chance(0.4)) lines.push(`Origin: ${random.chance(0.6) ? `http://${own}` : random.pick(['http://evil.example', 'null', '', `http://localhost:${host.port}`, 'http://[', 'x'])}`);
  if (random.chance(0.3)) lines.push(`Sec-Fetch-Site: ${random.chance(0.6) ? 'same-origin' : random.pick(['cross-site', 'same-site', 'none', '?'])}`);
  if (random.chance(0.2)) lines.push(`Sec-Fetch-Dest: ${random.pick(['document', 'iframe', 'empty', ''])}`);
  const length = broken ? random.pick(['none', 'short', 'long', 'negative', 'text', 'huge', 'twice']) : random.pick(['right', 'right', 'right', 'right', 'none']);
  if (length === 'right') lines.push(`Content-Length: ${body.length}`);
  else if (length === 'short') lines.push(`Content-Length: ${Math.max(0, body.length - 3)}`);
  else if (length === 'long') lines.push(`Content-Length: ${body.length + 10}`);
  else if (length === 'negative') lines.push('Content-Length: -1');
  else if (length === 'text') lines.push('Content-Length: twelve');
  else if (length === 'huge') lines.push('Content-Length: 99999999999999999999');
  else if (length === 'twice') lines.push(`Content-Length: ${body.length}`, `Content-Length: ${body.length + 1}`);
  if (broken && random.chance(0.2)) lines.push(`Transfer-Encoding: ${random.pick(['chunked', 'gzip', 'chunked, chunked', 'identity'])}`);
  else if (random.chance(0.1) && length === 'none') lines.push('Transfer-Encoding: chunked');
  if (broken && random.chance(0.3)) lines.push(random.pick(['NoColonHere', 'Bad Header: x', ': empty name', ' folded: continuation', `X-Long: ${'v'.repeat(20_000)}`, 'X-Nul: a\u0000b']));
  if (random.chance(0.3)) lines.push(`Content-Type: ${random.pick(['application/json', 'text/plain', 'application/json; charset=latin1', 'multipart/form-data; boundary=x'])}`);
  if (random.chance(0.1)) lines.push(random.pick(['X-Latin: \u00e9', `X-Many: ${'a,'.repeat(500)}`, 'Cookie: a=b', 'Expect: 100-continue', 'Upgrade: websocket']));
  lines.push(random.chance(0.7) ? 'Connection: close' : 'Connection: keep-alive');
  return lines;
}

function body(random: Random): Buffer {
  const channel = random.pick(channelNames);
  switch (random.int(8)) {
    case 0:
      return Buffer.alloc(0);
    case 1:
      return Buffer.from('{nope');
    case 2:
      return Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0x7b, 0x7d]);
    case 3:
      return Buffer.from('['.repeat(random.pick([10, 10_000])));
    case 4:
      return Buffer.from('\ufeff{}');
    case 5: {
      const key = random.pick(evilKeys);
      return Buffer.from(`{${JSON.stringify(key)}: {${JSON.stringify(random.pick(evilKeys))}: 1}}`);
    }
    default:
      return Buffer.from(JSON.stringify(payloadFor(channels[channel].request, random, { jsonOnly: true })) ?? 'null');
  }
}

function chunked(data: Buffer, random: Random, broken: boolean): Buffer {
  if (!broken || random.chance(0.5)) return Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n0\r\n\r\n')]);
  return Buffer.concat([Buffer.from(`${random.pick(['zz', '-1', 'ffffffffffffffff', '3'])}\r\n`), data, Buffer.from(random.pick(['\r\n', '', '\r\n0\r\n']))]);
}

function request(random: Random): Buffer {
  const broken = random.chance(0.3);
  const payload = body(random);
  const lines = headerLines(random, payload, broken);
  const newline = broken ? random.pick(['\r\n', '\n', '\r']) : '\r\n';
  const path = target(random, broken);
  const method = broken && random.chance(0.3) ? random.pick(brokenMethods) : path.startsWith('/rpc/') && random.chance(0.9) ? 'POST' : random.pick(methods);
  const version = broken && random.chance(0.3) ? random.pick(brokenVersions) : 'HTTP/1.1';
  const head = `${method} ${path} ${version}${newline}${lines.join(newline)}${newline}${newline}`;
  const isChunked = lines.some((line) => line.startsWith('Transfer-Encoding: chunked'));
  return Buffer.concat([Buffer.from(head, 'latin1'), isChunked ? chunked(payload, random, broken) : payload]);
}

describe('fuzzed HTTP through the preview host', () => {
  it(`answers ${requests} malformed requests without a 5xx or INTERNAL, and keeps serving`, async () => {
    const random = createRandom(20261123);
    const statuses = new Map<number, number>();
    let answeredByHost = 0;
    const problems: string[] = [];
    const queue = Array.from({ length: requests }, () => request(random));
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const answer = await send(next);
        if (answer.includes('X-Frame-Options: DENY')) answeredByHost += 1;
        for (const match of answer.matchAll(/HTTP\/1\.1 (\d{3})/g)) {
          const status = Number(match[1]);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500) problems.push(`${status} for ${JSON.stringify(next.toString('latin1').slice(0, 200))}`);
        }
        if (answer.includes('"code":"INTERNAL"')) problems.push(`INTERNAL for ${JSON.stringify(next.toString('latin1').slice(0, 200))}`);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    console.info(`fuzz-host: ${requests} requests, answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(problems.slice(0, 5)).toEqual([]);
    expect(errors).toEqual([]);
    // Still up, still right.
    const good = await send(Buffer.from(`POST /rpc/app:info HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nAuthorization: Bearer ${token}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`));
    expect(good).toMatch(/^HTTP\/1\.1 200/);
    expect(good).toContain('"ok":true');
    // Most requests must get past Node's own parser, or this fuzz tests Node instead of the host.
    console.info(`fuzz-host: ${answeredByHost} answered by the host's handler (${dispatched()} reached dispatch), the rest by Node's parser`);
    expect(answeredByHost).toBeGreaterThan(requests / 2);
    expect(dispatched()).toBeGreaterThan(requests / 20);
  }, 60_000);
});
