import { describe, expect, it } from 'vitest';
import { csvRecord } from '../../electron/journal/csv';
import { koboToNairaText } from '../../electron/journal/csv-export';

describe('CSV records (RFC 4180)', () => {
  it('leaves plain fields bare and ends every record with CRLF', () => {
    expect(csvRecord(['S1', 'cinema', 1500, null, ''])).toBe('S1,cinema,1500,,\r\n');
  });

  it('quotes fields holding a comma, quote, CR or LF, doubling the quotes', () => {
    expect(csvRecord(['Okafor, Chidi'])).toBe('"Okafor, Chidi"\r\n');
    expect(csvRecord(['Ada "Queen" Eze'])).toBe('"Ada ""Queen"" Eze"\r\n');
    expect(csvRecord(['line one\nline two', 'a\r\nb'])).toBe('"line one\nline two","a\r\nb"\r\n');
    expect(csvRecord(['"'])).toBe('""""\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative amounts', () => {
    expect(csvRecord(['=HYPERLINK("http://x")'])).toBe(`"'=HYPERLINK(""http://x"")"\r\n`);
    expect(csvRecord(['+2348012345678', '@SUM(A1)', '-x'])).toBe("'+2348012345678,'@SUM(A1),'-x\r\n");
    expect(csvRecord(['-150.00', -5])).toBe('-150.00,-5\r\n');
  });
});

describe('kobo as Naira text', () => {
  it('always has two decimals and never goes through floating point', () => {
    expect(koboToNairaText(0)).toBe('0.00');
    expect(koboToNairaText(5)).toBe('0.05');
    expect(koboToNairaText(123_456_789)).toBe('1234567.89');
    expect(koboToNairaText(-250)).toBe('-2.50');
    expect(koboToNairaText(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(koboToNairaText(null)).toBeNull();
  });
});
