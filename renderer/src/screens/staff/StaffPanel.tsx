import { useState } from 'react';
import type { StaffMember } from '@shared/sales/staff';
import { usePosQuery } from '@renderer/pos/queries';
import { usePosMutation } from '@renderer/pos/mutations';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { formatLagosDateTime } from '@renderer/i18n/format';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { Button } from '@ui/Button';
import { Chip } from '@ui/Chip';
import { PinPad } from '@ui/PinPad';
import { Sheet } from '@ui/Sheet';
import { LoadingBlock, QueryState } from '@ui/Status';
import { Field } from '@ui/Field';
import styles from './StaffPanel.module.css';

/**
 * Staff -> Staff (supervisor): who can sign in, whose PIN is locked; deactivate someone who left
 * (not yourself; main keeps the last active supervisor), reactivate them, set a new PIN typed twice.
 */
export function StaffList({ myId }: { myId: number }) {
  const t = useT();
  const say = useErrorText();
  const members = usePosQuery('staff:members', {}, { staleTime: 0 });
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);
  const [newPinFor, setNewPinFor] = useState<StaffMember | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const invalidates = ['staff:members', 'staff:list', 'staff:roster'] as const;
  const deactivate = usePosMutation('staff:deactivate', {
    invalidates: [...invalidates],
    onSuccess: (member) => (setDeactivating(null), setDone(t('people.deactivated', { name: member.name }))),
  });
  const reactivate = usePosMutation('staff:reactivate', { invalidates: [...invalidates], onSuccess: (member) => setDone(t('people.reactivated', { name: member.name })) });
  const error = deactivate.error ?? reactivate.error;

  return (
    <section className="panel" aria-labelledby="staff-list-title">
      <h2 id="staff-list-title">{t('people.listTitle')}</h2>
      {done && <p role="status">{done}</p>}
      {error && !deactivating && <p className="field-error" role="alert">{say(error)}</p>}
      <QueryState query={members} loading={<LoadingBlock label={t('signin.loadingStaff')} rows={2} />}>
        {({ staff }) => (
          <ul className={styles.list} data-testid="staff-list">
            {staff.map((member) => (
              <li key={member.id} className={styles.member} data-testid={`staff-member-${member.id}`}>
                <div className={styles.who}>
                  <span>
                    <strong>{member.name}</strong>
                    {member.id === myId && <span className="muted"> {t('people.you')}</span>}
                  </span>
                  <span className={styles.facts}>
                    <span>{t(member.role === 'supervisor' ? 'people.supervisor' : 'people.cashier')}</span>
                    <span className={member.active ? styles.active : styles.inactive} data-testid="staff-state">
                      {t(member.active ? 'people.active' : 'people.inactive')}
                    </span>
                    {member.pinLockedUntil && (
                      <span className={styles.locked} data-testid="staff-pin-locked">
                        {t('people.pinLocked', { until: formatLagosDateTime(member.pinLockedUntil) })}
                      </span>
                    )}
                  </span>
                </div>
                <div className={styles.actions}>
                  <Button variant="secondary" onClick={() => (setDone(null), setNewPinFor(member))}>
                    {t('people.setPin')}
                  </Button>
                  {member.active
                    ? member.id !== myId && (
                        <Button variant="secondary" onClick={() => (setDone(null), deactivate.reset(), setDeactivating(member))}>
                          {t('people.deactivate')}
                        </Button>
                      )
                    : (
                        <Button variant="secondary" busy={reactivate.isPending && reactivate.variables?.staffId === member.id} onClick={() => (setDone(null), reactivate.run({ staffId: member.id }))}>
                          {t('people.reactivate')}
                        </Button>
                      )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {deactivating && (
        <Sheet
          role="alertdialog"
          title={t('people.deactivateTitle', { name: deactivating.name })}
          onClose={deactivate.isPending ? undefined : () => setDeactivating(null)}
          actions={
            <>
              <Button variant="secondary" size="large" disabled={deactivate.isPending} onClick={() => setDeactivating(null)}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" size="large" busy={deactivate.isPending} onClick={() => deactivate.run({ staffId: deactivating.id })}>
                {t('people.deactivate')}
              </Button>
            </>
          }
        >
          <p>{t('people.deactivateBody', { name: deactivating.name })}</p>
          {deactivate.error && <p className="field-error" role="alert">{say(deactivate.error)}</p>}
        </Sheet>
      )}
      {newPinFor && <NewPin member={newPinFor} onClose={() => setNewPinFor(null)} onDone={(name) => (setNewPinFor(null), setDone(t('people.pinSet', { name })))} />}
    </section>
  );
}

/** A new PIN for someone, typed twice; it clears a PIN lock. */
function NewPin({ member, onClose, onDone }: { member: StaffMember; onClose: () => void; onDone: (name: string) => void }) {
  const t = useT();
  const say = useErrorText();
  const [first, setFirst] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const setPin = usePosMutation('staff:set-pin', { invalidates: ['staff:members'], onSuccess: (changed) => onDone(changed.name) });
  return (
    <Sheet
      title={t('people.setPinTitle', { name: member.name })}
      onClose={setPin.isPending ? undefined : onClose}
      actions={
        <Button variant="secondary" size="large" disabled={setPin.isPending} onClick={onClose}>
          {t('common.cancel')}
        </Button>
      }
    >
      {first === null ? (
        <PinPad key="first" label={t('people.newPinFor', { name: member.name })} error={mismatch ? t('signin.pinMismatch') : undefined} onSubmit={(pin) => (setMismatch(false), setFirst(pin))} />
      ) : (
        <PinPad
          key="again"
          label={t('people.newPinAgain', { name: member.name })}
          busy={setPin.isPending}
          error={setPin.error ? say(setPin.error) : undefined}
          onSubmit={(pin) => {
            if (pin === first) return setPin.run({ staffId: member.id, pin });
            setFirst(null);
            setPin.reset();
            setMismatch(true);
          }}
        />
      )}
    </Sheet>
  );
}

/** Add a cashier or supervisor: name, role, and the PIN typed twice (as at first setup). */
export function AddStaff() {
  const t = useT();
  const say = useErrorText();
  const [name, setName] = useState('');
  const [role, setRole] = useState<'cashier' | 'supervisor'>('cashier');
  const [firstPin, setFirstPin] = useState<string | null>(null);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const create = usePosMutation('staff:create', {
    invalidates: ['staff:list', 'staff:members', 'staff:roster'],
    onSuccess: () => (setName(''), setFirstPin(null)),
  });
  const trimmed = name.trim();
  return (
    <section className="panel" aria-labelledby="add-staff">
      <h2 id="add-staff">{t('people.add')}</h2>
      <div className="form-row">
        <Field label={t('people.name')}>
          <input value={name} onChange={(e) => (setName(e.target.value), setFirstPin(null), setProblem(null), create.isSuccess && create.reset())} />
        </Field>
        <Chip selected={role === 'cashier'} onClick={() => setRole('cashier')}>{t('people.cashier')}</Chip>
        <Chip selected={role === 'supervisor'} onClick={() => setRole('supervisor')}>{t('people.supervisor')}</Chip>
      </div>
      {trimmed.length >= 2 &&
        (firstPin === null ? (
          <PinPad key="first" label={t('people.pinFor', { name: trimmed })} error={problem ? t(problem) : undefined} onSubmit={(pin) => (setProblem(null), create.reset(), setFirstPin(pin))} />
        ) : (
          <PinPad
            key="again"
            label={t('people.pinAgainFor', { name: trimmed })}
            busy={create.isPending}
            error={create.error ? say(create.error) : undefined}
            onSubmit={(pin) => {
              if (pin === firstPin) return create.run({ name: trimmed, role, pin });
              setFirstPin(null);
              create.reset();
              setProblem('signin.pinMismatch');
            }}
          />
        ))}
      {create.isSuccess && <p role="status">{t('people.added', { name: create.data.name })}</p>}
    </section>
  );
}
