import { parsePrinterSetting, printerSettingHint } from '../../../shared/printing/printer-setting';
import { z } from 'zod';
import { terminalProfileSchema } from '../../../shared/app';

const pathPrefix = z
  .string()
  .regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'must be a path like /api/v1 (leading slash, no trailing slash)');

/**
 * How the printer is reached: `tcp://host:port` (network thermal printer), `printer:NAME` (an OS
 * printer), `file:/path` (write raw ESC/POS to a file or device), or `preview` (receipts kept in the
 * data directory and shown on screen; the default when no printer is set up).
 */
export const printerInterfaceSchema = z.string().superRefine((value, ctx) => {
  if (value.trim() === '') return ctx.addIssue({ code: 'custom', message: printerSettingHint });
  const parsed = parsePrinterSetting(value);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.why });
});

export const configSchema = z
  .object({
    terminal: z
      .object({
        id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, - or _'),
        name: z.string().trim().min(1, 'must not be empty').max(60),
        profile: terminalProfileSchema,
      })
      .strict(),
    merchant: z
      .object({
        name: z.string().trim().min(1, 'must not be empty').max(48),
        /** The partner's hold needs a contact before the customer's details are taken. */
        email: z.email('must be an e-mail address'),
        phone: z.string().regex(/^\+234[789][01]\d{8}$/, 'must be a Nigerian number written +234XXXXXXXXXX'),
      })
      .strict(),
    partner: z
      .object({
        /** Empty means training mode: sell against the embedded sandbox, nothing is real. */
        baseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })]),
        experiencePrefix: pathPrefix,
        hotelPrefix: pathPrefix,
        slug: z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _'),
        timeoutMs: z.coerce.number().int().min(1000).max(120_000),
      })
      .strict(),
    printer: z
      .object({
        interface: printerInterfaceSchema,
        type: z.enum(['epson', 'star']),
        columns: z.coerce.number().pipe(z.union([z.literal(32), z.literal(48)], { error: 'must be 32 (58 mm paper) or 48 (80 mm paper)' })),
      })
      .strict(),
    kiosk: z
      .object({
        idleSeconds: z.coerce.number().int().min(2).max(3600),
        warningSeconds: z.coerce.number().int().min(2).max(300),
      })
      .strict(),
    dataDir: z.string().min(1),
    locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a locale like en-NG'),
  })
  .strict();

export type PosConfig = z.infer<typeof configSchema>;

export const isTrainingMode = (config: PosConfig) => config.partner.baseUrl === '';
