/**
 * Receipt printers print from a single-byte code page, and what they do with anything else
 * varies: `?`, a blank or a stray glyph. Everything we send is therefore plain printable ASCII:
 * accents are taken off (Yoruba and Igbo names keep their letters), a few letters and marks that
 * do not decompose are spelled out, and what is left over is dropped rather than printed wrong.
 */
const spelledOut: Record<string, string> = {
  '₦': 'NGN',
  '€': 'EUR',
  '£': 'GBP',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Ł: 'L',
  ł: 'l',
  Þ: 'Th',
  þ: 'th',
  ı: 'i',
  Ɛ: 'E',
  ɛ: 'e',
  Ɔ: 'O',
  ɔ: 'o',
  Ŋ: 'N',
  ŋ: 'n',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '«': '"',
  '»': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '•': '*',
  '·': '.',
  '×': 'x',
  '©': '(c)',
  '®': '(R)',
  '™': 'TM',
  '°': ' deg',
};

const combiningMark = /\p{M}/u;
const whitespace = /\s/u;

/** Printable ASCII only (0x20-0x7E); see the file comment for what happens to the rest. */
export function toPrintable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKD')) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) out += char;
    else if (spelledOut[char] !== undefined) out += spelledOut[char];
    else if (combiningMark.test(char)) continue;
    else if (whitespace.test(char)) out += ' ';
  }
  return out;
}

/** For names and labels: printable, single spaces, no leading or trailing blanks. */
export function cleanText(text: string): string {
  return toPrintable(text).replace(/ {2,}/g, ' ').trim();
}
