import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useErrorText, useT } from '@renderer/i18n/I18nProvider';
import { usePosMutation } from '@renderer/pos/mutations';
import { Button } from '@ui/Button';
import { PinPad } from '@ui/PinPad';
import { Sheet } from '@ui/Sheet';

/**
 * Anyone signed in changes their own PIN: a PIN a supervisor chose for them becomes one only they
 * know, so what is done under their name is theirs. The PIN they have now proves it is them.
 */
export function MyPin() {
  const t = useT();
  const [changing, setChanging] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <section className="panel" aria-labelledby="my-pin">
      <h2 id="my-pin">{t('mypin.title')}</h2>
      <p>{t('mypin.lead')}</p>
      <div className="form-row">
        <Button variant="secondary" onClick={() => (setDone(false), setChanging(true))}>
          {t('mypin.change')}
        </Button>
      </div>
      {done && <p role="status">{t('mypin.done')}</p>}
      {changing && <ChangePinSheet onClose={() => setChanging(false)} onDone={() => (setChanging(false), setDone(true))} />}
    </section>
  );
}

/** Three pads in turn: the PIN now, the new one, the new one again. */
function ChangePinSheet({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const t = useT();
  const say = useErrorText();
  const client = useQueryClient();
  const [current, setCurrent] = useState<string | null>(null);
  const [first, setFirst] = useState<string | null>(null);
  const [mismatch, setMismatch] = useState(false);
  const change = usePosMutation('staff:change-own-pin', { onSuccess: onDone });
  // Too many wrong PINs signed this person out: the screen must show the sign-in, once this is read.
  const signedOut = change.error?.said?.key === 'said.pinNowLockedSignedOut';
  const close = () => (signedOut ? void client.invalidateQueries() : undefined, onClose());
  // A refusal of the PIN now starts again from it; a new PIN refused starts again from the new one.
  const restart = (from: 'current' | 'new') => (from === 'current' && setCurrent(null), setFirst(null));
  const error = change.error && !signedOut ? say(change.error) : undefined;
  return (
    <Sheet
      title={t('mypin.title')}
      onClose={change.isPending ? undefined : close}
      actions={
        <Button variant="secondary" size="large" disabled={change.isPending} onClick={close}>
          {signedOut ? t('common.close') : t('common.cancel')}
        </Button>
      }
    >
      {signedOut ? (
        <p className="field-error" role="alert">
          {say(change.error!)}
        </p>
      ) : current === null ? (
        <PinPad key="current" label={t('mypin.current')} error={error} autoFocus onSubmit={(pin) => (change.reset(), setCurrent(pin))} />
      ) : first === null ? (
        <PinPad key="new" label={t('mypin.new')} error={mismatch ? t('signin.pinMismatch') : error} autoFocus onSubmit={(pin) => (setMismatch(false), change.reset(), setFirst(pin))} />
      ) : (
        <PinPad
          key="again"
          label={t('mypin.again')}
          busy={change.isPending}
          autoFocus
          onSubmit={(pin) => {
            if (pin !== first) return (setMismatch(true), setFirst(null));
            change.mutate({ currentPin: current, newPin: pin }, { onError: (failed) => restart(failed.error.fields?.currentPin ? 'current' : 'new') });
          }}
        />
      )}
    </Sheet>
  );
}
