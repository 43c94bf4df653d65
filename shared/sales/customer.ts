import { z } from 'zod';

/**
 * Nigerian mobile numbers as people type them (0803 123 4567, +234 803 123 4567, 2348031234567)
 * normalised to +234XXXXXXXXXX, the form the partner's documentation shows.
 */
export const nigerianPhoneSchema = z
  .string()
  .trim()
  .transform((text) => text.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^(\+?234|0)[789][01]\d{8}$/, 'must be a Nigerian mobile number, like 0803 123 4567'))
  .transform((digits) => `+234${digits.replace(/^(\+?234|0)/, '')}`);

export const customerSchema = z
  .object({
    name: z.string().trim().min(2, 'enter the name on the booking').max(100),
    email: z.email('must be an e-mail address like ada@example.com').max(200),
    phone: nigerianPhoneSchema,
    /** YYYY-MM-DD; hotels need it, cinemas may not. */
    dob: z.iso.date({ error: 'must be a date of birth' }).optional(),
  })
  .strict();
export type Customer = z.output<typeof customerSchema>;
export type CustomerInput = z.input<typeof customerSchema>;
