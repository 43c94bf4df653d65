/** Paystack's JSON envelope: `{ status: true, message, data, meta? }` or `{ status: false, message }`. */

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function answer(message: string, data: unknown, meta?: unknown): Response {
  return new Response(JSON.stringify(meta === undefined ? { status: true, message, data } : { status: true, message, data, meta }), { status: 200, headers: JSON_HEADERS });
}

export function refusal(httpStatus: number, message: string): Response {
  return new Response(JSON.stringify({ status: false, message }), { status: httpStatus, headers: JSON_HEADERS });
}

/** Thrown inside a route to answer with a refusal; nothing has changed when it is thrown. */
export class SimulatorRefusal extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorRefusal';
  }
}

export const refuse = (httpStatus: number, message: string) => new SimulatorRefusal(httpStatus, message);

/**
 * Thrown to answer nothing at all: the HTTP server destroys the socket and the in-process fetch
 * rejects as undici does when a connection drops ("answer lost").
 */
export class AnswerLost extends Error {
  constructor() {
    super('The simulated terminal dropped the connection (answer lost).');
    this.name = 'AnswerLost';
  }
}

export const MAX_BODY_BYTES = 64 * 1024;

export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw refuse(413, 'Request body too large');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refuse(400, 'Invalid JSON body');
  }
}
