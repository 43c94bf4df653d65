import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AnswerLost, MAX_BODY_BYTES, refusal } from './envelope';

export interface TerminalServer {
  url: string;
  port: number;
  /** Stops listening and destroys open sockets. */
  close(): Promise<void>;
}

/** Serves a fetch-style handler (the terminal simulator's) over real HTTP, by default on 127.0.0.1 and a free port. */
export async function startTerminalServer(options: { handle: (request: Request) => Promise<Response>; port?: number; host?: string }): Promise<TerminalServer> {
  const host = options.host ?? '127.0.0.1';
  let origin = 'http://127.0.0.1';
  const server = createServer((req, res) => void serve(options.handle, origin, req, res));
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

async function serve(handle: (request: Request) => Promise<Response>, origin: string, req: IncomingMessage, res: ServerResponse) {
  // A reset socket must never become an unhandled 'error' that stops the process.
  req.on('error', () => {});
  res.on('error', () => {});
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('The client closed the connection.'));
  });
  try {
    const body = await readBody(req);
    if (body === null) return await send(res, refusal(413, 'Request body too large'));
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
    await send(res, await handle(request));
  } catch (error) {
    if (error instanceof AnswerLost || controller.signal.aborted || res.headersSent) {
      req.socket.destroy();
      return;
    }
    await send(res, refusal(400, 'The request could not be read')).catch(() => res.destroy());
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function send(res: ServerResponse, response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}
