import { posError, saidError, saidInEnglish, type Said } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import type { EditableSettings, SettingsView } from '../../../shared/settings/settings';
import { validationError } from '../../../shared/validation';
import { readConfigFileObject, writeConfigFileObject } from '../../core/config/config-file';
import { givenAtStart } from '../../core/config/load';
import { configSchema, type PosConfig } from '../../core/config/schema';
import { originOf } from '../../core/config/safe-destinations';
import { partnerKeyAccess } from '../../core/secrets';
import { parseTerminalSetting } from '../../../shared/payments/terminal-setting';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';

const editableKeys = ['terminal.id', 'terminal.name', 'terminal.profile', 'partner.baseUrl', 'partner.experiencePrefix', 'partner.hotelPrefix', 'printer.interface', 'printer.type', 'printer.columns', 'printer.cashDrawer', 'printer.noSaleBy', 'printer.cashOutBy', 'printer.drawerSensor', 'printer.askStatus', 'payments.terminal', 'payments.paystackCustomer'] as const;
type Section = 'terminal' | 'partner' | 'printer' | 'payments';

const pick = (config: Pick<PosConfig, Section>): EditableSettings => ({
  terminal: { id: config.terminal.id, name: config.terminal.name, profile: config.terminal.profile },
  partner: { baseUrl: config.partner.baseUrl, experiencePrefix: config.partner.experiencePrefix, hotelPrefix: config.partner.hotelPrefix },
  printer: { interface: config.printer.interface, type: config.printer.type, columns: config.printer.columns, cashDrawer: config.printer.cashDrawer, noSaleBy: config.printer.noSaleBy, cashOutBy: config.printer.cashOutBy, drawerSensor: config.printer.drawerSensor, askStatus: config.printer.askStatus },
  payments: { terminal: config.payments.terminal, paystackCustomer: config.payments.paystackCustomer },
});

/**
 * Settings are saved to config.json and take effect on the next start, when every service is
 * built from them afresh; a half-applied change to a running till is how sales get lost. An
 * environment variable or flag still wins over the file, and the screen says which ones do.
 */
export function createSettingsHandlers(ctx: PosContext): Pick<Handlers, 'settings:get' | 'settings:update' | 'settings:set-api-key' | 'settings:set-paystack-key' | 'settings:restart'> {
  const overridden = editableKeys.filter((key) => givenAtStart(ctx.configSources, key));

  /** The running config with config.json's saved values laid over it (what the next start sees). */
  const saved = (): Result<EditableSettings> => {
    const file = readConfigFileObject(ctx.config.dataDir) as Partial<Record<Section, Record<string, unknown>>>;
    const merged = configSchema.safeParse({
      ...ctx.config,
      terminal: { ...ctx.config.terminal, ...file.terminal },
      partner: { ...ctx.config.partner, ...file.partner },
      printer: { ...ctx.config.printer, ...file.printer },
      payments: { ...ctx.config.payments, ...file.payments },
    });
    return merged.success ? ok(pick(merged.data)) : fail(saidError('VALIDATION', 'said.settings.fileInvalid', undefined, validationError(merged.error).fields));
  };

  /** The partner the next start talks to: a URL fixed at start wins over the saved one. */
  const nextPartner = (settings: EditableSettings) => {
    const urlGivenAtStart = overridden.includes('partner.baseUrl');
    return { origin: originOf(urlGivenAtStart ? ctx.config.partner.baseUrl : settings.partner.baseUrl), urlGivenAtStart };
  };

  /** Whether the key will go to that partner, and the sentence the screen shows about it. */
  const keyView = (settings: EditableSettings): SettingsView['apiKey'] => {
    const base = { set: ctx.secrets.hasApiKey(), source: ctx.secrets.describe(), forPartner: ctx.secrets.apiKeyOrigin() };
    const partner = nextPartner(settings);
    const view = (usable: boolean, said: Said) => ({ ...base, usable, note: saidInEnglish(said), said });
    if (!partner.origin) return view(true, { key: 'said.settings.keyTraining' });
    const access = partnerKeyAccess(ctx.secrets, { origin: partner.origin, urlGivenAtStart: partner.urlGivenAtStart });
    if (!access.usable) return view(false, access.said);
    return view(true, { key: 'said.settings.keyGoesTo', values: { origin: partner.origin } });
  };

  /** Whether a Paystack key is kept and where from; reading a file others can read counts as not set. */
  const paystackKeyView = (): SettingsView['paystackKey'] => {
    let set: boolean;
    try {
      set = ctx.paystackKey.has();
    } catch {
      set = false;
    }
    return { set, source: ctx.paystackKey.describe(), fromEnvironment: ctx.paystackKey.fromEnvironment() };
  };

  /** What the next start will use: the saved settings, except where a value fixed at start wins. */
  const atNextStart = <T,>(key: (typeof editableKeys)[number], saved: T, running: T): T => (overridden.includes(key) ? running : saved);

  /** Why cards will not be taken after the restart, as saved (null: they will be). */
  const cardsView = (settings: EditableSettings, paystackKeySet: boolean): Said | null => {
    const training = atNextStart('partner.baseUrl', settings.partner.baseUrl, ctx.config.partner.baseUrl).trim() === '';
    const kiosk = atNextStart('terminal.profile', settings.terminal.profile, ctx.config.terminal.profile) === 'kiosk';
    const parsed = parseTerminalSetting(atNextStart('payments.terminal', settings.payments?.terminal ?? '', ctx.config.payments.terminal));
    if (!parsed.ok) return null; // refused when saving, with the field named
    const kind = parsed.setting.kind === 'auto' ? (training ? 'simulated' : 'none') : parsed.setting.kind;
    if (kind === 'none') return kiosk ? { key: 'said.settings.cardsKioskNone' } : null;
    if (kind === 'simulated') return training ? null : { key: 'said.settings.cardsSimulatedLive' };
    if (!atNextStart('payments.paystackCustomer', settings.payments?.paystackCustomer ?? '', ctx.config.payments.paystackCustomer).trim()) return { key: 'said.settings.cardsNoCustomer' };
    return paystackKeySet ? null : { key: 'said.settings.cardsNoSecret' };
  };

  /**
   * The till's number is on every record it keeps and on head office's copy of them: once the
   * journal holds a shift it stays. (Unreadable journal: treated as holding one.)
   */
  const tillNumberFixed = (): boolean => {
    const recorded = ctx.sales.ok ? ctx.sales.value.shifts.anyRecorded() : null;
    return !recorded?.ok || recorded.value;
  };

  const view = (): Result<SettingsView> => {
    const settings = saved();
    if (!settings.ok) return settings;
    const paystackKey = paystackKeyView();
    return ok({
      settings: settings.value,
      overridden: [...overridden],
      tillNumberFixed: tillNumberFixed(),
      apiKey: keyView(settings.value),
      paystackKey,
      cards: cardsView(settings.value, paystackKey.set),
      restartNeeded: JSON.stringify(settings.value) !== JSON.stringify(pick(ctx.config)),
    });
  };

  return {
    async 'settings:get'() {
      return view();
    },
    async 'settings:update'(request) {
      // A number left out stays as saved (no `id: undefined` laid over it).
      const { id, ...terminal } = request.terminal;
      const settings = { ...request, terminal: id === undefined ? terminal : { ...terminal, id } };
      if (id !== undefined && id !== ctx.config.terminal.id && !overridden.includes('terminal.id') && tillNumberFixed()) {
        return fail(saidError('VALIDATION', 'said.settings.tillNumberFixed', { id: ctx.config.terminal.id }, { 'terminal.id': ['cannot change once the till has recorded a shift'] }));
      }
      // Check the whole resulting configuration before anything is written.
      const candidate = configSchema.safeParse({
        ...ctx.config,
        terminal: { ...ctx.config.terminal, ...settings.terminal },
        partner: { ...ctx.config.partner, ...settings.partner },
        printer: { ...ctx.config.printer, ...settings.printer },
        payments: { ...ctx.config.payments, ...settings.payments },
      });
      if (!candidate.success) return fail(saidError('VALIDATION', 'said.settings.notValid', undefined, validationError(candidate.error).fields));
      const file = readConfigFileObject(ctx.config.dataDir) as Record<string, Record<string, unknown> | undefined>;
      try {
        writeConfigFileObject(ctx.config.dataDir, {
          ...file,
          terminal: { ...file.terminal, ...settings.terminal },
          partner: { ...file.partner, ...settings.partner },
          printer: { ...file.printer, ...settings.printer },
          ...(settings.payments ? { payments: { ...file.payments, ...settings.payments } } : {}),
        });
      } catch (error) {
        ctx.logger.error('could not save settings', { error });
        return fail(saidError('INTERNAL', 'said.settings.notSaved'));
      }
      ctx.logger.info('settings saved', { settings });
      return view();
    },
    async 'settings:set-api-key'({ apiKey }) {
      // The key is bound to the partner it is entered for: another partner URL asks for it again.
      const settings = saved();
      if (!settings.ok) return settings;
      const { origin } = nextPartner(settings.value);
      if (!origin) return fail(saidError('VALIDATION', 'said.settings.urlFirst', undefined, { apiKey: ['needs a partner URL first'] }));
      try {
        ctx.secrets.setApiKey(apiKey, origin);
      } catch (error) {
        // The store's own message says what to do (e.g. no keychain: use POS_API_KEY); it never holds the key.
        return fail(posError('INTERNAL', (error as Error).message));
      }
      ctx.logger.info('partner API key replaced', { forPartner: origin });
      return view();
    },
    async 'settings:set-paystack-key'({ secretKey }) {
      // POS_PAYSTACK_SECRET_KEY wins over anything stored: a key typed here would silently not be used.
      if (ctx.paystackKey.fromEnvironment()) {
        return fail(saidError('VALIDATION', 'said.settings.paystackFromEnv', { env: 'POS_PAYSTACK_SECRET_KEY' }, { secretKey: ['set by the environment'] }));
      }
      try {
        ctx.paystackKey.set(secretKey);
      } catch (error) {
        // The store's own message says what to do (e.g. no keychain: use POS_PAYSTACK_SECRET_KEY); it never holds the key.
        return fail(posError('INTERNAL', (error as Error).message));
      }
      // The terminal asks for the key before each call: the next card payment uses it, no restart needed.
      ctx.logger.info('Paystack secret key replaced', { live: secretKey.startsWith('sk_live_') });
      return view();
    },

    async 'settings:restart'() {
      if (!ctx.restart) return fail(saidError('CONFLICT', 'said.settings.cannotRestart'));
      const started = ctx.restart();
      if (!started.ok) return started;
      ctx.logger.info('restart asked on the settings screen');
      return ok({ restarting: true as const });
    },
  };
}
