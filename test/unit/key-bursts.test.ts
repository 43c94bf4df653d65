import { describe, expect, it } from 'vitest';
import { createScanReader, scannerGapMs } from '@renderer/ui/key-bursts';

/** The page's quiet timer firing between two keys (keys handed to the page late, in two lots). */
const quiet = 'quiet';

/**
 * Keys as [key, ms since the previous key's stamp] (or [quiet, 0]); what the reader swallowed,
 * what it read as codes, and which earlier code each one extends.
 */
function read(keys: Array<[string, number]>, options: { quietAtEnd?: boolean } = {}) {
  const codes: string[] = [];
  const extended: Array<string | null> = [];
  const reader = createScanReader((code, extendsCode) => {
    codes.push(code);
    extended.push(extendsCode);
  });
  let at = 1_000;
  const swallowed = keys.flatMap(([key, after]) => {
    if (key === quiet) return (reader.quiet(), []);
    at += after;
    return [reader.key(key, at)];
  });
  if (options.quietAtEnd) reader.quiet();
  return { codes, swallowed, extended };
}

const scanner = (text: string, gap = 4): Array<[string, number]> => [...text].map((key, i) => [key, i === 0 ? 2_000 : gap]);

describe('reading a barcode scanner out of keys', () => {
  it('reads a code typed a few ms a key and ended by Enter, and swallows every key after the first', () => {
    const { codes, swallowed } = read([...scanner('EX0123456789'), ['Enter', 4]]);
    expect(codes).toEqual(['EX0123456789']);
    expect(swallowed[0]).toBe(false);
    expect(swallowed.slice(1).every(Boolean)).toBe(true);
  });

  it('keeps capitals typed with Shift in one code', () => {
    const keys: Array<[string, number]> = [['Shift', 2_000], ['H', 3], ['Shift', 3], ['T', 3], ['L', 3], ['0', 3], ['1', 3], ['2', 3], ['3', 3], ['Enter', 3]];
    expect(read(keys).codes).toEqual(['HTL0123']);
  });

  it('leaves a person typing alone: keys a tenth of a second apart are each a key, Enter included', () => {
    const { codes, swallowed } = read([...scanner('3201456', 120), ['Enter', 150]]);
    expect(codes).toEqual([]);
    expect(swallowed.every((s) => !s)).toBe(true);
  });

  it('the gap is the line: a key just inside it continues a code, one just past it starts again', () => {
    expect(read([...scanner('ABC123', scannerGapMs), ['Enter', scannerGapMs]]).codes).toEqual(['ABC123']);
    expect(read([...scanner('ABC123', scannerGapMs + 1), ['Enter', 3]]).codes).toEqual([]);
  });

  it('a short burst (two keys rolled together) is no code, and its Enter is not swallowed', () => {
    const { codes, swallowed } = read([['2', 2_000], ['3', 10], ['Enter', 10]]);
    expect(codes).toEqual([]);
    expect(swallowed).toEqual([false, true, false]);
  });

  it('a scanner sending no Enter: the code ends when the keys stop', () => {
    expect(read(scanner('HTL55501234'), { quietAtEnd: true }).codes).toEqual(['HTL55501234']);
    expect(read(scanner('12'), { quietAtEnd: true }).codes).toEqual([]);
  });

  it("keys handed over late, in two lots: the page's quiet after a code's first three keys does not cut them off", () => {
    // A whole run on a loaded machine, 28 Nov: the app searched 872615168 for EX4872615168 (the
    // quiet dropped EX4 as too short).
    const { codes, swallowed } = read([...scanner('EX4'), [quiet, 0], ...scanner('872615168').map(([key]): [string, number] => [key, 2]), ['Enter', 2]]);
    expect(codes).toEqual(['EX4872615168']);
    expect(swallowed.slice(1).every(Boolean)).toBe(true);
  });

  it('a pause after six keys reads those as a code, then the whole code in its place when the rest comes', () => {
    const { codes, extended, swallowed } = read([...scanner('EX4872'), [quiet, 0], ...scanner('615168').map(([key]): [string, number] => [key, 2]), ['Enter', 2]]);
    expect(codes).toEqual(['EX4872', 'EX4872615168']);
    expect(extended).toEqual([null, 'EX4872']);
    expect(swallowed.at(-1)).toBe(true);
  });

  it('a code read at the quiet is not read again by its late Enter, which is still swallowed', () => {
    const { codes, swallowed } = read([...scanner('HTL55501234'), [quiet, 0], ['Enter', 3]]);
    expect(codes).toEqual(['HTL55501234']);
    expect(swallowed.at(-1)).toBe(true);
  });

  it('after a quiet, a key well after the last starts afresh: a head left waiting is not glued to a person\'s typing', () => {
    const { codes } = read([...scanner('EX4'), [quiet, 0], ...scanner('1234567', 3).map(([key], i): [string, number] => [key, i === 0 ? 500 : 3]), ['Enter', 3]]);
    expect(codes).toEqual(['1234567']);
  });

  it('two scans one after the other are two codes', () => {
    const { codes } = read([...scanner('EX0000000011'), ['Enter', 4], ...scanner('EX0000000022'), ['Enter', 4]]);
    expect(codes).toEqual(['EX0000000011', 'EX0000000022']);
  });

  it('an arrow or Tab inside a burst breaks it', () => {
    expect(read([...scanner('ABC'), ['Tab', 4], ['D', 4], ['E', 4], ['F', 4], ['Enter', 4]]).codes).toEqual([]);
  });
});
