/**
 * Fixed-width layout for receipts: wrapping at word boundaries (a word longer than the line is
 * split, never cut off) and label/amount pairs with the amount flush right.
 */

/** Lines of at most `width` characters; continuation lines start with `indent`. Empty text gives no lines. */
export function wrap(text: string, width: number, indent = ''): string[] {
  const words = text.split(' ').filter((word) => word !== '');
  const lines: string[] = [];
  let line = '';
  const limit = () => (lines.length === 0 ? width : width - indent.length);
  const flush = () => {
    lines.push(lines.length === 0 ? line : indent + line);
    line = '';
  };
  for (let word of words) {
    if (line !== '' && line.length + 1 + word.length <= limit()) {
      line += ` ${word}`;
      continue;
    }
    if (line !== '') flush();
    while (word.length > limit()) {
      // An id (a refund's, a booking's) is read back and typed in: split after one of its own
      // dashes where one falls on the line, not in the middle of a group of characters.
      const dash = word.lastIndexOf('-', limit() - 1);
      const cut = dash > 0 ? dash + 1 : limit();
      line = word.slice(0, cut);
      word = word.slice(cut);
      flush();
    }
    line = word;
  }
  if (line !== '') flush();
  return keepShortLastWordWithItsNeighbour(lines, width, indent);
}

/**
 * A number or a short word alone on the last line ("Lekki Phase" over "1", "ticket 3 of" over "3")
 * reads as something else: the word before it goes down with it when the line has room.
 */
function keepShortLastWordWithItsNeighbour(lines: string[], width: number, indent: string): string[] {
  if (lines.length < 2) return lines;
  const last = lines[lines.length - 1]!.slice(indent.length);
  const before = lines[lines.length - 2]!;
  const lead = lines.length - 2 === 0 ? '' : indent;
  const words = before.slice(lead.length).split(' ');
  if (last.includes(' ') || last.length > 3 || words.length < 2) return lines;
  const moved = `${indent}${words.at(-1)} ${last}`;
  if (moved.length > width) return lines;
  return [...lines.slice(0, -2), lead + words.slice(0, -1).join(' '), moved];
}

/**
 * `left` and `right` on one line with the gap between them. A label too long to share a line with
 * its amount wraps (continuation lines indented), and the amount always stays on the label's last
 * line, flush right: an amount is never left alone on a line, where it could be read as the next
 * line's. Only a value wider than the paper itself gets lines of its own.
 */
export function leftRight(left: string, right: string, width: number, indent = '  '): string[] {
  if (right.length === 0) return wrap(left, width, indent);
  if (left.length + 1 + right.length <= width) return [left + ' '.repeat(width - left.length - right.length) + right];
  const room = width - right.length - 1;
  if (room < Math.max(1, indent.length + 1)) return [...wrap(left, width, indent), ...wrap(right, width).map((line) => line.padStart(width))];
  const lines = wrap(left, width, indent);
  const last = lines.pop() ?? '';
  if (last.length <= room) return [...lines, last.padEnd(width - right.length) + right];
  // The last line is too long to share with the amount: its longest tail of words that fits goes
  // down beside the amount, the rest stays a line of its own.
  const lead = lines.length > 0 ? indent : '';
  const words = last.slice(lead.length).split(' ');
  for (let keep = 1; keep < words.length; keep += 1) {
    const tail = indent + words.slice(keep).join(' ');
    if (tail.length <= room) return [...lines, lead + words.slice(0, keep).join(' '), tail.padEnd(width - right.length) + right];
  }
  // Not even the last word fits beside the amount: it is split.
  const word = words.pop()!;
  const head = words.length > 0 ? [lead + words.join(' ')] : [];
  const pieces = wrap(word, room - indent.length);
  const final = indent + pieces.pop()!;
  return [...lines, ...head, ...pieces.map((piece) => indent + piece), final.padEnd(width - right.length) + right];
}

/**
 * `label` and a value such as a film title: side by side when they fit, else the label on its
 * own line and the value wrapped under it, indented.
 */
export function labelled(label: string, value: string, width: number): string[] {
  if (label.length + 1 + value.length <= width) return [label + ' '.repeat(width - label.length - value.length) + value];
  return [label, ...wrap(value, width - 2, '').map((line) => `  ${line}`)];
}
