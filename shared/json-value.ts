import { z } from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Deeper than any body we write (a partner request, a receipt is 4–6 levels); a cycle ends here too. */
const maxDepth = 64;

/**
 * True when `value` survives JSON.stringify unchanged in meaning: strings, finite numbers,
 * booleans, null, arrays and plain objects of those, at most `maxDepth` levels deep. Refused:
 * undefined (a field JSON would silently drop), NaN and Infinity (written as null), functions,
 * symbols, bigints, Dates, Maps, class instances, and cycles.
 */
export function isJsonValue(value: unknown, depth = 0): value is JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depth >= maxDepth) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!isJsonValue(value[i], depth + 1)) return false;
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key of Object.keys(value)) if (!isJsonValue((value as Record<string, unknown>)[key], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * A JSON body the journal keeps as text (a partner request, a receipt's content). The same rule as
 * zod's `z.json()` in one walk over the value: z.json() tries a six-way union at every node, which
 * cost ~0.1 ms a sale in the journal's write (issue 10), where this costs about a microsecond.
 */
export const jsonValueSchema = z.custom<JsonValue>((value) => isJsonValue(value), { message: 'must be plain JSON (text, finite numbers, true/false, null, lists and objects)' });
