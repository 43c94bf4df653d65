import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigation } from '@renderer/navigation';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { Button } from '@ui/Button';
import { Field } from '@ui/Field';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { ageText, lagosTime, records } from './fleet-format';

/**
 * Staff screen, supervisors: this till's link to head office, its password (write-only, kept like
 * the partner key), and the way to every terminal's figures. Nothing shows on a till without fleet.
 */
export function FleetPanel() {
  const t = useT();
  const say = useErrorText();
  const { go } = useNavigation();
  const pos = usePos();
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  // Uncontrolled, like the API key's field: a controlled input would copy the password into its
  // value attribute, into the page's HTML.
  const input = useRef<HTMLInputElement>(null);
  const status = usePosQuery('fleet:status', {}, { refetchInterval: 10_000 });
  const save = useMutation({
    mutationFn: async () => unwrap(await pos['fleet:set-password']({ password })),
    onSuccess: (next) => {
      setPassword('');
      if (input.current) input.current.value = '';
      client.setQueryData(['fleet:status', {}], next);
    },
  });
  const s = status.data;
  if (!s?.configured) return null;
  return (
    <section className="panel" aria-labelledby="fleet-panel">
      <h2 id="fleet-panel">{t('fleet.headOffice')}</h2>
      <p role="status">
        {s.unsentCount === 0
          ? s.lastShippedAt
            ? t('fleet.allSentAt', { time: lagosTime(t, s.lastShippedAt) })
            : t('fleet.allSent')
          : t('fleet.unsentSummary', { records: records(t, s.unsentCount), age: ageText(t, s.oldestUnsentAt) })}
        {s.problem ? ` ${s.problem}` : ''}
      </p>
      <div>
        <Button variant="primary" size="large" onClick={() => go({ name: 'fleet' })}>
          {t('fleet.allTerminals')}
        </Button>
      </div>
      <form
        className="form-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (password) save.mutate();
        }}
      >
        <Field
          label={t('fleet.password')}
          hint={s.passwordSet ? t('fleet.passwordSet') : s.database ? t('fleet.passwordNone', { database: s.database }) : t('fleet.passwordNoneAny')}
          error={save.error instanceof PosCallError ? say(save.error.error) : undefined}
        >
          <input ref={input} type="password" autoComplete="off" onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Button type="submit" disabled={!password} busy={save.isPending}>
          {t('fleet.savePassword')}
        </Button>
      </form>
      {save.isSuccess && <p role="status">{t('fleet.passwordStored')}</p>}
    </section>
  );
}
