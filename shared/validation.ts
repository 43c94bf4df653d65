import type { z } from 'zod';
import { posError, saidError, type PosError } from './errors';

/** More offending fields than a person can act on only makes the answer big; the rest are counted. */
const maxFields = 50;

/**
 * Turns a zod failure into a VALIDATION error whose `fields` name each offending path. Field
 * names come from the request, so they may be anything, `__proto__`, `constructor` or `toString`
 * included: the map has no prototype, and a key is only ever read as its own property.
 */
export function validationError(error: z.ZodError, message?: string): PosError {
  const fields: Record<string, string[]> = Object.create(null);
  let count = 0;
  let dropped = 0;
  const add = (path: readonly PropertyKey[], text: string) => {
    const key = path.map((part) => String(part)).join('.') || '(request)';
    if (Object.hasOwn(fields, key)) return void fields[key]!.push(text);
    if (count >= maxFields) return void (dropped += 1);
    count += 1;
    Object.defineProperty(fields, key, { value: [text], enumerable: true, writable: true, configurable: true });
  };
  for (const issue of error.issues) {
    // An unexpected key is a problem of that key, not of the object holding it.
    if (issue.code === 'unrecognized_keys') issue.keys.forEach((key) => add([...issue.path, key], 'is not an accepted field'));
    else add(issue.path, issue.message);
  }
  if (dropped > 0) {
    const more = `and ${dropped} more field${dropped === 1 ? ' is' : 's are'} not valid`;
    if (Object.hasOwn(fields, '(request)')) fields['(request)']!.push(more);
    else Object.defineProperty(fields, '(request)', { value: [more], enumerable: true, writable: true, configurable: true });
  }
  // Without words of the caller's own, the shared sentence: a screen says it in its reader's language.
  return message === undefined ? saidError('VALIDATION', 'said.detailsInvalid', undefined, fields) : posError('VALIDATION', message, fields);
}
