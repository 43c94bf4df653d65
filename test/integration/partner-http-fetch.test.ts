import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpFetch } from '../../electron/core/http/http-fetch';
import { fetchFailure } from '../../electron/partner/partner-error';

/**
 * The partner client's own transport against a real HTTP server and a raw TCP one that answers
 * the way broken gateways do: what it hands back, and how each failure is classified.
 */

const httpFetch = createHttpFetch();
let server: Server;
let base: string;
const sockets = new Set<Socket>();
const seen: Array<{ method: string; url: string; headers: Record<string, string | string[] | undefined>; body: string; socket: Socket }> = [];

let raw: TcpServer;
let rawBase: string;
/** What the raw server writes for the next connection, then whether it closes. */
let rawAnswer: { text: string; close: boolean } = { text: '', close: true };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, socket: req.socket });
      if (req.url === '/moved') {
        res.writeHead(302, { Location: 'http://elsewhere.example/steal' });
        res.end();
      } else if (req.url === '/nothing') {
        res.writeHead(204);
        res.end();
      } else if (req.url?.startsWith('/encoded/')) {
        // As a gateway compresses: the coding named in the path, whatever the client asked for.
        const coding = req.url.slice('/encoded/'.length);
        const json = Buffer.from(JSON.stringify({ success: true, data: { coding, asked: req.headers['accept-encoding'] ?? null, note: 'Ọjà ₦'.repeat(200) } }));
        const bodies: Record<string, () => Buffer> = {
          gzip: () => gzipSync(json),
          br: () => brotliCompressSync(json),
          deflate: () => deflateSync(json),
          'raw-deflate': () => deflateRawSync(json),
          'gzip, br': () => brotliCompressSync(gzipSync(json)),
          broken: () => Buffer.from('this is not gzip at all'),
          bomb: () => gzipSync(Buffer.alloc(5_000_000, 'x')),
          compress: () => json,
          // Packed in a way the till does not know: the bytes come through as they are, and are not JSON.
          zstd: () => gzipSync(json),
        };
        const header = coding === 'raw-deflate' ? 'deflate' : coding === 'broken' || coding === 'bomb' ? 'gzip' : decodeURIComponent(coding);
        const named = decodeURIComponent(coding);
        const body = Object.hasOwn(bodies, named) ? bodies[named]!() : json;
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': header, 'Content-Length': body.length });
        res.end(body);
      } else if (req.url === '/marked') {
        // A byte-order mark first (a Windows gateway), and one byte that is not UTF-8 inside.
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"note":"Ọjà '), Buffer.from([0xff]), Buffer.from('"}')]));
      } else if (req.url === '/repeated') {
        // Names sent twice and in mixed case, as gateways stack them.
        res.setHeader('X-Seen', ['by-gateway', 'by-partner']);
        res.setHeader('Set-Cookie', ['a=1; Path=/', 'b=2; Path=/']);
        res.setHeader('Content-Type', 'application/json');
        res.end('{}');
      } else if (req.url === '/slow') {
        setTimeout(() => res.end('{}'), 1_000);
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Partner': 'sandbox' });
        res.end(JSON.stringify({ success: true, data: { echo: body || null, path: req.url } }));
      }
    });
  });
  server.on('connection', (socket) => (sockets.add(socket), socket.on('close', () => sockets.delete(socket))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  raw = createTcpServer((socket) => {
    socket.once('data', () => {
      socket.write(rawAnswer.text);
      if (rawAnswer.close) socket.destroy();
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
});

afterAll(async () => {
  httpFetch.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => raw.close(resolve));
});

const classify = async (call: Promise<Response>) => {
  try {
    await call;
  } catch (error) {
    return fetchFailure(error, 500);
  }
  throw new Error('the call did not fail');
};

describe('the partner transport (node:http)', () => {
  it('sends method, headers and body, hands back status, headers and text, and keeps the connection for the next read only', async () => {
    seen.length = 0;
    const first = await httpFetch(new URL(`${base}/v2/partner/hotels?city=Lagos`), { headers: new Headers({ 'X-API-KEY': 'k-123456', TransactionMedium: 'POS' }) });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-partner')).toBe('sandbox');
    expect(await first.json()).toEqual({ success: true, data: { echo: null, path: '/v2/partner/hotels?city=Lagos' } });

    expect((await httpFetch(`${base}/v1/partner/experience`)).status).toBe(200);

    const body = JSON.stringify({ merchant_reference: 'S-1', note: 'Ọjà ₦' });
    const third = await httpFetch(`${base}/v1/partner/experience/buy`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(await third.json()).toMatchObject({ data: { echo: body } });
    expect(seen.map((s) => [s.method, s.headers['x-api-key'], s.headers.transactionmedium])).toEqual([
      ['GET', 'k-123456', 'POS'],
      ['GET', undefined, undefined],
      ['POST', undefined, undefined],
    ]);
    expect(seen[2]!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(seen[1]!.socket, 'the second read rides the first one\'s connection').toBe(seen[0]!.socket);
    expect(seen[2]!.socket, 'a purchase has a connection of its own').not.toBe(seen[0]!.socket);
    expect(seen[2]!.headers.connection).toBe('close');
  });

  it('an answer reads as fetch reads one: once, by any of its readers, its body a stream of the same bytes', async () => {
    const url = `${base}/v2/partner/hotels?name=${encodeURIComponent('Ọjà')}`;
    const expected = { success: true, data: { echo: null, path: '/v2/partner/hotels?name=%E1%BB%8Cj%C3%A0' } };
    const text = JSON.stringify(expected);

    const asText = await httpFetch(url);
    expect([asText.bodyUsed, await asText.text(), asText.bodyUsed]).toEqual([false, text, true]);
    await expect(asText.text()).rejects.toThrow(TypeError);
    await expect(asText.json()).rejects.toThrow(TypeError);
    expect(() => asText.clone()).toThrow(TypeError);

    const asBuffer = await httpFetch(url);
    expect(Buffer.from(await asBuffer.arrayBuffer()).toString('utf8')).toBe(text);
    const asBytes = (await httpFetch(url)) as Response & { bytes(): Promise<Uint8Array> };
    expect(Buffer.from(await asBytes.bytes()).toString('utf8')).toBe(text);
    await expect(asBytes.bytes()).rejects.toThrow(TypeError);
    const asBlob = await httpFetch(url);
    const blob = await asBlob.blob();
    expect([blob.type, await blob.text()]).toEqual(['application/json', text]);

    const asStream = await httpFetch(url);
    const copy = asStream.clone();
    expect(asStream.body).not.toBeNull();
    let streamed = '';
    for await (const chunk of asStream.body! as unknown as AsyncIterable<Uint8Array>) streamed += Buffer.from(chunk).toString('utf8');
    expect([streamed, asStream.bodyUsed]).toEqual([text, true]);
    await expect(asStream.text()).rejects.toThrow(TypeError);
    expect(await copy.json()).toEqual(expected);
  });

  it("an answer's headers read as fetch's do: any case, a repeated name joined, Set-Cookie apart, in name order, read only", async () => {
    const ours = await httpFetch(`${base}/repeated`);
    const theirs = await fetch(`${base}/repeated`);
    const named = (headers: Headers) => [...headers].filter(([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'connection');
    expect(named(ours.headers)).toEqual(named(theirs.headers));
    expect([ours.headers.get('X-SEEN'), ours.headers.has('x-seen'), ours.headers.get('x-missing')]).toEqual(['by-gateway, by-partner', true, null]);
    expect(ours.headers.getSetCookie()).toEqual(theirs.headers.getSetCookie());
    const seenBy: string[] = [];
    ours.headers.forEach((value, name) => seenBy.push(`${name}=${value}`));
    expect(seenBy).toEqual([...ours.headers].map(([name, value]) => `${name}=${value}`));
    expect(() => ours.headers.set('x-seen', 'changed')).toThrow(TypeError);
    expect([ours.ok, ours.redirected, ours.url, ours.statusText]).toEqual([true, false, `${base}/repeated`, 'OK']);
    await ours.text();
    await theirs.text();
  });

  it('decodes text as fetch does: a leading byte-order mark dropped, a byte that is not UTF-8 a replacement character', async () => {
    const ours = await (await httpFetch(`${base}/marked`)).text();
    expect(ours).toBe(await (await fetch(`${base}/marked`)).text());
    expect(JSON.parse(ours)).toEqual({ note: 'Ọjà \uFFFD' });
    expect(await (await httpFetch(`${base}/marked`)).json()).toEqual({ note: 'Ọjà \uFFFD' });
  });

  it('asks for compressed answers and reads gzip, deflate (wrapped or raw), br and a chain of them', async () => {
    for (const coding of ['gzip', 'br', 'deflate', 'raw-deflate', encodeURIComponent('gzip, br')]) {
      const answer = await httpFetch(`${base}/encoded/${coding}`);
      const body = (await answer.json()) as { data: { coding: string; asked: string | null; note: string } };
      expect([body.data.coding, body.data.asked, body.data.note]).toEqual([coding, 'gzip, deflate, br', 'Ọjà ₦'.repeat(200)]);
    }
  });

  it('a coding it does not know leaves the bytes as they came, as fetch and Chromium do', async () => {
    // "Content-Encoding: UTF-8" (a charset where a coding belongs) and the like over plain JSON: read as it is.
    for (const coding of ['UTF-8', 'compress', 'constructor', '__proto__', 'toString']) {
      const body = (await (await httpFetch(`${base}/encoded/${encodeURIComponent(coding)}`)).json()) as { data: { coding: string; note: string } };
      expect([body.data.coding, body.data.note], coding).toEqual([encodeURIComponent(coding), 'Ọjà ₦'.repeat(200)]);
      const fetched = (await (await fetch(`${base}/encoded/${encodeURIComponent(coding)}`)).json()) as { data: { note: string } };
      expect(fetched.data.note, `fetch reads ${coding} the same`).toBe(body.data.note);
    }
    // Really packed some other way: the bytes are not JSON, which the client takes as no answer.
    await expect((await httpFetch(`${base}/encoded/zstd`)).json()).rejects.toThrow(SyntaxError);
  });

  it('an answer that does not decode or decodes past the cap is no answer', async () => {
    expect(await classify(httpFetch(`${base}/encoded/broken`))).toMatchObject({ kind: 'no-answer', cause: 'Z_DATA_ERROR' });
    // 5 MB of x in under 5 KB: the cap holds on what it decodes to, not on what arrived.
    const capped = createHttpFetch({ maxAnswerBytes: 1_000_000 });
    try {
      expect(await classify(capped(`${base}/encoded/bomb`))).toMatchObject({ kind: 'no-answer', cause: 'ERR_BUFFER_TOO_LARGE' });
      expect((await capped(`${base}/encoded/gzip`)).status).toBe(200);
    } finally {
      capped.close();
    }
  });

  it('never follows a redirect, and an answer without a body has none', async () => {
    const moved = await httpFetch(`${base}/moved`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([302, 'http://elsewhere.example/steal']);
    const nothing = await httpFetch(`${base}/nothing`, { method: 'DELETE' });
    expect([nothing.status, await nothing.text()]).toEqual([204, '']);
  });

  it('a refused connection never sent anything; a timeout is no answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await classify(httpFetch(`http://127.0.0.1:${port}/v2/partner/hotels`))).toMatchObject({ kind: 'not-sent', cause: 'ECONNREFUSED' });
    expect(await classify(httpFetch(`${base}/slow`, { signal: AbortSignal.timeout(100) }))).toMatchObject({ kind: 'no-answer', cause: 'timeout' });
    expect(await classify(httpFetch(`ftp://127.0.0.1:${port}/`))).toMatchObject({ kind: 'not-sent' });
    // Requests node will not write at all: nothing left the till.
    expect(await classify(httpFetch(`${base}/v2/partner/hotels`, { method: 'NOT A METHOD' }))).toMatchObject({ kind: 'not-sent' });
    expect(await classify(httpFetch(`${base}/v2/partner/hotels`, { headers: { 'X-API-KEY': 'key\nInjected: 1' } }))).toMatchObject({ kind: 'not-sent' });
  });

  it('an answer that breaks off, a reset and a reply that is not HTTP are no answer (a purchase may have gone through)', async () => {
    rawAnswer = { text: 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"success":true,"data":{"ref', close: true };
    expect(await classify(httpFetch(`${rawBase}/v1/partner/experience/buy`, { method: 'POST', body: '{}' }))).toMatchObject({ kind: 'no-answer' });
    rawAnswer = { text: 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{"success":true,', close: true };
    expect(await classify(httpFetch(`${rawBase}/v1/partner/experience/buy`, { method: 'POST', body: '{}' }))).toMatchObject({ kind: 'no-answer' });
    rawAnswer = { text: '', close: true };
    expect(await classify(httpFetch(`${rawBase}/v1/partner/experience/buy`, { method: 'POST', body: '{}' }))).toMatchObject({ kind: 'no-answer' });
    rawAnswer = { text: 'SSH-2.0-OpenSSH_9.2\r\n', close: true };
    expect(await classify(httpFetch(`${rawBase}/v2/partner/hotels`))).toMatchObject({ kind: 'no-answer' });
    // A status fetch cannot stand for (a gateway's 999): an answer came, but not one to read.
    rawAnswer = { text: 'HTTP/1.1 999 Odd\r\nContent-Length: 2\r\n\r\n{}', close: true };
    expect(await classify(httpFetch(`${rawBase}/v1/partner/experience/buy`, { method: 'POST', body: '{}' }))).toMatchObject({ kind: 'no-answer' });
  });

  it('an answer larger than the cap is cut off as no answer, and the next call still works', async () => {
    const capped = createHttpFetch({ maxAnswerBytes: 1_000 });
    try {
      rawAnswer = { text: `HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n${'x'.repeat(5000)}`, close: false };
      expect(await classify(capped(`${rawBase}/v2/partner/hotels`))).toMatchObject({ kind: 'no-answer', cause: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' });
      expect((await capped(`${base}/v2/partner/hotels`)).status).toBe(200);
    } finally {
      capped.close();
    }
  });

  it('a connection the server drops without notice: a read is sent again on a new one, a purchase never rides an old one', async () => {
    // Answers keep-alive, then closes each connection 2 ms after its last answer, saying nothing.
    const requests: Array<{ line: string; firstOnConnection: boolean; connection: string | null }> = [];
    const dropping = createTcpServer((socket) => {
      let pending = '';
      let served = 0;
      let idle: NodeJS.Timeout | undefined;
      socket.on('error', () => {});
      socket.on('data', (data) => {
        clearTimeout(idle);
        pending += data.toString('latin1');
        for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
          const head = pending.slice(0, end);
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
          if (pending.length < end + 4 + length) return;
          pending = pending.slice(end + 4 + length);
          requests.push({ line: head.split('\r\n')[0]!, firstOnConnection: served++ === 0, connection: /\r\nconnection: *([^\r]*)/i.exec(head)?.[1] ?? null });
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}');
          idle = setTimeout(() => socket.destroy(), 2);
        }
      });
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
    const own = createHttpFetch();
    try {
      for (let i = 0; i < 60; i++) {
        expect(await (await own(`${url}/v1/partner/experience`)).json()).toEqual({ ok: true });
        // Just as the server closes the connection the read came back on.
        await new Promise((resolve) => setTimeout(resolve, 2));
        expect(await (await own(`${url}/v1/partner/experience/tickets`)).json()).toEqual({ ok: true });
        expect(await (await own(`${url}/v1/partner/experience/buy`, { method: 'POST', body: '{}' })).json()).toEqual({ ok: true });
      }
    } finally {
      own.close();
      await new Promise((resolve) => dropping.close(resolve));
    }
    const purchases = requests.filter((r) => r.line.startsWith('POST'));
    expect(purchases).toHaveLength(60);
    expect(purchases.every((r) => r.firstOnConnection && r.connection === 'close'), 'each purchase on a connection of its own').toBe(true);
    expect(requests.filter((r) => r.line.startsWith('GET ')).length).toBeGreaterThanOrEqual(120);
  });

  it('a complete answer from a gateway that closes right after it is read whole', async () => {
    const text = '{"success":true,"data":{"reference":"TX-1"}}';
    rawAnswer = { text: `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${text.length}\r\nConnection: close\r\n\r\n${text}`, close: true };
    const answer = await httpFetch(`${rawBase}/v1/partner/experience/buy`, { method: 'POST', body: '{}' });
    expect(await answer.json()).toEqual({ success: true, data: { reference: 'TX-1' } });
  });
});
