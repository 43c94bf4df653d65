import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { PinPad } from '@ui/PinPad';
import { KeypadBeside } from '@ui/KeypadBeside';
import { Field } from '@ui/Field';
import { usePosMutation } from '@renderer/pos/mutations';
import { useLanguage, useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { languages } from '@renderer/i18n/languages';
import { saveStaffLanguage } from '@renderer/i18n/staff-language';
import { Chip } from '@ui/Chip';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { LoadingBlock, QueryState } from '@ui/Status';

/**
 * First run: the first person becomes the supervisor. A name too short and a second PIN that does
 * not match are both said out loud (issue 15 defect 2: they used to start over silently). She picks
 * her language first (the till's first screen was English only), and it stays hers once set up.
 */
export function FirstSupervisorSetup() {
  const t = useT();
  const say = useErrorText();
  const { language, setLanguage } = useLanguage();
  const [name, setName] = useState('');
  const [firstPin, setFirstPin] = useState<string | null>(null);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const setup = usePosMutation('staff:setup', { invalidates: 'all', onSuccess: (supervisor) => saveStaffLanguage(supervisor.id, language) });
  const nameOk = name.trim().length >= 2;
  return (
    <section className="panel" aria-labelledby="setup-title">
      <h2 id="setup-title">{t('signin.setupTitle')}</h2>
      <KeypadBeside>
        <div className="chips" role="group" aria-label={t('settings.myLanguage')}>
          {languages.map((l) => (
            <Chip key={l.code} selected={l.code === language} onClick={() => setLanguage(l.code)}>
              <span lang={l.intl}>{l.name}</span>
            </Chip>
          ))}
        </div>
        <p>{t('signin.setupBody')}</p>
        <Field label={t('signin.yourName')} error={problem === 'signin.nameTooShort' ? t(problem) : undefined}>
          <input value={name} onChange={(e) => (setName(e.target.value), problem === 'signin.nameTooShort' && setProblem(null))} />
        </Field>
        {firstPin === null ? (
          <PinPad
            key="first"
            label={t('signin.choosePin')}
            error={problem === 'signin.pinMismatch' ? t(problem) : undefined}
            onSubmit={(pin) => {
              if (!nameOk) return setProblem('signin.nameTooShort');
              setProblem(null);
              setFirstPin(pin);
            }}
          />
        ) : (
          <PinPad
            key="again"
            autoFocus
            label={t('signin.pinAgain')}
            busy={setup.isPending}
            error={setup.error ? say(setup.error) : undefined}
            onSubmit={(pin) => {
              if (pin === firstPin) return setup.run({ name: name.trim(), pin });
              setFirstPin(null);
              setup.reset();
              setProblem('signin.pinMismatch');
            }}
          />
        )}
      </KeypadBeside>
    </section>
  );
}

export function SignIn() {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const client = useQueryClient();
  // Names only: the full list (with roles) is for signed-in staff.
  const staff = usePosQuery('staff:roster', {});
  const [staffId, setStaffId] = useState<number | null>(null);
  const signIn = useMutation({
    mutationFn: async (pin: string) => unwrap(await pos['staff:sign-in']({ staffId: staffId!, pin })),
    onSuccess: () => client.invalidateQueries(),
  });
  return (
    <section className="panel">
      <h2>{t('signin.title')}</h2>
      <QueryState query={staff} loading={<LoadingBlock label={t('signin.loadingStaff')} rows={1} />}>
        {({ staff: people }) => (
          <div className="chips">
            {people.map((person) => (
              <button key={person.id} type="button" className={`chip${person.id === staffId ? ' chip-selected' : ''}`} aria-pressed={person.id === staffId} onClick={() => (setStaffId(person.id), signIn.reset())}>
                {person.name}
              </button>
            ))}
          </div>
        )}
      </QueryState>
      {/* One pad per person chosen (key): it opens empty, with the keyboard in its field. */}
      {staffId !== null && <PinPad key={staffId} autoFocus label={t('signin.pin')} busy={signIn.isPending} error={signIn.error instanceof PosCallError ? say(signIn.error.error) : undefined} onSubmit={(pin) => signIn.mutate(pin)} />}
    </section>
  );
}
