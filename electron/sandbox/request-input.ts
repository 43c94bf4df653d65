import type { z } from 'zod';
import { isUuid } from './catalogue';
import { reject, type FieldErrors } from './envelope';

/** Bodies are small JSON documents; anything bigger is refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw reject(413, 'The request body is too large.');
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw reject(413, 'The request body is too large.');
  if (text.trim() === '') throw reject(400, 'A JSON request body is required.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw reject(400, 'The request body is not valid JSON.');
  }
}

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw reject(422, 'The given data was invalid.', zodFieldErrors(parsed.error));
  return parsed.data;
}

/** Ids in the path or query: a malformed id is a 400, as the live service answers. */
export function uuidPathParam(value: string, field: string, label: string): string {
  if (!isUuid(value)) throw reject(400, `The ${label} is not a valid id.`, { [field]: [`must be a UUID`] });
  return value.toLowerCase();
}

export function integerId(value: string): number | null {
  if (!/^\d{1,16}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function integerIdParam(value: string, field: string, label: string): number {
  const id = integerId(value);
  if (id === null) throw reject(400, `The ${label} is not a valid id.`, { [field]: ['must be a positive integer'] });
  return id;
}

/** Query parameters: empty means absent; anything unreadable is a 422 naming the parameter. */
export function queryString(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name)?.trim();
  return value ? value : undefined;
}

export function queryBoolean(url: URL, name: string): boolean | undefined {
  const value = queryString(url, name)?.toLowerCase();
  if (value === undefined) return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw reject(422, 'The given data was invalid.', { [name]: ['must be true or false'] });
}

export function queryInteger(url: URL, name: string, min: number): number | undefined {
  const value = queryString(url, name);
  if (value === undefined) return undefined;
  const n = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min) {
    throw reject(422, 'The given data was invalid.', { [name]: [`must be a whole number of at least ${min}`] });
  }
  return n;
}

export function queryAmount(url: URL, name: string): number | undefined {
  const value = queryString(url, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(value)) {
    throw reject(422, 'The given data was invalid.', { [name]: ['must be an amount in Naira, e.g. 25000 or 25000.50'] });
  }
  return Number(value);
}

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export interface Paging {
  page: number;
  perPage: number;
}

/** per_page above the maximum is served at the maximum; the answer's per_page says so. */
export function queryPaging(url: URL): Paging {
  const page = queryInteger(url, 'page', 1) ?? 1;
  const perPage = Math.min(queryInteger(url, 'per_page', 1) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return { page, perPage };
}

export function paginate<T>(items: readonly T[], { page, perPage }: Paging) {
  const start = (page - 1) * perPage;
  const slice = start < items.length ? items.slice(start, start + perPage) : [];
  return {
    items: slice,
    next_page: start + perPage < items.length ? page + 1 : null,
    count: items.length,
    per_page: perPage,
  };
}
