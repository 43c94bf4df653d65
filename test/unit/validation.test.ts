import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationError } from '../../shared/validation';

const schema = z.object({ name: z.string(), address: z.object({ city: z.string() }).strict() }).strict();

describe('validationError', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__'])('names a request key called %s as the field', (key) => {
    const parsed = schema.safeParse(JSON.parse(`{"name": "Ada", "address": {"city": "Lagos", ${JSON.stringify(key)}: 1}, ${JSON.stringify(key)}: {"x": 1}}`));
    expect(parsed.success).toBe(false);
    const error = validationError(parsed.error!);
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fields!).sort()).toEqual([key, `address.${key}`].sort());
    expect(error.fields![key]).toEqual(['is not an accepted field']);
    // The answer still travels as JSON with the key intact, and changed no prototype.
    expect(JSON.parse(JSON.stringify(error)).fields[key]).toEqual(['is not an accepted field']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('names a bad value under an evil key by its path', () => {
    const record = z.record(z.string(), z.number());
    const parsed = record.safeParse(JSON.parse('{"toString": "not a number", "constructor": "no"}'));
    const error = validationError(parsed.error!);
    expect(Object.keys(error.fields!).sort()).toEqual(['constructor', 'toString']);
  });

  it('keeps the answer small: 50 fields, then a count of the rest', () => {
    const parsed = z.object({}).strict().safeParse(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])));
    const error = validationError(parsed.error!);
    expect(Object.keys(error.fields!)).toHaveLength(51);
    expect(error.fields!['(request)']).toEqual(['and 450 more fields are not valid']);
  });
});
