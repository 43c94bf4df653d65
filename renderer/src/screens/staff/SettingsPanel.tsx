import { useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editableSettingsSchema, type EditableSettings, type SettingsView } from '@shared/settings/settings';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { usePrinterStatus } from '@renderer/pos/printer-status';
import { LoadingBlock, QueryState } from '@ui/Status';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { saidIn } from '@renderer/i18n/error-text';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { cashDrawers, drawerRules, drawerSensors, type CashDrawer, type DrawerRule, type DrawerSensor } from '@shared/printing/cash-drawer';
import { askStatusChoices, type AskStatus } from '@shared/printing/printer-setting';
import { PartnerConnectionTest } from './PartnerConnectionTest';
import { PartnerLayoutPreset } from './PartnerLayoutPreset';
import { PaymentTerminalFields, PaystackKeyField } from './PaymentSettings';
import { RestartNow } from './RestartNow';

/** The printer command sets the till speaks; brand names, shown as the printers are marked. */
const printerTypes = ['epson', 'star'] as const;
/** Each drawer setting's words: the settings' own list gives the options, so a new one cannot be left out. */
const cashDrawerLabels = { 'pin-2': 'settings.cashDrawerPin2', 'pin-5': 'settings.cashDrawerPin5', off: 'settings.cashDrawerOff' } as const satisfies Record<CashDrawer, MessageKey>;
const drawerSensorLabels = { off: 'settings.drawerSensorOff', 'open-when-high': 'settings.drawerSensorHigh', 'open-when-low': 'settings.drawerSensorLow' } as const satisfies Record<DrawerSensor, MessageKey>;
const askStatusLabels = { yes: 'settings.askStatusYes', no: 'settings.askStatusNo' } as const satisfies Record<AskStatus, MessageKey>;
const drawerRuleLabels = { anyone: 'settings.noSaleByAnyone', supervisor: 'settings.noSaleBySupervisor' } as const satisfies Record<DrawerRule, MessageKey>;

/** What each field wants, said when it is refused. */
const fieldSentences: Partial<Record<string, MessageKey>> = {
  'terminal.id': 'settings.fieldError.terminalId',
  'terminal.name': 'settings.fieldError.terminalName',
  'partner.baseUrl': 'settings.fieldError.partnerUrl',
  'partner.experiencePrefix': 'settings.fieldError.prefix',
  'partner.hotelPrefix': 'settings.fieldError.prefix',
  'printer.interface': 'settings.fieldError.printer',
  'payments.terminal': 'settings.fieldError.paystackTerminal',
  'payments.paystackCustomer': 'settings.fieldError.paystackCustomer',
};
/** Fields whose refusal has more than one reason: main's is shown after the sentence. */
const withReason = new Set(['partner.baseUrl', 'printer.interface']);

/** Supervisor settings: saved for the next start. The API key field is write-only. */
export function SettingsPanel() {
  const t = useT();
  const settings = usePosQuery('settings:get', {}, { staleTime: 0 });
  return (
    <section className="panel" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <QueryState query={settings} loading={<LoadingBlock label={t('settings.loading')} rows={2} />}>
        {(view) => <SettingsForm view={view} />}
      </QueryState>
    </section>
  );
}

function SettingsForm({ view }: { view: SettingsView }) {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const client = useQueryClient();
  const [apiKey, setApiKey] = useState('');
  // Uncontrolled: a controlled input copies what is typed into its value attribute, where the key
  // would sit in the page's HTML (a DOM snapshot, a trace) until saved.
  const keyInput = useRef<HTMLInputElement>(null);
  const form = useForm<EditableSettings>({ resolver: zodResolver(editableSettingsSchema), defaultValues: view.settings });
  const save = useMutation({
    mutationFn: async (settings: EditableSettings) => unwrap(await pos['settings:update'](settings)),
    onSuccess: (next) => client.setQueryData(['settings:get', {}], next),
    onError: (error) => {
      if (!(error instanceof PosCallError)) return;
      for (const [field, messages] of Object.entries(error.error.fields ?? {})) form.setError(field as keyof EditableSettings, { message: messages[0] });
    },
  });
  const saveKey = useMutation({
    mutationFn: async () => unwrap(await pos['settings:set-api-key']({ apiKey })),
    onSuccess: (next) => (setApiKey(''), keyInput.current && (keyInput.current.value = ''), client.setQueryData(['settings:get', {}], next)),
  });
  const fixed = (key: string) => view.overridden.includes(key);
  /**
   * A refused field says what it wants in the reader's language; for an address, main's own reason
   * (English, e.g. "port 99999 does not exist") follows in brackets.
   */
  const err = (path: string) => {
    const [group, name] = path.split('.') as [keyof EditableSettings, string];
    const fromMain = save.error instanceof PosCallError ? save.error.error.fields?.[path]?.[0] : undefined;
    const raw = (form.formState.errors[group] as Record<string, { message?: string }> | undefined)?.[name]?.message ?? fromMain;
    const sentence = fieldSentences[path];
    if (!raw || !sentence) return raw;
    return raw === fromMain && withReason.has(path) ? `${t(sentence)} (${raw})` : t(sentence);
  };
  /** A field's name, saying so when an environment variable or flag fixes it (the field is then greyed). */
  const named = (path: string, label: string) => (fixed(path) ? t('settings.fixed', { label }) : label);
  // A wide field takes its own row: a partner URL is read back whole, not scrolled inside a narrow box.
  const text = (path: `${'terminal' | 'partner' | 'printer'}.${string}`, label: string, hint?: string, wide = false) => (
    <label className={wide ? 'field field-whole-row' : 'field'}>
      <span>{named(path, label)}</span>
      <input {...form.register(path as never)} disabled={fixed(path)} aria-invalid={Boolean(err(path))} placeholder={hint} />
      {err(path) && <span className="field-error">{err(path)}</span>}
    </label>
  );

  return (
    <>
      <form className="settings-form" onSubmit={form.handleSubmit((settings) => save.mutate(settings))}>
        <div className="form-row">
          <label className="field">
            <span>{named('terminal.id', t('settings.terminalId'))}</span>
            <input
              {...form.register('terminal.id')}
              disabled={fixed('terminal.id') || view.tillNumberFixed}
              aria-invalid={Boolean(err('terminal.id'))}
              aria-describedby="terminal-id-note"
              autoCapitalize="characters"
              spellCheck={false}
            />
            {err('terminal.id') && <span className="field-error">{err('terminal.id')}</span>}
          </label>
          {text('terminal.name', t('settings.terminalName'))}
          <label className="field">
            <span>{named('terminal.profile', t('settings.profile'))}</span>
            <select {...form.register('terminal.profile')} disabled={fixed('terminal.profile')}>
              <option value="counter">{t('settings.profile.counter')}</option>
              <option value="front-desk">{t('settings.profile.frontDesk')}</option>
              <option value="kiosk">{t('settings.profile.kiosk')}</option>
            </select>
          </label>
        </div>
        {/* Two tills under one number mix their records at head office: say so where it is set. */}
        <p id="terminal-id-note" className="muted">
          {view.tillNumberFixed ? t('settings.terminalIdFixed', { id: view.settings.terminal.id ?? '' }) : t('settings.terminalIdNote')}
        </p>
        <PartnerLayoutPreset form={form} disabled={fixed('partner.experiencePrefix') || fixed('partner.hotelPrefix')} />
        <div className="form-row">
          {text('partner.baseUrl', t('settings.partnerUrl'), t('settings.partnerUrlHint'), true)}
          {text('partner.experiencePrefix', t('settings.experiencePrefix'))}
          {text('partner.hotelPrefix', t('settings.hotelPrefix'))}
        </div>
        <div className="form-row">
          {text('printer.interface', t('settings.printer'), t('settings.printerHint'))}
          <label className="field">
            <span>{named('printer.type', t('settings.printerType'))}</span>
            <select {...form.register('printer.type')} disabled={fixed('printer.type')}>
              {printerTypes.map((type) => (
                <option key={type} value={type}>
                  {type.toUpperCase()}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{named('printer.columns', t('settings.paper'))}</span>
            <select {...form.register('printer.columns', { valueAsNumber: true })} disabled={fixed('printer.columns')}>
              <option value={48}>{t('settings.paper80')}</option>
              <option value={42}>{t('settings.paper76')}</option>
              <option value={32}>{t('settings.paper58')}</option>
            </select>
          </label>
          <ChoiceField label={named('printer.askStatus', t('settings.askStatus'))} registration={form.register('printer.askStatus')} disabled={fixed('printer.askStatus')} options={askStatusChoices.map((choice) => [choice, t(askStatusLabels[choice])])} />
          <ChoiceField label={named('printer.cashDrawer', t('settings.cashDrawer'))} registration={form.register('printer.cashDrawer')} disabled={fixed('printer.cashDrawer')} options={cashDrawers.map((drawer) => [drawer, t(cashDrawerLabels[drawer])])} />
          <ChoiceField label={named('printer.noSaleBy', t('settings.noSaleBy'))} registration={form.register('printer.noSaleBy')} disabled={fixed('printer.noSaleBy')} options={drawerRules.map((rule) => [rule, t(drawerRuleLabels[rule])])} />
          <ChoiceField label={named('printer.cashOutBy', t('settings.cashOutBy'))} registration={form.register('printer.cashOutBy')} disabled={fixed('printer.cashOutBy')} options={drawerRules.map((rule) => [rule, t(drawerRuleLabels[rule])])} />
          <ChoiceField
            label={named('printer.drawerSensor', t('settings.drawerSensor'))}
            registration={form.register('printer.drawerSensor')}
            disabled={fixed('printer.drawerSensor')}
            options={drawerSensors.map((sensor) => [sensor, t(drawerSensorLabels[sensor])])}
            describedBy="drawer-sensor-reading"
          />
        </div>
        <DrawerSensorReading />
        <PaymentTerminalFields form={form} fixed={fixed} error={err} cards={view.cards} />
        <div className="action-bar">
          {/* A refused save says so, never "Saved" from an earlier one beside the field it refused. */}
          {save.isError || Object.keys(form.formState.errors).length > 0 ? (
            <span className="field-error" role="alert">
              {t('said.settings.notValid')}
            </span>
          ) : (
            view.restartNeeded && (
              <>
                <span className="action-total">{t('settings.saved')}</span>
                <RestartNow />
              </>
            )
          )}
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('settings.save')}
          </button>
        </div>
      </form>
      <form className="form-row" onSubmit={(e) => (e.preventDefault(), saveKey.mutate())}>
        <label className="field field-grow">
          <span>{view.apiKey.set ? t('settings.apiKeySet', { source: view.apiKey.source }) : t('settings.apiKeyNone')}</span>
          <input ref={keyInput} type="password" autoComplete="off" onChange={(e) => setApiKey(e.target.value)} />
        </label>
        <button type="submit" className="button button-ghost-dark" disabled={apiKey.trim().length < 8 || saveKey.isPending}>
          {t('settings.saveKey')}
        </button>
      </form>
      {/* Where the key goes, or why it must be entered again (another partner URL asks for it again). */}
      <p className={view.apiKey.usable ? 'muted' : 'field-error'} role={view.apiKey.usable ? undefined : 'alert'}>
        {saidIn(t)(view.apiKey.said)}
      </p>
      {saveKey.isSuccess && <p role="status">{t('settings.keyStored')}</p>}
      {saveKey.error instanceof PosCallError && <p className="field-error" role="alert">{say(saveKey.error.error)}</p>}
      <PartnerConnectionTest form={form} saved={view.settings.partner} apiKey={apiKey} />
      <PaystackKeyField view={view} />
    </>
  );
}

/** A setting chosen from a fixed list: its label, and each value with its words. */
function ChoiceField(props: { label: string; registration: UseFormRegisterReturn; disabled: boolean; options: Array<[value: string, words: string]>; describedBy?: string }) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <select {...props.registration} disabled={props.disabled} aria-describedby={props.describedBy}>
        {props.options.map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * What the drawer's switch reads now, as the printer last said it (each change is pushed): whoever
 * sets the sensor opens and shuts the drawer and sees which reading means open.
 */
function DrawerSensorReading() {
  const t = useT();
  const status = usePrinterStatus();
  const pin = status.data?.drawerPin;
  return (
    <p id="drawer-sensor-reading" className="muted" data-testid="drawer-sensor-reading">
      {pin ? t('settings.drawerSensorReads', { level: t(pin === 'high' ? 'settings.drawerPinHigh' : 'settings.drawerPinLow') }) : t('settings.drawerSensorNoReading')}
    </p>
  );
}
