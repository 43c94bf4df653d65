import type { ServerResponse } from 'node:http';
import { posError, type ErrorCode } from '../../shared/errors';
import type { Result } from '../../shared/result';

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

/** Transport failures still answer in the contract's shape, so the renderer has one code path. */
export function sendFailure(res: ServerResponse, status: number, code: ErrorCode, message: string) {
  const body: Result<never> = { ok: false, error: posError(code, message) };
  sendJson(res, status, body);
}
