import anyAscii from 'any-ascii';

/**
 * Receipt printers print from a single-byte code page, and what they do with anything else varies:
 * `?`, a blank or a stray glyph. We choose transliteration, never raster: everything sent is plain
 * printable ASCII, so a receipt reads the same on every printer and the screen preview matches it.
 *
 * - Letters with marks lose the marks: Yoruba ẹ ọ ṣ and tones become e o s ("Adébáyọ̀" -> "Adebayo").
 * - Letters that are not a mark away from Latin go to the nearest letters (any-ascii's tables): Hausa
 *   ɓ ɗ ƙ ƴ become b d k y, other scripts their usual romanisation.
 * - Money and signs are spelled: ₦ is "NGN" (no code page has it), € "EUR", — "-", “ ” '"'.
 * - Emoji are left out: no letters are near them, and ":grinning:" on a receipt helps nobody.
 */
const spelledOut: Record<string, string> = {
  '₦': 'NGN',
  '€': 'EUR',
  '£': 'GBP',
  '×': 'x',
  '•': '*',
  '·': '.',
  '°': ' deg',
};

/** Pictographs and the joiners, selectors and skin tones that build emoji sequences. */
const emoji = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\u200d\ufe0e\ufe0f\u20e3]|[\u{1f1e6}-\u{1f1ff}]|[\u{e0020}-\u{e007f}]/gu;
const whitespace = /\s/gu;

/** Printable ASCII only (0x20-0x7E); see the file comment for what happens to the rest. */
export function toPrintable(text: string): string {
  let out = '';
  for (const char of text.replace(emoji, '').replace(whitespace, ' ')) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) out += char;
    else out += spelledOut[char] ?? anyAscii(char).replace(/[^\x20-\x7e]/g, '');
  }
  return out;
}

/** For names and labels: printable, single spaces, no leading or trailing blanks. */
export function cleanText(text: string): string {
  return toPrintable(text).replace(/ {2,}/g, ' ').trim();
}
