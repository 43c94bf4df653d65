import { describe, expect, it } from 'vitest';
import { createFingerprint, createRandom, payloadFor } from '../helpers/fuzz';
import { channels } from '../../shared/ipc/contract';

/**
 * The dispatch fuzz counts distinct payloads by their fingerprints (test/helpers/fuzz.ts), so the
 * fingerprint must tell apart what JSON would merge, and give one payload one fingerprint.
 */
describe('a fuzz payload fingerprint', () => {
  const withNullProto = (entries: Record<string, unknown>) => Object.assign(Object.create(null) as Record<string, unknown>, entries);
  const differentPairs: Array<[string, unknown, unknown]> = [
    ['0 and -0', 0, -0],
    ['undefined and null', undefined, null],
    ['a missing key and one set to undefined', {}, { a: undefined }],
    ['a number and its text', 1, '1'],
    ['a BigInt and its number', 10n, 10],
    ['NaN and null', NaN, null],
    ['a null prototype and a plain object', withNullProto({ a: 1 }), { a: 1 }],
    ['two dates', new Date(0), new Date(1)],
    ['a Map and a Set', new Map(), new Set()],
    ['key order', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['a key and a value', { a: 'b' }, { b: 'a' }],
    ['nesting', [[1], 2], [1, [2]]],
    ['an array and an object', [1], { 0: 1 }],
    ['a long text and one a letter longer', 'x'.repeat(5000), 'x'.repeat(5001)],
  ];
  it.each(differentPairs)('tells apart %s', (_what, one, other) => {
    const fingerprint = createFingerprint();
    expect(fingerprint(one)).not.toBe(fingerprint(other));
  });

  it('gives equal payloads one fingerprint, made apart or in any order', () => {
    const fingerprint = createFingerprint();
    const make = () => ({ saleId: 'S-12345678', lines: [{ n: 1 }, { n: -0 }], note: undefined, at: new Date(0) });
    expect(fingerprint(make())).toBe(fingerprint(make()));
    expect(fingerprint({ a: 'later' })).toBe(fingerprint({ a: 'later' }));
  });

  it('never gives two generated payloads with different JSON texts one fingerprint', () => {
    const fingerprint = createFingerprint();
    const random = createRandom(7);
    const byFingerprint = new Map<string, string>();
    for (let n = 0; n < 10_000; n++) {
      const payload = payloadFor(channels['sale:submit'].request, random);
      const text = JSON.stringify(payload, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : Object.is(v, -0) ? '-0' : v === undefined ? '(undefined)' : v));
      const key = fingerprint(payload);
      // The same fingerprint twice only for the same payload (JSON text with undefined and -0 kept).
      if (byFingerprint.has(key)) expect(byFingerprint.get(key)).toBe(text);
      byFingerprint.set(key, text);
    }
    expect(byFingerprint.size).toBeGreaterThan(1_000);
  });
});
