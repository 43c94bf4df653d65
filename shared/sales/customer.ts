import { z } from 'zod';

/** A Nigerian mobile as people type it: 0803 123 4567, +234 803 123 4567, 2348031234567, +234 (0) 803 123 4567. */
const nigerianMobile = /^(?:\+?234(?:0)?|0)([789][01]\d{8})$/;
/** Another country's number with its + (or 00) code: 8 to 15 digits in all (E.164), never +234 (a Nigerian one must be a mobile). */
const internationalNumber = /^(?:\+|00)([1-9]\d{7,14})$/;

/**
 * The customer's phone, normalised to the form the partner's documentation shows: a Nigerian
 * mobile as +234XXXXXXXXXX, or a foreign guest's number as + and its digits (hotel guests and
 * kiosk customers are often visitors). Spaces, dots, dashes and brackets are ignored.
 */
export const customerPhoneSchema = z
  .string()
  .trim()
  .transform((text) => text.replace(/[\s().-]/g, ''))
  .pipe(
    z.string().refine((digits) => nigerianMobile.test(digits) || (internationalNumber.test(digits) && !/^(?:\+|00)234/.test(digits)), {
      message: 'must be a mobile number: a Nigerian one like 0803 123 4567, or another country\'s with its + code, like +44 7700 900123',
    }),
  )
  .transform((digits) => {
    const nigerian = nigerianMobile.exec(digits);
    return nigerian ? `+234${nigerian[1]}` : `+${internationalNumber.exec(digits)![1]}`;
  });

export const customerSchema = z
  .object({
    name: z.string().trim().min(2, 'enter the name on the booking').max(100),
    email: z.email('must be an e-mail address like ada@example.com').max(200),
    phone: customerPhoneSchema,
    /** YYYY-MM-DD; hotels need it, cinemas may not. */
    dob: z.iso.date({ error: 'must be a date of birth' }).optional(),
  })
  .strict();
export type Customer = z.output<typeof customerSchema>;
export type CustomerInput = z.input<typeof customerSchema>;
