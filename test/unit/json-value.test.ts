import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isJsonValue, jsonValueSchema } from '../../shared/json-value';
import { createSaleSchema } from '../../electron/journal/sale-inputs';

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { next: nested(depth - 1) });
const cyclic: Record<string, unknown> = { name: 'loop' };
cyclic.self = cyclic;

describe('jsonValueSchema: what the journal keeps as JSON text', () => {
  it.each([
    ['text', 'Filmhouse IMAX Lekki'],
    ['a number', 550_000],
    ['a negative fraction', -0.25],
    ['true', true],
    ['null', null],
    ['an empty list', []],
    ['an empty object', {}],
    ['a partner request', { tickets: [{ id: '8d3c5a9e-2f7b-4c1d-9e6a-1b2c3d4e5f60', count: 2 }], customer_info: { name: 'Ada', dob: null }, flags: [true, 0, 'x'] }],
    ['an object without a prototype', Object.assign(Object.create(null) as object, { a: 1 })],
    ['64 levels', nested(63)],
  ])('keeps %s', (_, value) => {
    expect(isJsonValue(value)).toBe(true);
    expect(jsonValueSchema.safeParse(value).success).toBe(true);
    // What it accepts comes back from JSON text as it went in.
    expect(JSON.parse(JSON.stringify(value))).toEqual(value);
  });

  it.each([
    ['undefined', undefined],
    ['a field left undefined', { a: 1, b: undefined }],
    ['NaN', Number.NaN],
    ['Infinity in a list', [1, Number.POSITIVE_INFINITY]],
    ['a bigint', 10n],
    ['a function', () => 1],
    ['a symbol', Symbol('x')],
    ['a Date', new Date(0)],
    ['a Map', new Map([['a', 1]])],
    ['a class instance', new (class Seat { row = 'A'; })()],
    ['a list holding a Date', [{ at: new Date(0) }]],
    ['a cycle', cyclic],
    ['65 levels', nested(65)],
  ])('refuses %s, which JSON text would change or cannot hold', (_, value) => {
    expect(isJsonValue(value)).toBe(false);
    const parsed = jsonValueSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toMatch(/plain JSON/);
  });

  it('answers as z.json() does on the values both can see', () => {
    const values: unknown[] = ['a', 1, true, null, [], {}, { a: [1, { b: 'c' }] }, undefined, Number.NaN, new Date(0), { a: undefined }, [() => 1]];
    for (const value of values) expect(jsonValueSchema.safeParse(value).success).toBe(z.json().safeParse(value).success);
  });

  it('names the field of a sale whose request is not plain JSON', () => {
    const parsed = createSaleSchema.safeParse({ id: 'S-1', staffId: null, kind: 'cinema', quoteKobo: 0, request: { when: new Date(0) }, details: {} });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['request']);
  });
});
