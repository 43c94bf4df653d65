/**
 * The code page receipts are printed in: PC850 (Multilingual Latin 1) on EPSON (ESC t 2), and its
 * twin PC858 on STAR (ESC GS t 4; 858 is 850 with € in place of the dotless ı, which we never
 * send). It holds the accented letters of French and of the Latin alphabets around it (é è à ç ô
 * ê ë î ï û ù É À Ç...), so "Reçu", "Arrivée" and "Présentez" print as written. What it does not
 * hold (Yoruba dot-below, Hausa hooks, ₦) is transliterated before it gets here (printable-text.ts).
 *
 * Bytes 0x80-0xFF of the page, in order (from the IBM table).
 */
const upperHalf =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

/** The page's letters we print (Latin letters with marks); its symbols, box drawing and ı are left out. */
const letterBytes = new Map<string, number>();
[...upperHalf].forEach((char, index) => {
  if (/^\p{Script=Latin}$/u.test(char) && /^\p{L}$/u.test(char) && !'ıƒªº'.includes(char)) letterBytes.set(char, 0x80 + index);
});

/** True for a letter the page prints as itself. */
export const inCodePage = (char: string): boolean => letterBytes.has(char);

/** A line of printable text (ASCII and the page's letters, see printable-text.ts) as the page's bytes. */
export function codePageBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafe(text.length);
  let length = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    bytes[length++] = code < 0x80 ? code : (letterBytes.get(char) ?? 0x3f);
  }
  return bytes.subarray(0, length);
}

/** What the page prints for a byte: for the test decoder and the screen preview. */
export const codePageChar = (byte: number): string => (byte < 0x80 ? String.fromCharCode(byte) : upperHalf[byte - 0x80]!);
