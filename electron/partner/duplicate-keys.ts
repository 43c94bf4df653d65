/**
 * Whether a JSON text names the same key twice in one object. JSON.parse keeps the last value, so
 * `{"reference":"EX7000114",…,"reference":"EX0000000001"}` would be read as a reference the partner
 * does not hold (printed on the receipt, its QR refused at the door). An answer that says two
 * things is not read at all: a purchase so answered stays unknown and is looked up. Only called on
 * a text JSON.parse already accepted, so its strings and escapes are well formed.
 */
export function hasDuplicateKeys(text: string): boolean {
  // One entry per open object (its keys so far) or array (null).
  const open: Array<Set<string> | null> = [];
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      let escaped = false;
      while (end < text.length && text.charCodeAt(end) !== 0x22) {
        if (text.charCodeAt(end) === 0x5c /* \ */) {
          escaped = true;
          end += 1;
        }
        end += 1;
      }
      const keys = open.at(-1);
      if (keyNext && keys) {
        const key = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        if (keys.has(key)) return true;
        keys.add(key);
        keyNext = false;
      }
      i = end;
    } else if (c === 0x7b /* { */) {
      open.push(new Set());
      keyNext = true;
    } else if (c === 0x5b /* [ */) {
      open.push(null);
      keyNext = false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      open.pop();
      keyNext = false;
    } else if (c === 0x2c /* , */) {
      keyNext = open.at(-1) != null;
    }
  }
  return false;
}
