import type { z } from 'zod';
import { createPrng } from '../../electron/sandbox/prng';

/**
 * The sandbox's seeded PRNG (mulberry32), with int(max) counting from 0: the same seed gives the
 * same payloads on every run.
 */
export function createRandom(seed: number) {
  const prng = createPrng(seed);
  return { next: prng.next, int: (max: number) => prng.int(0, max - 1), pick: prng.pick, chance: prng.chance };
}
export type Random = ReturnType<typeof createRandom>;

/** Keys that break code which treats a request's keys as plain map entries. */
export const evilKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', 'then', 'toJSON', ''];

const strings = [
  '',
  ' ',
  'a',
  'Ada',
  'Tunde Bakare',
  '2026-11-21',
  '2026-02-30',
  '2026-11',
  '2026-11-21T09:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  '3f2a1c9e-8b7d-4e6f-a5c4-1b2d3e4f5a6b',
  'S-ABCDEFGH',
  'S-12345678',
  '1234',
  '0000',
  '12345678',
  '123456789',
  'x'.repeat(65),
  'x'.repeat(5000),
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '\u202e\u0041',
  '<script>alert(1)</script>',
  "'; DROP TABLE sales; --",
  'preview',
  'tcp://127.0.0.1:9100',
  'file:/etc/passwd',
  'https://partner.example/api',
  'http://[::1]:80/',
  'javascript:alert(1)',
  'card',
  'cash',
  'cinema',
  'hotel',
  'x',
  'z',
  'in',
  'out',
  'failed',
  'queued',
  ...evilKeys,
];
const numbers = [0, -0, 1, 2, -1, 1.5, 42, 100, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), 1e21, Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity];

/** Any value JSON, structured clone or a confused caller can produce. */
export function junkValue(random: Random, depth = 0, options: { jsonOnly?: boolean } = {}): unknown {
  const kinds = depth > 3 ? 6 : 9;
  switch (random.int(kinds)) {
    case 0:
      return random.pick([null, true, false]);
    case 1:
      return random.pick(numbers);
    case 2:
    case 3:
      return random.pick(strings);
    case 4:
      return options.jsonOnly ? random.pick(strings) : random.pick<unknown>([undefined, 10n, new Date(NaN), new Date(0), /x/, new Map([['a', 1]]), new Set([1]), new Uint8Array(3)]);
    case 5:
      return random.pick(evilKeys);
    case 6:
      return Array.from({ length: random.int(4) }, () => junkValue(random, depth + 1, options));
    case 7:
      return junkObject(random, depth + 1, [], options);
    default:
      return deepNest(random.int(200) + 1, random.chance(0.5));
  }
}

function deepNest(depth: number, arrays: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
}

/**
 * Sets a key as the object's own property, `__proto__` included (as JSON.parse does). Only
 * `__proto__` needs defineProperty (a plain assignment would set the prototype); for every other
 * key an assignment makes the same own property, and defineProperty cost a twentieth of the fuzz.
 */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function junkObject(random: Random, depth: number, keys: readonly string[], options: { jsonOnly?: boolean }): Record<string, unknown> {
  const out: Record<string, unknown> = random.chance(0.1) ? Object.create(null) : {};
  const count = random.int(5);
  for (let i = 0; i < count; i++) setOwn(out, random.chance(0.5) && keys.length ? random.pick(keys) : random.pick(evilKeys), junkValue(random, depth, options));
  return out;
}

type Def = { type: string; [key: string]: any };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * A payload shaped by the channel's request schema: right keys with plausible, wrong or hostile
 * values, missing keys, extra and evil keys, nested the same way. Mostly invalid, sometimes valid,
 * so both the validation and the handlers behind it are exercised.
 */
export function payloadFor(schema: z.ZodType, random: Random, options: { jsonOnly?: boolean } = {}, depth = 0): unknown {
  if (depth > 6 || random.chance(0.08)) return junkValue(random, depth, options);
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
      return random.chance(0.15) ? (def.type === 'nullable' ? null : undefined) : payloadFor(def.innerType, random, options, depth);
    case 'pipe':
      return payloadFor(def.in, random, options, depth);
    case 'union':
      return payloadFor(random.pick(def.options as z.ZodType[]), random, options, depth);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      const out: Record<string, unknown> = random.chance(0.05) ? Object.create(null) : {};
      for (const key of keys) if (random.chance(0.85)) setOwn(out, key, payloadFor(shape[key]!, random, options, depth + 1));
      if (random.chance(0.25)) setOwn(out, random.pick(evilKeys), junkValue(random, depth + 1, options));
      if (random.chance(0.05)) setOwn(out, random.pick(strings), junkValue(random, depth + 1, options));
      return out;
    }
    case 'array':
      return Array.from({ length: random.pick([0, 1, 2, 3, 40]) }, () => payloadFor(def.element, random, options, depth + 1));
    case 'enum':
      return random.chance(0.8) ? random.pick(Object.values(def.entries as Record<string, string>)) : random.pick(strings);
    case 'literal':
      return random.chance(0.85) ? random.pick(def.values as unknown[]) : junkValue(random, depth, options);
    case 'string':
      return random.chance(0.9) ? random.pick(strings) : junkValue(random, depth, options);
    case 'number':
      return random.chance(0.6) ? random.pick([0, 1, 2, 3, 50, 100, 2500, 1_000_000]) : random.pick(numbers);
    case 'boolean':
      return random.chance(0.85) ? random.chance(0.5) : junkValue(random, depth, options);
    default:
      return junkValue(random, depth, options);
  }
}

/**
 * A fingerprint of a payload: a 64-bit hash of its shape and values, telling apart what JSON
 * would merge (undefined, -0, NaN, BigInt, Date, Map, a null prototype), so a fuzz can count
 * distinct payloads honestly. Payloads with different fingerprints are different, so a count of
 * distinct fingerprints never counts one payload twice; a collision (most unlikely with 64 bits
 * and 10,000 payloads a channel) could only skip one. A hash, not a canonical text: the payloads
 * hold a 5,000-letter string and arrays of 40 items, and their texts (up to hundreds of kilobytes)
 * cost the dispatch fuzz 14 of its 95 CPU seconds. Each distinct string is hashed as its number
 * in a table of the strings seen so far (the payloads reuse a few dozen strings and keys).
 */
export function createFingerprint(): (value: unknown) => string {
  const strings = new Map<string, number>();
  const numberOf = (text: string) => {
    let n = strings.get(text);
    if (n === undefined) strings.set(text, (n = strings.size));
    return n;
  };
  // What each token is, so that no two shapes feed the same sequence.
  const enum Token { Null = 1, Undefined, Number, BigInt, String, True, False, Other, ArrayStart, ArrayEnd, ObjectStart, NullProtoObjectStart, ObjectEnd, Key, Tagged, Cut }
  let low = 0;
  let high = 0;
  // Two 32-bit lanes of multiply-and-rotate mixing (murmur3's constants), one word at a time.
  const mix = (word: number) => {
    low = Math.imul(low ^ word, 0xcc9e2d51);
    low = Math.imul((low << 15) | (low >>> 17), 0x1b873593);
    high = Math.imul(high ^ word ^ (low >>> 16), 0x85ebca6b);
    high = Math.imul((high << 13) | (high >>> 19), 0xc2b2ae35);
  };
  const text = (token: Token, value: string) => {
    mix(token);
    mix(numberOf(value));
  };
  const walk = (value: unknown, depth: number): void => {
    if (depth > 250) return mix(Token.Cut);
    if (value === null) return mix(Token.Null);
    switch (typeof value) {
      case 'undefined':
        return mix(Token.Undefined);
      case 'number':
        return text(Token.Number, Object.is(value, -0) ? '-0' : String(value));
      case 'bigint':
        return text(Token.BigInt, String(value));
      case 'string':
        return text(Token.String, value);
      case 'boolean':
        return mix(value ? Token.True : Token.False);
      case 'object':
        break;
      default:
        return text(Token.Other, typeof value);
    }
    if (Array.isArray(value)) {
      mix(Token.ArrayStart);
      for (const item of value) walk(item, depth + 1);
      return mix(Token.ArrayEnd);
    }
    const tag = Object.prototype.toString.call(value);
    if (tag !== '[object Object]') return text(Token.Tagged, `${tag}${value instanceof Date ? value.getTime() : ''}`);
    mix(Object.getPrototypeOf(value) === null ? Token.NullProtoObjectStart : Token.ObjectStart);
    for (const key of Object.keys(value)) {
      text(Token.Key, key);
      walk((value as Record<string, unknown>)[key], depth + 1);
    }
    mix(Token.ObjectEnd);
  };
  return (value) => {
    low = 0x2545f491;
    high = 0x9e3779b9;
    walk(value, 0);
    return `${(low >>> 0).toString(36)}.${(high >>> 0).toString(36)}`;
  };
}
