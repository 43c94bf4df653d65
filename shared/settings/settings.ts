import { z } from 'zod';
import { terminalProfileSchema, tillNumberSchema } from '../app';
import { saidSchema } from '../errors';
import { cashDrawers, drawerRules, drawerSensors } from '../printing/cash-drawer';
import { askStatusChoices } from '../printing/printer-setting';

/** The settings staff may change on screen. The API key is not among them: it can be set, never read. */
export const editableSettingsSchema = z
  .object({
    terminal: z
      .object({
        /** The till's number; left out of an update: unchanged. It may change only before the till's first shift. */
        id: z.string().trim().pipe(tillNumberSchema).optional(),
        name: z.string().trim().min(1).max(60),
        profile: terminalProfileSchema,
      })
      .strict(),
    partner: z.object({ baseUrl: z.string().trim().max(300), experiencePrefix: z.string().max(60), hotelPrefix: z.string().max(60) }).strict(),
    printer: z
      .object({
        interface: z.string().trim().max(300),
        type: z.enum(['epson', 'star']),
        columns: z.union([z.literal(32), z.literal(42), z.literal(48)]),
        /** The drawer on the printer's port; left out of an update: unchanged. */
        cashDrawer: z.enum(cashDrawers).optional(),
        /** Who may open the drawer without a sale, and who may take cash out; left out of an update: unchanged. */
        noSaleBy: z.enum(drawerRules).optional(),
        cashOutBy: z.enum(drawerRules).optional(),
        /** The drawer's open/shut switch; left out of an update: unchanged. */
        drawerSensor: z.enum(drawerSensors).optional(),
        /** Whether the network printer is asked for its status; left out of an update: unchanged. */
        askStatus: z.enum(askStatusChoices).optional(),
      })
      .strict(),
    /**
     * The card terminal (`payments.terminal`: empty = automatic, none, simulated, paystack:TERMINAL_ID)
     * and the Paystack customer card payments are raised for. Left out of an update: unchanged.
     * The Paystack secret key is not here: like the API key it can be set, never read.
     */
    payments: z.object({ terminal: z.string().trim().max(80), paystackCustomer: z.string().trim().max(80) }).strict().optional(),
  })
  .strict();
export type EditableSettings = z.infer<typeof editableSettingsSchema>;

/** `settings:set-paystack-key`: Paystack secret keys start sk_live_ (real money) or sk_test_. */
export const paystackKeyRequestSchema = z
  .object({ secretKey: z.string().trim().regex(/^sk_(live|test)_[A-Za-z0-9_]{8,200}$/, 'must be a Paystack secret key, sk_live_… or sk_test_…') })
  .strict();

export const settingsViewSchema = z.object({
  /** What config.json asks for (what the next start will use, unless overridden). */
  settings: editableSettingsSchema,
  /** Settings fixed by an environment variable or flag, which config.json cannot change. */
  overridden: z.array(z.string()),
  apiKey: z.object({
    set: z.boolean(),
    source: z.string(),
    /** The partner origin the stored key was entered for (null: from POS_API_KEY, or none). */
    forPartner: z.string().nullable(),
    /** False when the next start has a partner but no key it may send there: the screen asks for one (`note` says why). */
    usable: z.boolean(),
    /** One sentence for the screen: where the key goes, or why it must be entered again (in English). */
    note: z.string(),
    /** The same sentence named, so the screen says it in the reader's language. */
    said: saidSchema,
  }),
  /** The Paystack secret key: only whether one is kept and where from; never the key. */
  paystackKey: z.object({ set: z.boolean(), source: z.string(), fromEnvironment: z.boolean() }),
  /**
   * Why the till, as saved, will not take cards at its next start (a kiosk then sells nothing):
   * a training terminal with a live partner, a kiosk with no card terminal, a Paystack Terminal
   * without its customer code or secret key. Null when cards will work. Said, so the screen says it
   * in the reader's language.
   */
  cards: saidSchema.nullable(),
  /**
   * True once this journal holds a shift: the till's number is on its records (and head office's
   * copy of them), so it can no longer change on screen.
   */
  tillNumberFixed: z.boolean(),
  /** True when what is saved differs from what this running till uses: restart to apply. */
  restartNeeded: z.boolean(),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;
