import http from 'node:http';
import https from 'node:https';
import { acceptedEncodings, decodeAnswer } from './answer-encoding';
import { AnswerHeaders } from './answer-headers';
import { headerRecord, requestUrl } from './header-values';
import { ReadAnswer } from './read-answer';

export interface HttpFetchOptions {
  /** A connection not made within this long fails as never sent (undici's default, 10 s). */
  connectTimeoutMs?: number;
  /** Idle keep-alive connections are closed after this long, before a partner's proxy closes them under a request. */
  idleMs?: number;
  /** An answer larger than this is cut off and counts as no answer (a gateway streaming without end). */
  maxAnswerBytes?: number;
}

/** Who the till says it is when no caller names more (the partner's client adds its version). */
export const tillUserAgent = 'LobbyPOS';

/** `fetch` as the till's outside calls make it, plus a way to let its kept connections go. */
export type HttpFetch = typeof fetch & { close(): void };

/**
 * The `fetch` of the till's calls to the outside (the partner's client, Paystack's), over
 * node:http and node:https. Reads ride kept-alive connections; anything else (a hold, a purchase,
 * a payment request) gets a connection of its own (see `ownConnection` below). The answer is read
 * as Buffers and handed over whole, where the built-in fetch streams it through WHATWG streams:
 * about 0.4 ms less per 50-260 KB hotel page here (`npm run bench -- partner`).
 *
 * It keeps fetch's contract where the callers depend on it: compressed answers are asked for and
 * undone (gzip, deflate, br; answer-encoding.ts), text decodes as fetch's does, redirects are never
 * followed (the caller sees the 3xx), the signal aborts with its own reason (TimeoutError), and a
 * failure is a `TypeError('fetch failed')` whose `cause` is the socket's error, so a caller can tell
 * a request that never left (refused, name lookup, certificate, connect timeout: `syscall` connect)
 * from one that may have arrived (reset, closed, an answer that broke off). Unlike fetch, an answer
 * that breaks off fails the call itself instead of its `text()`; both are "no answer".
 */
export function createHttpFetch(options: HttpFetchOptions = {}): HttpFetch {
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const idleMs = options.idleMs ?? 4_000;
  const maxAnswerBytes = options.maxAnswerBytes ?? 32 * 1024 * 1024;
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: idleMs }),
    'https:': new https.Agent({ keepAlive: true, timeout: idleMs }),
  };
  // A server or gateway may close a kept-alive connection at any moment without saying so, and a
  // request written into it as the close is on its way is lost: a reset, "no answer". For a read
  // that only costs a second try; for a hold, a purchase or a payment request it would mean a
  // lookup instead of a sale. So anything but a read goes on a connection of its own, made for it
  // and closed after.
  const ownConnection = {
    'http:': new http.Agent({ keepAlive: false }),
    'https:': new https.Agent({ keepAlive: false }),
  };

  const httpFetch = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) return reject(signal.reason);
      let url: URL;
      let headers: Record<string, string>;
      let body: string | undefined;
      try {
        url = new URL(requestUrl(input));
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${url.protocol} is not http or https`);
        headers = headerRecord(init.headers);
        // As fetch does: compressed answers are asked for, and undone before anyone reads them.
        headers['accept-encoding'] ??= acceptedEncodings;
        // node:http sends no User-Agent of its own (fetch sent "node"), and web firewalls refuse
        // callers without one; the partner's client names the version too.
        headers['user-agent'] ??= tillUserAgent;
        if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new Error('only text bodies are sent');
        body = init.body ?? undefined;
        if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      } catch (error) {
        return reject(new TypeError('fetch failed', { cause: Object.assign(error as Error, { syscall: 'connect' }) }));
      }

      let settled = false;
      let connectTimer: NodeJS.Timeout | undefined;
      const finish = () => {
        settled = true;
        clearTimeout(connectTimer);
        signal?.removeEventListener('abort', onAbort);
      };
      const fail = (error: unknown) => {
        if (settled) return;
        finish();
        reject(error);
      };
      const failed = (cause: unknown) => fail(new TypeError('fetch failed', { cause }));
      function onAbort() {
        fail(signal!.reason);
        request.destroy();
      }

      const method = init.method ?? 'GET';
      const isRead = method === 'GET' || method === 'HEAD';
      const protocol = url.protocol as 'http:' | 'https:';
      let request!: http.ClientRequest;
      let answered = false;
      const send = (agent: http.Agent, firstTry: boolean) => {
        try {
          request = (protocol === 'https:' ? https : http).request(url, { method, headers, agent });
        } catch (error) {
          // Refused before anything was written (a header node will not send, a bad method).
          return failed(Object.assign(error as Error, { syscall: 'connect' }));
        }
        request.on('error', (error) => {
          // A read on a kept-alive connection the server had already closed never reached it:
          // sent again at once on a new connection, as browsers do (RFC 9110 9.2.2: reads are safe to repeat).
          if (isRead && firstTry && request.reusedSocket && !answered && !settled) return send(ownConnection[protocol], false);
          failed(error);
        });
        request.on('socket', (socket) => {
          // A kept-alive socket is connected already; a new one gets the connect deadline, which
          // covers the TLS handshake too: the request is only written once the connection is secure.
          if (!socket.connecting) return;
          connectTimer = setTimeout(
            () => request.destroy(Object.assign(new Error(`No connection within ${connectTimeoutMs} ms`), { code: 'UND_ERR_CONNECT_TIMEOUT', syscall: 'connect' })),
            connectTimeoutMs,
          );
          socket.once(protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
        });
        request.on('response', onResponse);
        request.end(body);
      };
      const onResponse = (response: http.IncomingMessage) => {
        answered = true;
        clearTimeout(connectTimer);
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxAnswerBytes) return void chunks.push(chunk);
          failed(Object.assign(new Error(`The answer is larger than ${maxAnswerBytes} bytes.`), { code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' }));
          request.destroy();
        });
        response.on('error', failed);
        // Closed before the whole answer (its Content-Length or last chunk) came: it broke off.
        const brokeOff = () => failed(Object.assign(new Error('The answer broke off.'), { code: 'UND_ERR_SOCKET' }));
        response.on('close', () => {
          if (!response.complete) brokeOff();
        });
        response.on('end', () => {
          if (settled) return;
          if (!response.complete) return brokeOff();
          const status = response.statusCode ?? 0;
          const noBody = status === 204 || status === 205 || status === 304 || method === 'HEAD';
          const answerWith = (bytes: Buffer | null) => {
            if (settled) return;
            let answer: ReadAnswer;
            try {
              answer = new ReadAnswer(bytes ?? Buffer.alloc(0), { status, statusText: response.statusMessage ?? '', headers: new AnswerHeaders(response.rawHeaders), url: url.href, noBody: bytes === null });
            } catch (error) {
              // A status fetch cannot represent: an answer, but not one to read.
              return failed(error);
            }
            finish();
            resolve(answer);
          };
          if (noBody) return answerWith(null);
          const bytes = Buffer.concat(chunks);
          if (!response.headers['content-encoding'] || bytes.length === 0) return answerWith(bytes);
          decodeAnswer(bytes, response.headers['content-encoding'], maxAnswerBytes).then(answerWith, failed);
        });
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      send(isRead ? agents[protocol] : ownConnection[protocol], true);
    });

  return Object.assign(httpFetch as typeof fetch, {
    close() {
      for (const agent of [...Object.values(agents), ...Object.values(ownConnection)]) agent.destroy();
    },
  });
}
