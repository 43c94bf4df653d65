import type { IncomingMessage } from 'node:http';

export type Body = { kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'broken' };

/**
 * Reads a request body up to `limit` bytes. Never rejects: a client that goes away mid-body or
 * sends a broken chunked encoding gives `broken`, a body over the limit `too-large` (the rest is
 * drained, so the client can still read the 413 before the socket closes).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (body: Body) => {
      if (settled) return;
      settled = true;
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.resume();
      finish({ kind: 'too-large' });
    };
    req.on('data', onData);
    req.on('end', () => finish(size > limit ? { kind: 'too-large' } : { kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => finish({ kind: 'broken' }));
    req.on('close', () => finish(req.complete ? { kind: 'ok', text: Buffer.concat(chunks).toString('utf8') } : { kind: 'broken' }));
  });
}
