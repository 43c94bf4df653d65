import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/**
 * A small HTTP gateway in front of a partner (the sandbox over real HTTP), the way a load balancer
 * or a CDN sits in front of the live service. It passes every request on; for purchases and
 * bookings it lets the partner commit first and then fails in the way asked, so a test can check
 * that no sale the partner holds is called rejected by the till. `down` makes it answer every
 * request with a gateway error without passing it on (the partner unreachable), until lifted.
 */
export type GatewayFailure =
  /** `afterMs`: the answer comes that long after the request (a slow gateway). */
  | { kind: 'status'; status: number; body?: string; contentType?: string; afterMs?: number }
  /** The partner's answer, cut short but sent as a complete response (a proxy buffer limit). */
  | { kind: 'truncated-json' }
  /** Headers and part of the body, then the connection dies (a reset mid-answer). */
  | { kind: 'cut-off' }
  /** The connection is reset before any answer. */
  | { kind: 'reset' }
  /** No answer at all, until the client gives up. */
  | { kind: 'hang' }
  /** The partner's answer rewritten (a proxy that mangles bodies). */
  | { kind: 'rewrite'; status: number; body: (partnerBody: string) => string }
  /** The partner's answer as it is, passed on this long after the partner committed (a slow link). */
  | { kind: 'slow'; afterMs: number };

export interface FailingGateway {
  url: string;
  /** What happens to the next purchases/bookings, after the partner committed them (each used once). */
  afterCommit: GatewayFailure[];
  /** What happens to the next purchases/bookings instead of passing them on (each used once). */
  beforeCommit: GatewayFailure[];
  /** When set, every request is answered with this, never reaching the partner. */
  down: GatewayFailure | null;
  /** Requests whose path (with query) matches are answered with the failure, never reaching the partner. */
  blocked: Array<{ path: RegExp; failure: GatewayFailure }>;
  /** Rewrites request bodies on their way to the partner (a till of an older version, say). */
  rewriteRequest: ((body: string, path: string) => string) | null;
  /**
   * Compresses every answer it passes on in this coding when the client's Accept-Encoding allows
   * it, as nginx or a CDN does (and in this coding whatever the client asked, with `always`).
   */
  compress: { coding: 'gzip' | 'br'; always?: boolean } | null;
  /** Puts a UTF-8 byte-order mark before every answer it passes on, as some Windows gateways do. */
  byteOrderMark: boolean;
  /** Labels every answer it passes on uncompressed with this Content-Encoding (a PHP app's `Content-Encoding: UTF-8`). */
  mislabelEncoding: string | null;
  /**
   * Drops a kept-alive connection this many ms after its last answer, without saying so (no
   * Connection: close, no Keep-Alive hint), as a gateway with a short idle timeout does.
   */
  dropIdleAfterMs: number | null;
  /** Refuses a request without a User-Agent with a 403 page, as AWS WAF's NoUserAgent rule does. */
  requireUserAgent: boolean;
  /**
   * The next this many purchases/bookings are sent to the partner twice, and the second answer is
   * the one passed on: a gateway that retried a POST it thought was lost.
   */
  sendPurchasesTwice: number;
  /** Method, path and User-Agent of every request that reached the gateway, in order. */
  requests: Array<{ method: string; path: string; userAgent: string | null; at: number }>;
  close(): Promise<void>;
}

const purchasePath = /\/(experience\/buy\/tickets|hotels\/(buy|book))$/;

/** A gateway's own error page: HTML, not the partner's JSON envelope. */
export const gatewayPage = (status: number, title: string): Extract<GatewayFailure, { kind: 'status' }> => ({
  kind: 'status',
  status,
  contentType: 'text/html',
  body: `<!DOCTYPE html><html><head><title>${status} ${title}</title></head><body><center><h1>${status} ${title}</h1></center><hr><center>nginx</center></body></html>`,
});

export async function startFailingGateway(upstream: string): Promise<FailingGateway> {
  const gateway: Omit<FailingGateway, 'url' | 'close'> = { afterCommit: [], beforeCommit: [], down: null, blocked: [], rewriteRequest: null, compress: null, byteOrderMark: false, mislabelEncoding: null, dropIdleAfterMs: null, requireUserAgent: false, sendPurchasesTwice: 0, requests: [] };

  const server = createServer((req, res) => void serve(req, res));
  ignoreClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idleTimers = new WeakMap<object, NodeJS.Timeout>();
  async function serve(req: IncomingMessage, res: ServerResponse) {
    req.on('error', () => {});
    res.on('error', () => {});
    const socket = req.socket;
    clearTimeout(idleTimers.get(socket));
    res.on('finish', () => {
      if (gateway.dropIdleAfterMs !== null) idleTimers.set(socket, setTimeout(() => socket.destroy(), gateway.dropIdleAfterMs));
    });
    const path = req.url ?? '/';
    const userAgent = req.headers['user-agent'] ?? null;
    gateway.requests.push({ method: req.method ?? 'GET', path, userAgent, at: Date.now() });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (gateway.down) return fail(res, gateway.down, null);
    if (gateway.requireUserAgent && !userAgent) return fail(res, gatewayPage(403, 'Forbidden'), null);
    const blocked = gateway.blocked.find((rule) => rule.path.test(path));
    if (blocked) return fail(res, blocked.failure, null);
    const isPurchase = req.method === 'POST' && purchasePath.test(path.split('?')[0]!);
    const before = isPurchase ? gateway.beforeCommit.shift() : undefined;
    if (before) return fail(res, before, null);

    let answer: { status: number; headers: Headers; body: string };
    const forward = async () => {
      const forwarded = await fetch(upstream + path, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([name, value]) =>
          typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name) ? [[name, value] as [string, string]] : [],
        ),
        body: chunks.length === 0 ? undefined : gateway.rewriteRequest ? gateway.rewriteRequest(Buffer.concat(chunks).toString('utf8'), path) : Buffer.concat(chunks),
      });
      return { status: forwarded.status, headers: forwarded.headers, body: await forwarded.text() };
    };
    try {
      if (isPurchase && gateway.sendPurchasesTwice > 0) {
        gateway.sendPurchasesTwice -= 1;
        await forward();
      }
      answer = await forward();
    } catch {
      return fail(res, gatewayPage(502, 'Bad Gateway'), null);
    }
    const after = isPurchase && answer.status >= 200 && answer.status < 300 ? gateway.afterCommit.shift() : undefined;
    if (after?.kind === 'slow') {
      const { status, body } = answer;
      return void setTimeout(() => res.writeHead(status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(body), after.afterMs);
    }
    if (after) return fail(res, after, answer.body);
    const contentType = answer.headers.get('content-type') ?? 'application/json';
    const text = Buffer.from(gateway.byteOrderMark ? `\uFEFF${answer.body}` : answer.body, 'utf8');
    const compress = gateway.compress;
    if (compress && (compress.always || (req.headers['accept-encoding'] ?? '').includes(compress.coding))) {
      // Brotli at the quality servers use for answers made on the fly (nginx's default is 6,
      // Cloudflare's 4); the library's default, 11, is for files packed once, and costs 30x more.
      const body = compress.coding === 'gzip' ? gzipSync(text) : brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
      res.writeHead(answer.status, { 'content-type': contentType, 'content-encoding': compress.coding, 'content-length': String(body.length), vary: 'Accept-Encoding' }).end(body);
      return;
    }
    res.writeHead(answer.status, { 'content-type': contentType, ...(gateway.mislabelEncoding && { 'content-encoding': gateway.mislabelEncoding }) }).end(text);
  }

  function fail(res: ServerResponse, failure: GatewayFailure, partnerBody: string | null) {
    switch (failure.kind) {
      case 'status': {
        const answer = () => void res.writeHead(failure.status, { 'content-type': failure.contentType ?? 'application/json' }).end(failure.body ?? '');
        if (failure.afterMs) setTimeout(answer, failure.afterMs);
        else answer();
        return;
      }
      case 'truncated-json': {
        const body = (partnerBody ?? '{"success":true,"status":201,"data":{"reference":"EX').slice(0, Math.max(10, Math.floor((partnerBody?.length ?? 40) / 2)));
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body);
        return;
      }
      case 'cut-off': {
        const body = partnerBody ?? '{"success":true}';
        res.writeHead(201, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
        res.write(body.slice(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
        return;
      }
      case 'reset':
        if (res.socket?.resetAndDestroy) res.socket.resetAndDestroy();
        else res.socket?.destroy();
        return;
      case 'hang':
        // Held open until the client aborts or the gateway closes.
        return;
      case 'rewrite':
        res.writeHead(failure.status, { 'content-type': 'application/json' }).end(failure.body(partnerBody ?? ''));
        return;
      case 'slow':
        // Only after a commit (above): before one there is no answer to pass on.
        throw new Error('a slow answer is passed on after the partner committed (afterCommit)');
    }
  }

  return Object.assign(gateway, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/** A client socket dying under a failure we caused must not become an unhandled error. */
function ignoreClientErrors(server: ReturnType<typeof createServer>) {
  server.on('clientError', (_error, socket) => socket.destroy());
}
