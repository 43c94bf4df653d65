import { httpTrim } from './header-values';

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
