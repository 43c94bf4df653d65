import http from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { contentSecurityPolicy, hostTokenMetaName } from '../../shared/csp';
import { isChannelName } from '../../shared/ipc/contract';
import { serverSentEvent } from '../../shared/ipc/server-sent-events';
import type { Dispatch } from '../app/dispatch';
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../core/logger';
import { sendFailure, sendJson } from './http-result';
import { readBody } from './read-body';
import { guardRequest, hostTokenProblem, loopbackOrigins, mayReceiveToken } from './request-guard';
import { readStatic } from '../core/static-files';

export interface HostOptions {
  dispatch: Dispatch;
  /** What a screen may receive: `pos.screenEvents`. */
  events: EventHub;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** At least 32 letters, digits, - or _ (`hostTokenProblem`); the host refuses to start otherwise. */
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
 * Every request passes `guardRequest` (a plain path, this loopback Host, no foreign Origin); every
 * RPC and the event stream also need the per-launch bearer token, which only a same-origin page
 * load receives. Whatever arrives, the answer is a status below 500 in the contract's shape.
 */
export function startHost(options: HostOptions, listen: { port?: number } = {}): Promise<RunningHost> {
  const problem = hostTokenProblem(options.token);
  if (problem) return Promise.reject(new Error(problem));
  const maxBodyBytes = options.maxBodyBytes ?? 1_000_000;
  const expectedToken = Buffer.from(options.token);
  let allowed = loopbackOrigins(0);

  const authorized = (req: http.IncomingMessage) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match) return false;
    const given = Buffer.from(match[1]!);
    return given.length === expectedToken.length && timingSafeEqual(given, expectedToken);
  };

  const server = http.createServer(async (req, res) => {
    let path = '(unparsed)';
    try {
      for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
      const verdict = guardRequest(req, allowed);
      if (!verdict.ok) return refuse(req, res, verdict.status, verdict.status === 400 ? 'VALIDATION' : 'FORBIDDEN', verdict.message);
      path = verdict.path;

      if (path.startsWith('/rpc/')) {
        if (req.method !== 'POST') return refuse(req, res, 405, 'VALIDATION', 'Use POST for till actions.');
        if (!authorized(req)) return refuse(req, res, 401, 'UNAUTHORIZED', 'This screen is not signed in to the till. Reload the page.');
        let channel: string;
        try {
          channel = decodeURIComponent(path.slice('/rpc/'.length));
        } catch {
          return refuse(req, res, 400, 'VALIDATION', 'That action name is not readable.');
        }
        if (!isChannelName(channel)) return refuse(req, res, 404, 'NOT_FOUND', `The till does not know the action "${channel.slice(0, 80)}".`);
        const body = await readBody(req, maxBodyBytes);
        if (body.kind === 'too-large') {
          res.setHeader('Connection', 'close');
          return sendFailure(res, 413, 'VALIDATION', 'The request is too large.');
        }
        if (body.kind === 'broken') return refuse(req, res, 400, 'VALIDATION', 'The request did not arrive whole.');
        let payload: unknown;
        try {
          payload = body.text.length === 0 ? {} : JSON.parse(body.text);
        } catch {
          return sendFailure(res, 400, 'VALIDATION', 'The request was not valid JSON.');
        }
        const result = await options.dispatch(channel, payload);
        if (res.destroyed) return;
        return sendJson(res, 200, result);
      }

      if (path === '/events') {
        if (!authorized(req)) return refuse(req, res, 401, 'UNAUTHORIZED', 'This screen is not signed in to the till. Reload the page.');
        return streamEvents(req, res, options.events, options.logger);
      }

      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(req, res, 405, 'VALIDATION', 'Only GET is served here.');
      // Client-side routes all load the one page.
      const file = (await readStatic(options.rendererDir, path)) ?? (path.includes('.') ? null : await readStatic(options.rendererDir, '/'));
      if (!file) return sendFailure(res, 404, 'NOT_FOUND', 'No such file.');
      const isPage = file.type.startsWith('text/html');
      if (isPage && !mayReceiveToken(req)) return sendFailure(res, 403, 'FORBIDDEN', 'Open the till in a browser tab, not inside another page.');
      const body = isPage ? injectToken(file.body.toString('utf8'), options.token) : file.body;
      res.writeHead(200, { 'Content-Type': file.type, 'Cache-Control': isPage ? 'no-store' : 'public, max-age=31536000, immutable' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      // Only a bug lands here; the guard and the body reader turn every bad request into a 4xx.
      options.logger.error('preview host request failed', { path: path.slice(0, 200), error });
      if (!res.headersSent && !res.destroyed) sendFailure(res, 500, 'INTERNAL', 'The till could not answer. Try again.');
      else res.destroy();
    }
  });

  // What Node's own parser refuses (a broken request line, headers, encoding) gets a 400 in the
  // contract's shape, or nothing when the socket is already gone; it never reaches a handler.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const text = JSON.stringify({ ok: false, error: { code: 'VALIDATION', message: 'The till could not read that request.' } });
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
  });
  // A client that sends its headers slowly, or never finishes, does not hold a connection forever.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      allowed = loopbackOrigins(port);
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

/** Refuses without reading the body: the connection closes, so an unread body cannot be taken for the next request. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, status: number, code: Parameters<typeof sendFailure>[2], message: string) {
  if (!req.complete) res.setHeader('Connection', 'close');
  sendFailure(res, status, code, message);
}

function injectToken(html: string, token: string): string {
  const meta = `<meta name="${hostTokenMetaName}" content="${token.replace(/[^A-Za-z0-9_-]/g, '')}">`;
  return html.replace('</head>', `${meta}\n</head>`);
}

function streamEvents(req: http.IncomingMessage, res: http.ServerResponse, events: EventHub, logger: Logger) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  res.write(': connected\n\n');
  const unsubscribe = events.subscribe((event, payload) => {
    try {
      if (!res.destroyed) res.write(serverSentEvent(event, JSON.stringify(payload)));
    } catch (error) {
      logger.warn('could not send an event to a preview screen', { event, error });
    }
  });
  // Proxies and idle timers drop silent streams; a comment line every 25 s keeps it open.
  const keepAlive = setInterval(() => !res.destroyed && res.write(': keep-alive\n\n'), 25_000);
  keepAlive.unref();
  req.on('close', () => {
    clearInterval(keepAlive);
    unsubscribe();
  });
}
