import { z } from 'zod';

/** The envelope's own status: a number, or the same written as a string ("200"). */
const envelopeStatusSchema = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^[1-5][0-9]{2}$/)
    .transform(Number),
]);

/**
 * `{ success: true, status, message, data }`: every 2xx answer of the partner, once read by
 * `canonicalEnvelope` (which finds the four keys whatever their casing and reads a `success` or
 * `status` written as a string).
 */
export const successEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    status: envelopeStatusSchema.optional(),
    message: z.string().nullish(),
    data,
  });

const envelopeKeys = ['success', 'status', 'message', 'data'] as const;
type EnvelopeKey = (typeof envelopeKeys)[number];

/**
 * A 2xx body's envelope with its four keys spelled as documented. Some services send `Success`,
 * `Data`, `Message`, `Status`; a key is found whatever its casing, and when it is spelled more than
 * one way with different values, it is ambiguous and left out (the answer then cannot be read:
 * `{ data: null, Data: {...} }` is neither "nothing" nor that object). `success` is read as:
 *
 * - true from `true`, `"true"` (any case) or `1`, `"1"`;
 * - false from `false`, `"false"` or `0`, `"0"`;
 * - left as it was otherwise (missing, null, "yes"), which no schema takes as success.
 *
 * Only what is unambiguous is read: `"false"` is never success. A false read here is never a
 * refusal either: the partner's refusal is its own envelope, `success: false` as a JSON boolean
 * under that very key (errorBodySchema's `envelope`, the one isDefiniteRefusal believes), so a
 * purchase answered with `Success: false` or `success: "false"` stays unknown and is looked up.
 */
export function canonicalEnvelope(body: unknown): { [key in EnvelopeKey]?: unknown } & { ambiguous: EnvelopeKey[] } {
  const found: { [key in EnvelopeKey]?: unknown } = {};
  const ambiguous: EnvelopeKey[] = [];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ambiguous };
  for (const [key, value] of Object.entries(body)) {
    const name = envelopeKeys.find((known) => known === key.toLowerCase());
    if (name === undefined) continue;
    if (!(name in found)) found[name] = value;
    else if (found[name] !== value && !ambiguous.includes(name)) ambiguous.push(name);
  }
  for (const name of ambiguous) delete found[name];
  if ('success' in found) found.success = readSuccess(found.success);
  return { ...found, ambiguous };
}

function readSuccess(value: unknown): unknown {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (text === true || text === 'true' || text === 1 || text === '1') return true;
  if (text === false || text === 'false' || text === 0 || text === '0') return false;
  return value;
}

/** The status a canonical envelope states, when it is a number or a number written as a string; else null. */
export function envelopeStatus(envelope: { status?: unknown }): number | null {
  return envelopeStatusSchema.safeParse(envelope.status).data ?? null;
}

const fieldMessagesSchema = z
  .record(
    z.string(),
    z.union([z.array(z.string()), z.string().transform((message) => [message])]),
  )
  .optional()
  .catch(undefined);

/**
 * An error answer, read as loosely as possible because it is only ever shown or logged:
 * `{ success: false, status, message, errors? }`, some bodies carry `error` instead of `message`,
 * and a route the partner does not have may answer with no envelope at all. `envelope` says
 * whether the body was the partner's own error envelope (`success: false`): a 404 in the envelope
 * is the partner saying "no such thing", a 404 without it is a missing route.
 */
export const errorBodySchema = z
  .object({
    success: z.boolean().optional().catch(undefined),
    status: envelopeStatusSchema.optional().catch(undefined),
    message: z.string().optional().catch(undefined),
    error: z.string().optional().catch(undefined),
    errors: fieldMessagesSchema,
  })
  .transform((body) => ({
    envelope: body.success === false,
    /** The status the envelope itself states (it repeats the HTTP status on the partner's own answers). */
    status: body.status ?? null,
    message: body.message ?? body.error ?? null,
    fields: body.errors,
  }));
export type ErrorBody = z.output<typeof errorBodySchema>;
