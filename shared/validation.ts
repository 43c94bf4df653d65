import type { z } from 'zod';
import { posError, type PosError } from './errors';

/** Turns a zod failure into a VALIDATION error whose `fields` name each offending path. */
export function validationError(error: z.ZodError, message = 'Some details are missing or not valid.'): PosError {
  const fields: Record<string, string[]> = {};
  const add = (path: PropertyKey[], text: string) => {
    const key = path.map(String).join('.') || '(request)';
    (fields[key] ??= []).push(text);
  };
  for (const issue of error.issues) {
    // An unexpected key is a problem of that key, not of the object holding it.
    if (issue.code === 'unrecognized_keys') issue.keys.forEach((key) => add([...issue.path, key], 'is not an accepted field'));
    else add(issue.path, issue.message);
  }
  return posError('VALIDATION', message, fields);
}
