import { askStatusChoices, parsePrinterSetting, printerSettingHint } from '../../../shared/printing/printer-setting';
import { cashDrawers, drawerRules, drawerSensors } from '../../../shared/printing/cash-drawer';
import { z } from 'zod';
import { terminalProfileSchema, tillNumberSchema } from '../../../shared/app';
import { partnerUrlProblem, printerFileProblem } from './safe-destinations';
import { parseTerminalSetting } from '../../../shared/payments/terminal-setting';

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

const taxRateSchema = z.object({ label: z.string().trim().min(1).max(40), ratePercent: z.number().min(0).max(100) }).strict();
const footerText = z.string().trim().max(300);

/** "Consumption tax=5; Service charge=10" -> [{ label, ratePercent }]; anything unreadable stays a string, which the schema refuses. */
function parseTaxList(text: string): unknown {
  const entries = text.split(';').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const parsed = entries.map((entry) => /^(.+?)\s*=\s*(\d+(?:\.\d+)?)\s*%?$/.exec(entry));
  if (parsed.some((match) => match === null)) return text;
  return parsed.map((match) => ({ label: match![1]!.trim(), ratePercent: Number(match![2]) }));
}

export const configSchema = z
  .object({
    terminal: z
      .object({
        id: tillNumberSchema,
        name: z.string().trim().min(1, 'must not be empty').max(60),
        profile: terminalProfileSchema,
        /** Counter and front desk: the screen locks behind the signed-in person's PIN after this long untouched (0: never). */
        lockMinutes: z.coerce.number().int().min(0).max(240),
      })
      .strict(),
    merchant: z
      .object({
        name: z.string().trim().min(1, 'must not be empty').max(48),
        /** The partner's hold needs a contact before the customer's details are taken. */
        email: z.email('must be an e-mail address'),
        phone: z.string().regex(/^\+234[789][01]\d{8}$/, 'must be a Nigerian number written +234XXXXXXXXXX'),
        /** Printed under the name on every receipt; `|` starts a new line. Empty: no address line. */
        address: z.string().trim().max(200),
        /** Tax identification number printed on every receipt; empty: none printed. */
        tin: z.string().trim().regex(/^([A-Za-z0-9][A-Za-z0-9-]{3,23})?$/, 'must be a TIN like 12345678-0001, or empty'),
        /** VAT in percent; prices include it and receipts show its part. 0 switches the line off. */
        vatRate: z.coerce.number().min(0).max(100),
        /** Further taxes included in hotel prices, e.g. "Consumption tax=5; Service charge=10" (percent). */
        hotelTaxes: z.preprocess((value) => (typeof value === 'string' ? parseTaxList(value) : value), z.array(taxRateSchema, {
          error: 'must be a list like "Consumption tax=5; Service charge=10"',
        })),
        /** The cancellation policy printed on hotel receipts (the partner sends none); empty: none. */
        hotelPolicy: z.string().trim().max(1000),
      })
      .strict(),
    partner: z
      .object({
        /** Empty means training mode: sell against the embedded sandbox, nothing is real. Else https, or http to this computer only. */
        baseUrl: z.union([
          z.literal(''),
          z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).superRefine((url, ctx) => {
            const problem = partnerUrlProblem(url);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }),
        ]),
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
        columns: z.coerce.number().pipe(z.union([z.literal(32), z.literal(42), z.literal(48)], { error: 'must be 32 (58 mm paper), 42 (76 mm paper) or 48 (80 mm paper)' })),
        /** The drawer on the printer's port: opened by cash receipts, cash refunds' drawer slips, cash in or out vouchers and no sale slips. */
        cashDrawer: z.enum(cashDrawers, { error: `must be ${cashDrawers.join(', ')}` }),
        /** Who may open the drawer without a sale: anyone signed in, or only a supervisor. */
        noSaleBy: z.enum(drawerRules, { error: `must be ${drawerRules.join(' or ')}` }),
        /** Who may take cash out of the drawer (a paid out): anyone signed in, or only a supervisor. Cash in is anyone's. */
        cashOutBy: z.enum(drawerRules, { error: `must be ${drawerRules.join(' or ')}` }),
        /** The drawer's open/shut switch on the printer's port (pin 3), and which reading means open; off: none. */
        drawerSensor: z.enum(drawerSensors, { error: `must be ${drawerSensors.join(', ')}` }),
        /** Whether a network printer is asked for its status; `no` for one that never answers (shared/printing/printer-setting.ts). */
        askStatus: z.enum(askStatusChoices, { error: `must be ${askStatusChoices.join(' or ')}` }),
        /** Cinema receipts end with one tear-off stub per admission. */
        ticketStubs: z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value), z.boolean({ error: 'must be true or false' })),
      })
      .strict(),
    receipt: z
      .object({
        /** The last lines of every receipt, per terminal profile; `|` starts a new line. */
        footer: z.object({ counter: footerText, 'front-desk': footerText, kiosk: footerText }).strict(),
      })
      .strict(),
    kiosk: z
      .object({
        idleSeconds: z.coerce.number().int().min(2).max(3600),
        warningSeconds: z.coerce.number().int().min(2).max(300),
      })
      .strict(),
    payments: z
      .object({
        /** none, simulated, paystack:TERMINAL_ID, or empty: simulated in training mode, none with a live partner. */
        terminal: z.string().superRefine((value, ctx) => {
          const parsed = parseTerminalSetting(value);
          if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.why });
        }),
        /** Paystack's API (a test server, such as `npm run terminal`, in tests). */
        paystackUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
        /** The customer code payment requests are raised for: a walk-in customer made once in the Paystack dashboard. */
        paystackCustomer: z.string().trim().regex(/^(CUS_[A-Za-z0-9_]+|\d+)?$/, 'must be a Paystack customer code like CUS_xxxxxxxx, or empty'),
        /** How long the customer has at the terminal before the payment is timed out. */
        timeoutSeconds: z.coerce.number().int().min(2).max(600),
      })
      .strict(),
    fleet: z
      .object({
        /**
         * Head office's PostgreSQL (postgres://user@host:5432/db); empty = this till stands alone.
         * The password is never written here: it is kept like the partner key (POS_FLEET_PASSWORD
         * or the till's secret store), so it stays out of config.json, logs and screens.
         */
        databaseUrl: z.union([
          z.literal(''),
          z
            .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres://user@host:port/database URL' })
            .refine((url) => new URL(url).password === '', 'must not carry a password: put it in POS_FLEET_PASSWORD or the 0600 file fleet-db-password in the data folder'),
        ]),
        /** off: plain TCP (a loopback or private link only); require: TLS; verify: TLS with the server's certificate checked. */
        tls: z.enum(['off', 'require', 'verify']),
        /** A CA certificate (PEM file) to check the server against with tls=verify; empty = the system's. */
        caFile: z.string(),
      })
      .strict(),
    dataDir: z.string().min(1),
    locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a locale like en-NG'),
  })
  .strict()
  // A file printer writes raw bytes: only to a printer device or inside the data folder.
  .superRefine((config, ctx) => {
    const setting = parsePrinterSetting(config.printer.interface);
    if (!setting.ok || setting.value.kind !== 'file') return;
    const problem = printerFileProblem(setting.value.path, config.dataDir);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['printer', 'interface'] });
  });

export type PosConfig = z.infer<typeof configSchema>;

export const isTrainingMode = (config: PosConfig) => config.partner.baseUrl === '';

export const isFleetConfigured = (config: PosConfig) => config.fleet.databaseUrl !== '';
