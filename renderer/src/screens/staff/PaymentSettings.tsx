import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditableSettings, SettingsView } from '@shared/settings/settings';
import { saidIn } from '@renderer/i18n/error-text';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap } from '@renderer/pos/queries';
import styles from './PaymentSettings.module.css';

type Kind = 'auto' | 'none' | 'simulated' | 'paystack';
const kinds: Kind[] = ['auto', 'none', 'simulated', 'paystack'];

/** `payments.terminal` as the screen shows it: a kind, and a terminal id for Paystack. */
const kindOf = (setting: string): { kind: Kind; terminalId: string } => {
  const text = setting.trim();
  if (text === '' || text === 'auto') return { kind: 'auto', terminalId: '' };
  if (text.startsWith('paystack:')) return { kind: 'paystack', terminalId: text.slice('paystack:'.length) };
  return { kind: text === 'none' ? 'none' : 'simulated', terminalId: '' };
};
const settingOf = (kind: Kind, terminalId: string) => (kind === 'auto' ? '' : kind === 'paystack' ? `paystack:${terminalId.trim()}` : kind);

/**
 * Card payments, inside the settings form: which terminal the till drives (each choice said in
 * plain words), and for a Paystack Terminal its id and the customer code payments are raised for.
 */
export function PaymentTerminalFields({ form, fixed, error, cards }: { form: UseFormReturn<EditableSettings>; fixed: (key: string) => boolean; error: (path: string) => string | undefined; cards: SettingsView['cards'] }) {
  const t = useT();
  const { kind, terminalId } = kindOf(form.watch('payments.terminal') ?? '');
  const set = (next: string) => form.setValue('payments.terminal', next, { shouldDirty: true });
  const locked = fixed('payments.terminal');
  const fieldError = (path: string) => error(path) && <span className="field-error">{error(path)}</span>;
  return (
    <>
    <h3 className={styles.heading}>{t('settings.payments')}</h3>
    <fieldset className={styles.terminal} disabled={locked}>
      <legend>{locked ? t('settings.fixed', { label: t('settings.cardTerminal') }) : t('settings.cardTerminal')}</legend>
      <div className={styles.choices}>
        {kinds.map((choice) => (
          <label key={choice} className={styles.choice}>
            <input type="radio" name="payments-terminal" value={choice} checked={kind === choice} onChange={() => set(settingOf(choice, terminalId))} />
            <span>
              {t(`settings.terminal.${choice}` as MessageKey)}
              <span className={styles.help}>{t(`settings.terminal.${choice}Help` as MessageKey)}</span>
            </span>
          </label>
        ))}
      </div>
      {kind === 'paystack' && (
        <div className="form-row">
          <label className="field">
            <span>{t('settings.paystackTerminalId')}</span>
            <input value={terminalId} onChange={(e) => set(settingOf('paystack', e.target.value))} placeholder={t('settings.paystackTerminalIdHint')} aria-invalid={Boolean(error('payments.terminal'))} />
          </label>
          <label className="field">
            <span>{fixed('payments.paystackCustomer') ? t('settings.fixed', { label: t('settings.paystackCustomer') }) : t('settings.paystackCustomer')}</span>
            <input {...form.register('payments.paystackCustomer')} disabled={fixed('payments.paystackCustomer')} placeholder={t('settings.paystackCustomerHint')} aria-invalid={Boolean(error('payments.paystackCustomer'))} />
            {fieldError('payments.paystackCustomer')}
          </label>
        </div>
      )}
      {fieldError('payments.terminal')}
      {/* As saved, the till will not take cards after the restart (a kiosk then sells nothing): say so here. */}
      {cards && (
        <p className="field-error" role="alert">
          {saidIn(t)(cards)}
        </p>
      )}
    </fieldset>
    </>
  );
}

/** The Paystack secret key: write-only, like the partner API key; the screen learns only whether one is set. */
export function PaystackKeyField({ view }: { view: SettingsView }) {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const client = useQueryClient();
  const [secretKey, setSecretKey] = useState('');
  // Uncontrolled, so what is typed never lands in the value attribute (the page's HTML).
  const keyInput = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: async () => unwrap(await pos['settings:set-paystack-key']({ secretKey })),
    onSuccess: (next) => (setSecretKey(''), keyInput.current && (keyInput.current.value = ''), client.setQueryData(['settings:get', {}], next)),
  });
  const { set, fromEnvironment } = view.paystackKey;
  const label = fromEnvironment ? t('settings.paystackKeyEnv') : set ? t('settings.paystackKeySet') : t('settings.paystackKeyNone');
  return (
    <div className={styles.key}>
      <form className="form-row" onSubmit={(e) => (e.preventDefault(), save.mutate())}>
        <label className="field field-grow">
          <span>{label}</span>
          <input ref={keyInput} type="password" autoComplete="off" onChange={(e) => setSecretKey(e.target.value)} disabled={fromEnvironment} aria-describedby="paystack-key-hint" />
        </label>
        <button type="submit" className="button button-ghost-dark" disabled={fromEnvironment || secretKey.trim().length < 16 || save.isPending}>
          {t('settings.savePaystackKey')}
        </button>
      </form>
      <p id="paystack-key-hint" className="muted">{t('settings.paystackKeyHint')}</p>
      {save.isSuccess && <p role="status">{t('settings.paystackKeyStored')}</p>}
      {save.error instanceof PosCallError && <p className="field-error" role="alert">{save.error.error.fields?.secretKey?.[0] ?? say(save.error.error)}</p>}
    </div>
  );
}
