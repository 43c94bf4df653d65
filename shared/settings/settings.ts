import { z } from 'zod';
import { terminalProfileSchema } from '../app';

/** The settings staff may change on screen. The API key is not among them: it can be set, never read. */
export const editableSettingsSchema = z
  .object({
    terminal: z.object({ name: z.string().trim().min(1).max(60), profile: terminalProfileSchema }).strict(),
    partner: z.object({ baseUrl: z.string().trim().max(300), experiencePrefix: z.string().max(60), hotelPrefix: z.string().max(60) }).strict(),
    printer: z.object({ interface: z.string().trim().max(300), type: z.enum(['epson', 'star']), columns: z.union([z.literal(32), z.literal(48)]) }).strict(),
  })
  .strict();
export type EditableSettings = z.infer<typeof editableSettingsSchema>;

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
    /** One sentence for the screen: where the key goes, or why it must be entered again. */
    note: z.string(),
  }),
  /** True when what is saved differs from what this running till uses: restart to apply. */
  restartNeeded: z.boolean(),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;
