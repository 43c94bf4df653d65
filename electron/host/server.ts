import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { contentSecurityPolicy, hostTokenMetaName } from '../../shared/csp';
import { isChannelName } from '../../shared/ipc/contract';
import type { Dispatch } from '../app/dispatch';
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../core/logger';
import { sendFailure, sendJson } from './http-result';
import { readStatic } from '../core/static-files';

export interface HostOptions {
  dispatch: Dispatch;
  events: EventHub;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  token: string;
  logger: Logger;
  maxBodyBytes?: number;
}

export interface RunningHost {
  url: string;
  port: number;
  close(): Promise<void>;
}

const securityHeaders = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The browser-preview transport: the built renderer and the contract over HTTP on 127.0.0.1 only.
 * It exists for development and end-to-end tests; the packaged Electron app never starts it.
 * Every RPC needs the per-launch bearer token, and the Host header must name this loopback
 * address, so another web page (or a DNS-rebinding trick) cannot drive the till.
 */
export function startHost(options: HostOptions, listen: { port?: number } = {}): Promise<RunningHost> {
  const maxBodyBytes = options.maxBodyBytes ?? 1_000_000;
  const expectedToken = Buffer.from(options.token);
  let allowedHosts: Set<string> = new Set();

  const authorized = (req: http.IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match) return false;
    const given = Buffer.from(match[1]!);
    return given.length === expectedToken.length && timingSafeEqual(given, expectedToken);
  };

  const server = http.createServer(async (req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    try {
      if (!allowedHosts.has(req.headers.host ?? '')) return sendFailure(res, 421, 'FORBIDDEN', 'This till only answers on its own loopback address.');

      if (url.pathname.startsWith('/rpc/')) {
        if (req.method !== 'POST') return sendFailure(res, 405, 'VALIDATION', 'Use POST for till actions.');
        if (!authorized(req)) return sendFailure(res, 401, 'UNAUTHORIZED', 'This screen is not signed in to the till. Reload the page.');
        const channel = decodeURIComponent(url.pathname.slice('/rpc/'.length));
        if (!isChannelName(channel)) return sendFailure(res, 404, 'NOT_FOUND', `The till does not know the action "${channel}".`);
        const body = await readBody(req, maxBodyBytes);
        if (body === null) {
          res.setHeader('Connection', 'close');
          return sendFailure(res, 413, 'VALIDATION', 'The request is too large.');
        }
        let payload: unknown;
        try {
          payload = body.length === 0 ? {} : JSON.parse(body);
        } catch {
          return sendFailure(res, 400, 'VALIDATION', 'The request was not valid JSON.');
        }
        return sendJson(res, 200, await options.dispatch(channel, payload));
      }

      if (url.pathname === '/events') {
        if (!authorized(req)) return sendFailure(res, 401, 'UNAUTHORIZED', 'This screen is not signed in to the till. Reload the page.');
        return streamEvents(req, res, options.events);
      }

      if (req.method !== 'GET' && req.method !== 'HEAD') return sendFailure(res, 405, 'VALIDATION', 'Only GET is served here.');
      // Client-side routes all load the one page.
      const file = (await readStatic(options.rendererDir, url.pathname)) ?? (url.pathname.includes('.') ? null : await readStatic(options.rendererDir, '/'));
      if (!file) return sendFailure(res, 404, 'NOT_FOUND', 'No such file.');
      const isPage = file.type.startsWith('text/html');
      const body = isPage ? injectToken(file.body.toString('utf8'), options.token) : file.body;
      res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': isPage ? 'no-store' : 'public, max-age=31536000, immutable' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      options.logger.error('preview host request failed', { path: url.pathname, error });
      if (!res.headersSent) sendFailure(res, 500, 'INTERNAL', 'The till could not answer. Try again.');
      else res.destroy();
    }
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
      resolve({
        url: `http://127.0.0.1:${port}/`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function injectToken(html: string, token: string): string {
  const meta = `<meta name="${hostTokenMetaName}" content="${token.replace(/[^A-Za-z0-9_-]/g, '')}">`;
  return html.replace('</head>', `${meta}\n</head>`);
}

function readBody(req: http.IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      // Keep draining (discarding) so the client can still read our 413 before the socket closes.
      req.off('data', onData);
      req.resume();
      resolve(null);
    };
    req.on('data', onData);
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function streamEvents(req: http.IncomingMessage, res: http.ServerResponse, events: EventHub) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  res.write(': connected\n\n');
  const unsubscribe = events.subscribe((event, payload) => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
  });
  // Proxies and idle timers drop silent streams; a comment line every 25 s keeps it open.
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
  keepAlive.unref();
  req.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
