import { z } from 'zod';

/** `{ success: true, status, message, data }`: every 2xx answer of the partner. */
export const successEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.literal(true),
    status: z.number().int().optional(),
    message: z.string().nullish(),
    data,
  });

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
    status: z.number().int().optional().catch(undefined),
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
