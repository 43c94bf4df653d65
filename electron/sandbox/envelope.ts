/**
 * The partner's JSON envelope. Success: { success: true, status, message, data }; failure:
 * { success: false, status, message, errors? } with Laravel-style field errors.
 */

export type FieldErrors = Record<string, string[]>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/**
 * The JSON text of each answer made here, so the HTTP adapter can write it as it is instead of
 * reading it back through the Response's stream (a 100-hotel page is a third of a megabyte).
 */
const texts = new WeakMap<Response, string>();

/** The body of an answer made by `success`/`failure`, or undefined for any other Response. */
export const answerText = (response: Response): string | undefined => texts.get(response);

function json(text: string, status: number, headers: Record<string, string>): Response {
  const response = new Response(text, { status, headers });
  texts.set(response, text);
  return response;
}

export function success(status: number, message: string, data: unknown): Response {
  return json(JSON.stringify({ success: true, status, message, data }), status, JSON_HEADERS);
}

export function failure(status: number, message: string, errors?: FieldErrors, headers?: Record<string, string>): Response {
  const body = errors && Object.keys(errors).length > 0 ? { success: false, status, message, errors } : { success: false, status, message };
  return json(JSON.stringify(body), status, { ...JSON_HEADERS, ...headers });
}

/**
 * Thrown inside a route to stop with an error answer; `handle` turns it into a failure envelope
 * and it never leaves the sandbox. Everything a route checks happens before any state changes,
 * so stopping here leaves state as it was.
 */
export class PartnerRejection extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'PartnerRejection';
  }

  toResponse(): Response {
    return failure(this.status, this.message, this.errors, this.headers);
  }
}

export function reject(status: number, message: string, errors?: FieldErrors): PartnerRejection {
  return new PartnerRejection(status, message, errors);
}

/** Collects field errors so one answer names every problem, as a form wants. */
export function fieldErrors() {
  const errors: FieldErrors = {};
  return {
    errors,
    add(field: string, message: string) {
      (errors[field] ??= []).push(message);
    },
    throwIfAny(message = 'The given data was invalid.') {
      if (Object.keys(errors).length > 0) throw reject(422, message, errors);
    },
  };
}
