/**
 * Reads printer bytes back the way the printer would: lines of text with their alignment,
 * emphasis and size, QR codes with their payload, feeds, cuts and drawer pulses. Independent of the code that
 * produced the bytes (it follows the EPSON ESC/POS and STAR line mode manuals), so a test can
 * check what would come out of the printer. Anything it does not know is an error, not skipped:
 * an unexpected byte on the wire should fail a test.
 */

export type DecodedAlign = 'left' | 'center' | 'right';

export type DecodedItem =
  | { kind: 'text'; text: string; align: DecodedAlign; bold: boolean; width: number; height: number }
  | { kind: 'feed'; lines: number }
  | { kind: 'qr'; payload: string; model: number | null; cellSize: number | null; correction: string | null }
  | { kind: 'cut'; partial: boolean }
  /** A pulse to the cash drawer port: pin 2 (STAR: device 1) or pin 5 (device 2); the pulse's times when the command gives them. */
  | { kind: 'drawer'; pin: 2 | 5; onMs: number | null; offMs: number | null }
  | { kind: 'status-query'; command: string };

export class DecodeError extends Error {}

interface Style {
  align: DecodedAlign;
  bold: boolean;
  width: number;
  height: number;
}

const initialStyle = (): Style => ({ align: 'left', bold: false, width: 1, height: 1 });

const alignOf = (n: number): DecodedAlign => {
  const value = n >= 48 ? n - 48 : n;
  if (value === 0) return 'left';
  if (value === 1) return 'center';
  if (value === 2) return 'right';
  throw new DecodeError(`alignment ${n} is not defined`);
};

/** Shared by both dialects: the line being built and the items so far. */
function createPage() {
  const items: DecodedItem[] = [];
  let style = initialStyle();
  let line = '';
  let lineStyle: Style | null = null;
  return {
    items,
    get style() {
      return style;
    },
    setStyle(change: Partial<Style>) {
      style = { ...style, ...change };
    },
    reset() {
      // ESC @ throws away anything not yet printed and restores the power-on modes.
      line = '';
      lineStyle = null;
      style = initialStyle();
    },
    char(text: string) {
      if (lineStyle === null) lineStyle = { ...style };
      else if (style.bold !== lineStyle.bold) lineStyle.bold = lineStyle.bold && style.bold;
      line += text;
    },
    endLine() {
      const s = lineStyle ?? style;
      items.push({ kind: 'text', text: line, align: s.align, bold: s.bold, width: s.width, height: s.height });
      line = '';
      lineStyle = null;
    },
    /** Commands that print (QR, cut, feed) first print what is pending. */
    flushPending() {
      if (line !== '') this.endLine();
    },
    push(item: DecodedItem) {
      this.flushPending();
      items.push(item);
    },
    finish() {
      if (line !== '') throw new DecodeError(`text left unprinted at the end (no line feed): ${JSON.stringify(line)}`);
      return items;
    },
  };
}

export function decodeEscPos(bytes: Uint8Array, type: 'epson' | 'star'): DecodedItem[] {
  return type === 'star' ? decodeStar(bytes) : decodeEpson(bytes);
}

function reader(bytes: Uint8Array) {
  let at = 0;
  return {
    get at() {
      return at;
    },
    done: () => at >= bytes.length,
    next(): number {
      if (at >= bytes.length) throw new DecodeError(`command cut short at byte ${at}`);
      return bytes[at++]!;
    },
    take(count: number): Uint8Array {
      if (at + count > bytes.length) throw new DecodeError(`command data cut short at byte ${at} (needs ${count})`);
      const slice = bytes.subarray(at, at + count);
      at += count;
      return slice;
    },
  };
}

const ascii = (data: Uint8Array) => Buffer.from(data).toString('latin1');
const hex = (...values: number[]) => values.map((v) => v.toString(16).padStart(2, '0')).join(' ');

/**
 * The upper half of PC850 / PC858 (IBM's tables), written out here rather than taken from the code
 * under test: the decoder reads bytes as a printer would.
 */
const pc850 =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';
const pc858 = `${pc850.slice(0, 0x55)}€${pc850.slice(0x56)}`;
/** The code pages a printer is told to use, by the number EPSON (ESC t n) or STAR (ESC GS t n) gives them. */
const epsonPages: Record<number, string> = { 2: pc850, 19: pc858 };
const starPages: Record<number, string> = { 4: pc858, 5: pc850 };

function printable(page: ReturnType<typeof createPage>, byte: number, codePage: string | null): boolean {
  if (byte >= 0x20 && byte <= 0x7e) {
    page.char(String.fromCharCode(byte));
    return true;
  }
  if (byte >= 0x80) {
    // The selected page's glyph; with none selected (or one we do not know), not text we meant to print.
    page.char(codePage?.[byte - 0x80] ?? '\uFFFD');
    return true;
  }
  return false;
}

function decodeEpson(bytes: Uint8Array): DecodedItem[] {
  const page = createPage();
  const r = reader(bytes);
  let codePage: string | null = null;
  let qrData: string | null = null;
  let qrModel: number | null = null;
  let qrCell: number | null = null;
  let qrCorrection: string | null = null;

  while (!r.done()) {
    const start = r.at;
    const byte = r.next();
    if (printable(page, byte, codePage)) continue;
    switch (byte) {
      case 0x0a:
        page.endLine();
        break;
      case 0x0d:
        break;
      case 0x10: {
        const fn = r.next();
        const n = r.next();
        if (fn !== 0x04 && fn !== 0x05) throw new DecodeError(`unknown DLE command ${hex(0x10, fn)} at byte ${start}`);
        page.items.push({ kind: 'status-query', command: `DLE ${fn === 0x04 ? 'EOT' : 'ENQ'} ${n}` });
        break;
      }
      case 0x1b: {
        const command = r.next();
        switch (command) {
          case 0x40: // ESC @
            page.reset();
            codePage = null;
            break;
          case 0x74: // ESC t n: code page
            codePage = epsonPages[r.next()] ?? null;
            break;
          case 0x2d: // ESC - n: underline
          case 0x4d: // ESC M n: font
          case 0x7b: // ESC { n: upside down
          case 0x33: // ESC 3 n: line spacing
            r.next();
            break;
          case 0x32: // ESC 2: default line spacing
            break;
          case 0x61: // ESC a n
            page.setStyle({ align: alignOf(r.next()) });
            break;
          case 0x45: // ESC E n
            page.setStyle({ bold: (r.next() & 1) === 1 });
            break;
          case 0x21: {
            // ESC ! n: print mode
            const n = r.next();
            page.setStyle({ bold: (n & 0x08) !== 0, height: n & 0x10 ? 2 : 1, width: n & 0x20 ? 2 : 1 });
            break;
          }
          case 0x64: // ESC d n: print and feed n lines
            page.push({ kind: 'feed', lines: r.next() });
            break;
          case 0x70: {
            // ESC p m t1 t2: pulse the drawer pin (m 0/48: pin 2, 1/49: pin 5) on t1 × 2 ms, off t2 × 2 ms
            const m = r.next();
            if (![0, 1, 48, 49].includes(m)) throw new DecodeError(`unknown drawer pin ${m} at byte ${start}`);
            const on = r.next();
            const off = r.next();
            page.items.push({ kind: 'drawer', pin: m % 48 === 0 ? 2 : 5, onMs: on * 2, offMs: off * 2 });
            break;
          }
          default:
            throw new DecodeError(`unknown EPSON command ${hex(0x1b, command)} at byte ${start}`);
        }
        break;
      }
      case 0x1d: {
        const command = r.next();
        switch (command) {
          case 0x56: {
            // GS V m [n]: cut
            const m = r.next();
            if (m === 65 || m === 66) r.next();
            else if (![0, 1, 48, 49].includes(m)) throw new DecodeError(`unknown cut mode ${m} at byte ${start}`);
            page.push({ kind: 'cut', partial: m === 1 || m === 49 || m === 66 });
            break;
          }
          case 0x21: {
            // GS ! n: character size
            const n = r.next();
            page.setStyle({ width: (n >> 4) + 1, height: (n & 0x0f) + 1 });
            break;
          }
          case 0x42: // GS B n: reverse
          case 0x72: // GS r n: transmit status
            r.next();
            break;
          case 0x28: {
            // GS ( k pL pH cn fn [params]
            const k = r.next();
            if (k !== 0x6b) throw new DecodeError(`unknown GS ( command ${hex(0x1d, 0x28, k)} at byte ${start}`);
            const length = r.next() + r.next() * 256;
            const body = r.take(length);
            const [cn, fn] = body;
            if (cn !== 0x31) throw new DecodeError(`GS ( k for symbol ${cn} (only QR, 49, is expected) at byte ${start}`);
            if (fn === 0x41) qrModel = body[2]! - 48;
            else if (fn === 0x43) qrCell = body[2]!;
            else if (fn === 0x45) qrCorrection = 'LMQH'[body[2]! - 48] ?? null;
            else if (fn === 0x50) qrData = ascii(body.subarray(3));
            else if (fn === 0x51) {
              if (qrData === null) throw new DecodeError(`QR print with no data stored, at byte ${start}`);
              page.push({ kind: 'qr', payload: qrData, model: qrModel, cellSize: qrCell, correction: qrCorrection });
            } else throw new DecodeError(`unknown QR function ${fn} at byte ${start}`);
            break;
          }
          default:
            throw new DecodeError(`unknown EPSON command ${hex(0x1d, command)} at byte ${start}`);
        }
        break;
      }
      default:
        throw new DecodeError(`unexpected control byte ${hex(byte)} at byte ${start}`);
    }
  }
  return page.finish();
}

function decodeStar(bytes: Uint8Array): DecodedItem[] {
  const page = createPage();
  const r = reader(bytes);
  let codePage: string | null = null;
  let qrData: string | null = null;
  let qrModel: number | null = null;
  let qrCell: number | null = null;
  let starPulse: { onMs: number | null; offMs: number | null } = { onMs: null, offMs: null };
  let qrCorrection: string | null = null;

  while (!r.done()) {
    const start = r.at;
    const byte = r.next();
    if (printable(page, byte, codePage)) continue;
    switch (byte) {
      case 0x0a:
        page.endLine();
        break;
      case 0x0d:
        break;
      case 0x0b: // VT: feed to the next vertical tab position (one line when none are set)
        page.push({ kind: 'feed', lines: 1 });
        break;
      case 0x04:
        page.items.push({ kind: 'status-query', command: 'EOT' });
        break;
      case 0x05:
        page.items.push({ kind: 'status-query', command: 'ENQ' });
        break;
      case 0x07: // BEL: drive peripheral device 1 (the drawer on pin 2)
        page.items.push({ kind: 'drawer', pin: 2, ...starPulse });
        break;
      case 0x1a: // SUB: drive peripheral device 2 (pin 5)
        page.items.push({ kind: 'drawer', pin: 5, onMs: null, offMs: null });
        break;
      case 0x1b: {
        const command = r.next();
        switch (command) {
          case 0x40: // ESC @
            page.reset();
            codePage = null;
            break;
          case 0x06: {
            const n = r.next();
            if (n !== 0x01) throw new DecodeError(`unknown ESC ACK ${n} at byte ${start}`);
            page.items.push({ kind: 'status-query', command: 'ESC ACK SOH' });
            break;
          }
          case 0x45: // ESC E
            page.setStyle({ bold: true });
            break;
          case 0x46: // ESC F
            page.setStyle({ bold: false });
            break;
          case 0x07: {
            // ESC BEL n1 n2: device 1's pulse, on n1 × 10 ms (STAR line mode), off n2 × 10 ms
            const on = r.next();
            const off = r.next();
            starPulse = { onMs: on * 10, offMs: off * 10 };
            break;
          }
          case 0x69: {
            // ESC i n1 n2: height, width multipliers - 1
            const height = r.next();
            const width = r.next();
            page.setStyle({ height: height + 1, width: width + 1 });
            break;
          }
          case 0x64: {
            // ESC d n: cut
            const n = r.next();
            const mode = n >= 48 ? n - 48 : n;
            if (mode > 3) throw new DecodeError(`unknown STAR cut ${n} at byte ${start}`);
            page.push({ kind: 'cut', partial: mode === 1 || mode === 3 });
            break;
          }
          case 0x61: // ESC a n: feed n lines
            page.push({ kind: 'feed', lines: r.next() });
            break;
          case 0x2d: // ESC - n: underline
            r.next();
            break;
          case 0x34: // ESC 4 / ESC 5: reverse on/off
          case 0x35:
            break;
          case 0x1e: {
            // ESC RS F n: font
            const f = r.next();
            if (f !== 0x46) throw new DecodeError(`unknown ESC RS command ${hex(f)} at byte ${start}`);
            r.next();
            break;
          }
          case 0x1d: {
            const sub = r.next();
            switch (sub) {
              case 0x74: // ESC GS t n: code page
                codePage = starPages[r.next()] ?? null;
                break;
              case 0x61: // ESC GS a n: alignment
                page.setStyle({ align: alignOf(r.next()) });
                break;
              case 0x79: {
                // ESC GS y: QR code
                const fn = r.next();
                if (fn === 0x53) {
                  const what = r.next();
                  const n = r.next();
                  if (what === 0x30) qrModel = n;
                  else if (what === 0x31) qrCorrection = 'LMQH'[n] ?? null;
                  else if (what === 0x32) qrCell = n;
                  else throw new DecodeError(`unknown QR setting ${what} at byte ${start}`);
                } else if (fn === 0x44) {
                  const kind = r.next();
                  r.next(); // m
                  if (kind !== 0x31) throw new DecodeError(`unknown QR data command ${kind} at byte ${start}`);
                  const length = r.next() + r.next() * 256;
                  qrData = ascii(r.take(length));
                } else if (fn === 0x50) {
                  if (qrData === null) throw new DecodeError(`QR print with no data stored, at byte ${start}`);
                  page.push({ kind: 'qr', payload: qrData, model: qrModel, cellSize: qrCell, correction: qrCorrection });
                } else throw new DecodeError(`unknown QR command ${hex(fn)} at byte ${start}`);
                break;
              }
              default:
                throw new DecodeError(`unknown STAR command ${hex(0x1b, 0x1d, sub)} at byte ${start}`);
            }
            break;
          }
          default:
            throw new DecodeError(`unknown STAR command ${hex(0x1b, command)} at byte ${start}`);
        }
        break;
      }
      default:
        throw new DecodeError(`unexpected control byte ${hex(byte)} at byte ${start}`);
    }
  }
  return page.finish();
}

/**
 * Decoded items as lines for a golden file, as they would sit on the paper: a short style tag,
 * a bar, then the text placed in `columns` (double-width letters spaced out, as they print).
 * Status queries are left out: they print nothing.
 *
 *   "B2 |           C O P Y"   bold, double size, centred
 *   "QR |EX1732201445123"
 *   "CUT|full"
 */
export function formatDecoded(items: readonly DecodedItem[], options: { columns: number }): string[] {
  const out: string[] = [];
  for (const item of items) {
    switch (item.kind) {
      case 'text': {
        const shown = item.width > 1 ? item.text.split('').join(' '.repeat(item.width - 1)) : item.text;
        const span = item.text.length * item.width;
        const offset = item.align === 'right' ? options.columns - span : item.align === 'center' ? Math.floor((options.columns - span) / 2) : 0;
        const size = item.width === 1 && item.height === 1 ? '' : item.width === item.height ? String(item.width) : `${item.width}x${item.height}`;
        // An empty line prints nothing, whatever the style: no tag, so golden files stay readable.
        const tag = item.text === '' ? '' : `${item.bold ? 'B' : ''}${size}`;
        out.push(`${tag.padEnd(3)}|${(' '.repeat(Math.max(0, offset)) + shown).trimEnd()}`);
        break;
      }
      case 'feed':
        out.push(`~~~|feed ${item.lines}`);
        break;
      case 'qr':
        out.push(`QR |${item.payload}`);
        break;
      case 'cut':
        out.push(`CUT|${item.partial ? 'partial' : 'full'}`);
        break;
      case 'drawer':
        out.push(`DRW|pin ${item.pin}${item.onMs === null ? '' : ` ${item.onMs} ms`}`);
        break;
      case 'status-query':
        break;
    }
  }
  return out;
}

/** Only the text lines, as plain strings (for "what does the paper say" checks). */
export const textLines = (items: readonly DecodedItem[]): string[] =>
  items.filter((item): item is Extract<DecodedItem, { kind: 'text' }> => item.kind === 'text').map((item) => item.text);

/**
 * The decoded paper as plain text, as the till's on-screen preview shows it: each printed line
 * placed in the columns (double-width letters spaced out), a QR code as `[QR: payload]` centred,
 * a hinge cut as the tear line, the final cut as nothing. Feeds print no text and are left out.
 */
export function paperAsText(items: readonly DecodedItem[], options: { columns: number; tearLine: string }): string[] {
  const out: string[] = [];
  const lastCut = items.findLastIndex((item) => item.kind === 'cut');
  items.forEach((item, index) => {
    if (item.kind === 'text') out.push(formatDecoded([item], options)[0]!.slice(4));
    if (item.kind === 'qr') {
      const shown = `[QR: ${item.payload}]`;
      out.push(`${' '.repeat(Math.max(0, Math.floor((options.columns - shown.length) / 2)))}${shown}`);
    }
    if (item.kind === 'cut' && item.partial && index !== lastCut) out.push(options.tearLine);
  });
  return out;
}
