import { z } from 'zod';

/** The partner settings a connection test can try, saved or only typed in the form. */
export const partnerTargetSchema = z
  .object({
    /** Empty: training mode (the built-in sandbox). */
    baseUrl: z.string().trim().max(300),
    experiencePrefix: z.string().trim().max(60),
    hotelPrefix: z.string().trim().max(60),
  })
  .strict();
export type PartnerTarget = z.infer<typeof partnerTargetSchema>;

/**
 * `settings:test-partner`: with nothing, the partner settings as saved for the next start (what this
 * till runs with until they are changed and saved); with `partner`, values
 * typed in the form and not saved yet; with `apiKey`, a key typed and not saved (never stored,
 * never echoed). The stored key is only ever sent to the address it was stored for.
 */
export const partnerTestRequestSchema = z
  .object({
    partner: partnerTargetSchema.optional(),
    apiKey: z.string().trim().min(8, 'that is too short to be an API key').max(512).optional(),
  })
  .strict();
export type PartnerTestRequest = z.infer<typeof partnerTestRequestSchema>;

/** Settings a finding can point at; `null` when nothing on this till can fix it (the partner's own trouble). */
export const partnerSettingNames = ['partner.baseUrl', 'partner.experiencePrefix', 'partner.hotelPrefix', 'apiKey', 'network'] as const;

export const partnerCallResultSchema = z.object({
  /** "Experience list", "Experience details", "Show dates", "Ticket categories", "Hotel list". */
  name: z.string(),
  method: z.literal('GET'),
  /** The path whose answer is shown (the last one asked, after any fallback), prefixes included, without the query. */
  path: z.string().nullable(),
  /** The HTTP status of the answer; null when no answer came (or the call was skipped). */
  status: z.number().int().nullable(),
  /** Time from asking to the answer read, in milliseconds (0 when skipped). */
  ms: z.number().int().nonnegative(),
  outcome: z.enum(['ok', 'failed', 'skipped']),
  /** What came back, or why it failed or was skipped, in words. */
  detail: z.string(),
});
export type PartnerCallResult = z.infer<typeof partnerCallResultSchema>;

export const partnerFindingSchema = z.object({
  setting: z.enum(partnerSettingNames).nullable(),
  message: z.string(),
});
export type PartnerFinding = z.infer<typeof partnerFindingSchema>;

export const partnerTestReportSchema = z.object({
  /** What was tested (no key): the address, the prefixes, and whether it is the built-in sandbox. */
  target: z.object({ baseUrl: z.string(), experiencePrefix: z.string(), hotelPrefix: z.string(), training: z.boolean() }),
  ok: z.boolean(),
  summary: z.string(),
  calls: z.array(partnerCallResultSchema),
  /** What to change, naming the setting, when something is wrong. */
  findings: z.array(partnerFindingSchema),
  /** Always true: the test only reads; it never holds, buys or books. */
  nothingBought: z.literal(true),
  testedAt: z.string(),
});
export type PartnerTestReport = z.infer<typeof partnerTestReportSchema>;

/** The two layouts the settings screen offers as presets. */
export const partnerLayouts = {
  /** What the live service answers (partner-api-notes.md): base https://<host>, /v1 and /v2. */
  live: { experiencePrefix: '/v1', hotelPrefix: '/v2' },
  /** The layout partner-api.md describes. */
  docs: { experiencePrefix: '/api/v1', hotelPrefix: '/v2' },
} as const;
