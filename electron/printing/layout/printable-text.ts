import anyAscii from 'any-ascii';
import { inCodePage } from './code-page';

/**
 * Receipt printers print from a single-byte code page, and what they do with anything else varies:
 * `?`, a blank or a stray glyph. We choose transliteration, never raster: everything sent is
 * printable ASCII or a letter of the code page the receipt selects (PC850/858, code-page.ts: the
 * accented letters of French and its neighbours print as written, "Reçu", "Arrivée"), so a receipt
 * reads the same on every printer and the screen preview matches it.
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

/** A word: letters and the marks on them. */
const word = /[\p{L}\p{M}]+/gu;
const printsAsIs = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || inCodePage(char);
};

/**
 * Printable ASCII and the code page's letters; see the file comment for what happens to the rest.
 * A word keeps its accents only when the page has every letter of it: "Reçu" stays, but Yoruba
 * "Adébáyọ̀" becomes "Adebayo" rather than a half-marked "Adébáyo".
 */
export function toPrintable(text: string, options: { accents?: boolean } = {}): string {
  const accents = options.accents ?? true;
  const asIs = accents ? printsAsIs : (char: string) => char >= ' ' && char <= '~';
  // Composed first: an é typed as e + a combining accent is the page's é.
  const composed = text.normalize('NFC').replace(emoji, '').replace(whitespace, ' ');
  const words = composed.replace(word, (letters) => ([...letters].every(asIs) ? letters : anyAscii(letters)));
  let out = '';
  for (const char of words) out += asIs(char) ? char : (spelledOut[char] ?? anyAscii(char).replace(/[^\x20-\x7e]/g, ''));
  return out;
}

/**
 * Whether a paper in this language keeps the accents the code page has. Yoruba, Hausa and Igbo are
 * written with letters it lacks (ẹ ọ ṣ, ɓ ɗ ƙ, ị ụ ṅ): marks on some words and not on others
 * would read unevenly, so their papers are plain letters throughout, as before.
 */
export const accentsPrinted = (language: string): boolean => !['yo', 'ha', 'ig'].includes(language);

/** For names and labels: printable, single spaces, no leading or trailing blanks. */
export function cleanText(text: string, options: { accents?: boolean } = {}): string {
  return toPrintable(text, options).replace(/ {2,}/g, ' ').trim();
}
