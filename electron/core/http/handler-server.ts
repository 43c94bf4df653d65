import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HandlerServer {
  url: string;
  port: number;
  /** Stops listening and destroys open sockets, including ones a handler is holding. */
  close(): Promise<void>;
}

export interface HandlerServerOptions {
  handle: (request: Request) => Promise<Response>;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  maxBodyBytes: number;
  /** The answer to a body over maxBodyBytes (sent with Connection: close). */
  tooLarge: () => Response;
  /** The answer when the request cannot be turned into a Request (a bad URL, a broken body). */
  unreadable: () => Response;
  /** The handler's way of saying "drop the connection without an answer". */
  isDropped: (error: unknown) => boolean;
  /** A handler may keep an answer's exact text aside (to send malformed JSON as it is); default: the body. */
  answerText?: (response: Response) => string | undefined;
}

/**
 * Serves a fetch-style handler (the partner sandbox's, the terminal simulator's) over real HTTP.
 * The server's own origin builds request URLs: the client's Host header is not trusted.
 */
export async function startHandlerServer(options: HandlerServerOptions): Promise<HandlerServer> {
  const host = options.host ?? '127.0.0.1';
  let origin = 'http://127.0.0.1';
  const server = createServer((req, res) => void serve(options, origin, req, res));
  // Node closes an idle kept-alive socket after 5 s. A client whose process was busy for longer
  // (a test worker on a loaded machine) sends its next request on that socket as it closes, and a
  // POST is lost with ECONNRESET rather than answered. A minute keeps the socket for such a client;
  // close() still ends every connection at once.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: origin,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function serve(options: HandlerServerOptions, origin: string, req: IncomingMessage, res: ServerResponse) {
  // A reset or destroyed socket must never become an unhandled 'error' that stops the process.
  req.on('error', () => {});
  res.on('error', () => {});
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('The client closed the connection.'));
  });
  try {
    const body = await readBody(req, options.maxBodyBytes);
    if (body === 'too-large') {
      await send(res, options.tooLarge(), options.answerText, true);
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
    }
    const method = req.method ?? 'GET';
    const request = new Request(new URL(req.url ?? '/', origin), {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' || body.length === 0 ? undefined : new Uint8Array(body),
      signal: controller.signal,
    });
    await send(res, await options.handle(request), options.answerText);
  } catch (error) {
    if (options.isDropped(error)) {
      req.socket.destroy();
      return;
    }
    if (controller.signal.aborted || res.headersSent) {
      res.destroy();
      return;
    }
    await send(res, options.unreadable(), options.answerText).catch(() => res.destroy());
  }
}

function readBody(req: IncomingMessage, maxBodyBytes: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        req.removeAllListeners('data');
        req.resume();
        resolve('too-large');
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function send(res: ServerResponse, response: Response, answerText: HandlerServerOptions['answerText'], closeAfter = false) {
  const text = answerText?.(response);
  const body = text !== undefined ? Buffer.from(text, 'utf8') : Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  headers['content-length'] = String(body.length);
  if (closeAfter) headers.connection = 'close';
  res.writeHead(response.status, headers);
  res.end(body);
}
