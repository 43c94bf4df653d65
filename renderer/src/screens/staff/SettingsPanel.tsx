import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editableSettingsSchema, type EditableSettings, type SettingsView } from '@shared/settings/settings';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { LoadingBlock, QueryState } from '@ui/Status';
import { PartnerConnectionTest } from './PartnerConnectionTest';
import { PartnerLayoutPreset } from './PartnerLayoutPreset';

/** Supervisor settings: saved for the next start. The API key field is write-only. */
export function SettingsPanel() {
  const settings = usePosQuery('settings:get', {}, { staleTime: 0 });
  return (
    <section className="panel" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <QueryState query={settings} loading={<LoadingBlock label="Loading settings" rows={2} />}>
        {(view) => <SettingsForm view={view} />}
      </QueryState>
    </section>
  );
}

function SettingsForm({ view }: { view: SettingsView }) {
  const pos = usePos();
  const client = useQueryClient();
  const [apiKey, setApiKey] = useState('');
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
    onSuccess: (next) => (setApiKey(''), client.setQueryData(['settings:get', {}], next)),
  });
  const fixed = (key: string) => view.overridden.includes(key);
  const err = (path: string) => {
    const [group, name] = path.split('.') as [keyof EditableSettings, string];
    return (form.formState.errors[group] as Record<string, { message?: string }> | undefined)?.[name]?.message ?? (save.error instanceof PosCallError ? save.error.error.fields?.[path]?.[0] : undefined);
  };
  const text = (path: `${'terminal' | 'partner' | 'printer'}.${string}`, label: string, hint?: string) => (
    <label className="field">
      <span>{label}{fixed(path) ? ' (set by the environment)' : ''}</span>
      <input {...form.register(path as never)} disabled={fixed(path)} aria-invalid={Boolean(err(path))} placeholder={hint} />
      {err(path) && <span className="field-error">{err(path)}</span>}
    </label>
  );

  return (
    <>
      <form className="settings-form" onSubmit={form.handleSubmit((settings) => save.mutate(settings))}>
        <div className="form-row">
          {text('terminal.name', 'Terminal name')}
          <label className="field">
            <span>Terminal profile</span>
            <select {...form.register('terminal.profile')} disabled={fixed('terminal.profile')}>
              <option value="counter">Counter (box office)</option>
              <option value="front-desk">Front desk (hotels first)</option>
              <option value="kiosk">Kiosk (self-service)</option>
            </select>
          </label>
        </div>
        <PartnerLayoutPreset form={form} disabled={fixed('partner.experiencePrefix') || fixed('partner.hotelPrefix')} />
        <div className="form-row">
          {text('partner.baseUrl', 'Partner API URL', 'empty = training mode')}
          {text('partner.experiencePrefix', 'Experience path prefix')}
          {text('partner.hotelPrefix', 'Hotel path prefix')}
        </div>
        <div className="form-row">
          {text('printer.interface', 'Printer', 'preview, tcp://host:9100, printer:NAME')}
          <label className="field">
            <span>Printer type</span>
            <select {...form.register('printer.type')} disabled={fixed('printer.type')}>
              <option value="epson">EPSON</option>
              <option value="star">STAR</option>
            </select>
          </label>
          <label className="field">
            <span>Paper</span>
            <select {...form.register('printer.columns', { valueAsNumber: true })} disabled={fixed('printer.columns')}>
              <option value={48}>80 mm (48 columns)</option>
              <option value={32}>58 mm (32 columns)</option>
            </select>
          </label>
        </div>
        <div className="action-bar">
          {view.restartNeeded && <span className="action-total">Saved. Restart Lobby POS to use these settings.</span>}
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            Save settings
          </button>
        </div>
      </form>
      <form className="form-row" onSubmit={(e) => (e.preventDefault(), saveKey.mutate())}>
        <label className="field field-grow">
          <span>Partner API key {view.apiKey.set ? `(a key is set, from ${view.apiKey.source}; typing a new one replaces it)` : '(none set)'}</span>
          <input type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
        </label>
        <button type="submit" className="button button-ghost-dark" disabled={apiKey.trim().length < 8 || saveKey.isPending}>
          Save key
        </button>
      </form>
      {/* Where the key goes, or why it must be entered again (another partner URL asks for it again). */}
      <p className={view.apiKey.usable ? 'muted' : 'field-error'} role={view.apiKey.usable ? undefined : 'alert'}>
        {view.apiKey.note}
      </p>
      {saveKey.isSuccess && <p role="status">The key is stored. It is never shown again.</p>}
      {saveKey.error instanceof PosCallError && <p className="field-error" role="alert">{saveKey.error.error.message}</p>}
      <PartnerConnectionTest form={form} saved={view.settings.partner} apiKey={apiKey} />
    </>
  );
}
