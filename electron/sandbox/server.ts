import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerText, failure } from './envelope';
import { SandboxConnectionDropped } from './faults';
import { MAX_BODY_BYTES } from './request-input';
import type { Sandbox } from './sandbox';

export interface SandboxServer {
  url: string;
  port: number;
  /** Stops listening and destroys open sockets, including ones held by a hang fault. */
  close(): Promise<void>;
}

/** Serves a sandbox's handler over real HTTP (default 127.0.0.1, a free port). */
export async function startSandboxServer(options: { sandbox: Sandbox; port?: number; host?: string }): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  let origin = 'http://127.0.0.1';
  const server = createServer((req, res) => void serve(options.sandbox, origin, req, res));
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

/** `origin` is the server's own: the client's Host header is not trusted to build URLs. */
async function serve(sandbox: Sandbox, origin: string, req: IncomingMessage, res: ServerResponse) {
  // A reset or destroyed socket must never become an unhandled 'error' that stops the process.
  req.on('error', () => {});
  res.on('error', () => {});
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new Error('The client closed the connection.'));
  });
  try {
    const body = await readBody(req);
    if (body === 'too-large') {
      await send(res, failure(413, 'The request body is too large.'), true);
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
    await send(res, await sandbox.handle(request));
  } catch (error) {
    if (error instanceof SandboxConnectionDropped) {
      req.socket.destroy();
      return;
    }
    if (controller.signal.aborted || res.headersSent) {
      res.destroy();
      return;
    }
    await send(res, failure(400, 'The request could not be read.')).catch(() => res.destroy());
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolve('too-large');
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function send(res: ServerResponse, response: Response, closeAfter = false) {
  const text = answerText(response);
  const body = text !== undefined ? Buffer.from(text, 'utf8') : Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = Object.fromEntries(response.headers);
  headers['content-length'] = String(body.length);
  if (closeAfter) headers.connection = 'close';
  res.writeHead(response.status, headers);
  res.end(body);
}
