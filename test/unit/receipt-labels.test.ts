import { describe, expect, it } from 'vitest';
import { languageCodes } from '../../shared/languages';
import { receiptLabels } from '../../electron/printing/receipts/labels';
import { toPrintable } from '../../electron/printing/layout/printable-text';
import { inCodePage } from '../../electron/printing/layout/code-page';
import { formatDateLabel, formatDateTime } from '../../electron/printing/layout/receipt-format';

/** The receipt catalogues (electron/printing/receipts/labels): complete, printable, and short where printed big. */

/** Every text a catalogue gives, with its functions called on sample values. */
function texts(language: (typeof languageCodes)[number]): string[] {
  const labels = receiptLabels(language);
  return Object.values(labels).flatMap((value): string[] => {
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value;
    if (typeof value === 'function') return [(value as (...args: unknown[]) => string)('12,345.00', '1,000.00', '500.00')];
    // A group (footers, the refund slip's words and its reasons): every string in it.
    return Object.values(value).flatMap((inner) => (typeof inner === 'string' ? [inner] : Array.isArray(inner) ? inner : Object.values(inner as Record<string, string>)));
  });
}

describe('receipt labels', () => {
  it('give every language its own words, English for a sale without one', () => {
    expect(receiptLabels(undefined)).toBe(receiptLabels('en'));
    expect(receiptLabels(null).total).toBe('TOTAL');
    expect(new Set(languageCodes.map((code) => receiptLabels(code))).size).toBe(languageCodes.length);
  });

  for (const language of languageCodes) {
    it(`${language}: 7 day and 12 month names, everything printable once transliterated, no Naira sign`, () => {
      const labels = receiptLabels(language);
      expect(labels.weekdays).toHaveLength(7);
      expect(labels.months).toHaveLength(12);
      for (const text of texts(language)) {
        expect(text.trim(), language).not.toBe('');
        expect(text).not.toContain('₦');
        const printed = toPrintable(text);
        expect([...printed].every((char) => (char >= ' ' && char <= '~') || inCodePage(char)), `${text} -> ${printed}`).toBe(true);
        // A question mark on paper reads as a garbled letter.
        expect(printed, text).not.toContain('?');
      }
      // Double-size lines have 16 characters on 58 mm paper: what is printed big fits one line.
      for (const big of [labels.admit(12), labels.admitOne, labels.copy(12), labels.training]) expect(toPrintable(big).length, big).toBeLessThanOrEqual(16);
      expect(toPrintable(formatDateLabel('2025-11-22', labels))).toMatch(/^\S+ 22 \S+ 2025$/);
      expect(toPrintable(formatDateTime('2025-11-21T15:04:05.000Z', labels))).toMatch(/^21 \S+ 2025 16:04$/);
    });
  }
});
