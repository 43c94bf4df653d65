/**
 * A request as the till's calls out send it: its URL and header values read, trimmed and checked
 * as fetch did, without making undici's `Headers` or `Request` (see read-answer.ts for why not).
 */

/** The address of what fetch is given; a `Request` is read for its URL only, since `instanceof Request` would build undici. */
export const requestUrl = (input: string | URL | Request): string | URL => (typeof input === 'string' || input instanceof URL ? input : input.url);

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
