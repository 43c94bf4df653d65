import http from 'node:http';
import https from 'node:https';
import { once } from '../../../shared/once';
import { acceptedEncodings, decodeAnswer } from './answer-encoding';

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
        url = new URL(input instanceof Request ? input.url : input);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${url.protocol} is not http or https`);
        headers = Object.fromEntries(new Headers(init.headers));
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
            try {
              const answerHeaders = new Headers();
              for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) answerHeaders.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
              const answerInit = { status, statusText: response.statusMessage ?? '', headers: answerHeaders };
              const answer = bytes === null ? new Response(null, answerInit) : new (readAnswerClass())(bytes, answerInit);
              finish();
              resolve(answer);
            } catch (error) {
              // A status or header fetch cannot represent: an answer, but not one to read.
              failed(error);
            }
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

/**
 * An answer read whole. Its bytes stay in the Buffer they arrived in: `text()`, `json()`,
 * `arrayBuffer()` and `bytes()` read them directly, and `body` is a stream over them made only when
 * asked for. Handing the bytes to Response itself would copy them into a stream first (on a 262 KB
 * hotel page a copy and ~0.1 ms for a body the client only ever reads as text). Like fetch's answer,
 * it is read once.
 *
 * The class is made with the first answer: `Response` is undici's, which Node loads the first time
 * anything touches it (about 25 ms of CPU), and a till that has not called out yet (a refund, a
 * shift report) need not pay for that as it starts.
 */
const readAnswerClass = once(() => class ReadAnswer extends Response {
  readonly #bytes: Buffer;
  #used = false;
  #stream: ReadableStream<Uint8Array> | null = null;

  constructor(bytes: Buffer, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
    // Response declares these as properties, so they are given here as this answer's own getters.
    // (`bytes()` too: newer than some of the type libraries this file is checked against.)
    Object.defineProperties(this, {
      body: { get: () => this.#body(), enumerable: true },
      bodyUsed: { get: () => this.#used, enumerable: true },
      bytes: { value: () => this.#copy() },
    });
  }

  #body(): ReadableStream<Uint8Array> {
    this.#stream ??= new ReadableStream<Uint8Array>({
      pull: (controller) => {
        this.#used = true;
        controller.enqueue(new Uint8Array(this.#bytes));
        controller.close();
      },
    });
    return this.#stream;
  }

  #take(): Buffer {
    if (this.#used || this.#stream?.locked) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes;
  }

  // A second read throws inside the executor, which makes it the promise's rejection, as fetch's is.
  override text = (): Promise<string> => new Promise((resolve) => resolve(utf8Text(this.#take())));

  override json = (): Promise<unknown> => this.text().then((text) => JSON.parse(text) as unknown);

  override arrayBuffer = (): Promise<ArrayBuffer> => this.#copy().then((bytes) => bytes.buffer);

  override blob = (): Promise<Blob> => this.#copy().then((bytes) => new Blob([bytes], { type: this.headers.get('content-type') ?? '' }));

  /** A copy: the caller may keep or change it, and the Buffer may share its memory with others. */
  #copy(): Promise<Uint8Array<ArrayBuffer>> {
    return new Promise((resolve) => resolve(new Uint8Array(this.#take())));
  }

  override clone = (): Response => {
    if (this.#used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new ReadAnswer(this.#bytes, { status: this.status, statusText: this.statusText, headers: this.headers });
  };
});

/**
 * What fetch's `text()` makes of the bytes (the Encoding standard's "UTF-8 decode"): a leading
 * byte-order mark is dropped, as some Windows gateways put one before the JSON, and bytes that are
 * not UTF-8 become U+FFFD. Buffer's own decoding keeps the mark, and JSON.parse refuses it.
 */
function utf8Text(bytes: Buffer): string {
  const marked = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', marked ? 3 : 0);
}
