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
      line = word.slice(0, limit());
      word = word.slice(limit());
      flush();
    }
    line = word;
  }
  if (line !== '') flush();
  return lines;
}

/**
 * `left` and `right` on one line with the gap between them; a label too long for the room left
 * by the amount wraps above it, so amounts stay in one column down the receipt.
 */
export function leftRight(left: string, right: string, width: number, indent = '  '): string[] {
  if (right.length === 0) return wrap(left, width, indent);
  if (left.length + 1 + right.length <= width) return [left + ' '.repeat(width - left.length - right.length) + right];
  const room = width - right.length - 1;
  // Below this the label would be chopped into slivers: give the value lines of its own instead.
  if (room < Math.min(12, width / 2)) return [...wrap(left, width, indent), ...wrap(right, width).map((line) => line.padStart(width))];
  const lines = wrap(left, room, indent);
  const last = lines.pop() ?? '';
  return [...lines, last.padEnd(width - right.length) + right];
}

/**
 * `label` and a value such as a film title: side by side when they fit, else the label on its
 * own line and the value wrapped under it, indented.
 */
export function labelled(label: string, value: string, width: number): string[] {
  if (label.length + 1 + value.length <= width) return [label + ' '.repeat(width - label.length - value.length) + value];
  return [label, ...wrap(value, width - 2, '').map((line) => `  ${line}`)];
}
