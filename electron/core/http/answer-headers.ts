/**
 * The headers of an answer from `http-fetch`, read as fetch's `Headers` are read: names in any
 * case, a name sent twice is one value joined by ", " (Set-Cookie apart, as `getSetCookie()`), and
 * iteration in name order with names in lower case. Read only, like a fetch answer's headers.
 *
 * Not undici's `Headers`: Node builds undici the first time anything touches `Headers`, `Request`
 * or `Response` (35-45 ms of CPU here), and a till's outside calls need none of it. Each kill-test
 * life paid that again, as a till does on its first call after a start.
 */
export class AnswerHeaders implements Headers {
  readonly #values = new Map<string, string>();
  readonly #cookies: string[] = [];

  /** From node:http's `rawHeaders`: name, value, name, value... */
  constructor(raw: readonly string[] = []) {
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      const value = httpTrim(raw[i + 1]!);
      if (name === 'set-cookie') this.#cookies.push(value);
      const before = this.#values.get(name);
      this.#values.set(name, before === undefined ? value : `${before}, ${value}`);
    }
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  getSetCookie(): string[] {
    return [...this.#cookies];
  }

  forEach(callback: (value: string, name: string, parent: Headers) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      if (name === 'set-cookie') for (const cookie of this.#cookies) yield [name, cookie];
      else yield [name, this.#values.get(name)!];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  append(): never {
    throw new TypeError('immutable');
  }

  set(): never {
    throw new TypeError('immutable');
  }

  delete(): never {
    throw new TypeError('immutable');
  }
}

/**
 * A request's headers as one lower-cased record, from whatever fetch accepts (a record, pairs, or a
 * `Headers`), without making a `Headers` of our own.
 */
export function headerRecord(init: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  if (init === undefined || init === null) return record;
  const pairs: Iterable<readonly unknown[]> = Symbol.iterator in init ? (init as Iterable<readonly unknown[]>) : Object.entries(init);
  for (const pair of pairs) {
    if (pair.length !== 2) throw new TypeError('A header is a name and a value.');
    const name = String(pair[0]).toLowerCase();
    // A record may give a name several values (undici's HeadersInit): sent joined, as fetch sends them.
    const value = httpTrim(Array.isArray(pair[1]) ? pair[1].map(String).join(', ') : String(pair[1]));
    record[name] = record[name] === undefined ? value : `${record[name]}, ${value}`;
  }
  return record;
}

/** A header value without the spaces, tabs and line breaks around it, as fetch sends one (a key pasted with its newline). */
export const httpTrim = (value: string): string => value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');

/** What node:http sends as a header value: tabs and visible Latin-1, no line breaks or other controls. */
export const sendableHeaderValue = (value: string): boolean => !/[^\t\x20-\x7e\x80-\xff]/.test(value);
