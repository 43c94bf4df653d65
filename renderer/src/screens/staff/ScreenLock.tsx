import { useEffect, useState, type ReactNode } from 'react';
import { useErrorText, useT } from '@renderer/i18n/I18nProvider';
import { usePosMutation } from '@renderer/pos/mutations';
import { usePosQuery } from '@renderer/pos/queries';
import { Button } from '@ui/Button';
import { PinPad } from '@ui/PinPad';
import { Sheet } from '@ui/Sheet';
import { useLastActivity } from '@ui/use-last-activity';

/**
 * A counter or front desk left alone (the night clerk steps away) hides behind the PIN of whoever
 * is signed in after `minutes` untouched: a guest's name, phone and the open sale are not on show
 * to the next person at the desk. Everything stays as it was behind the lock (a half-typed sale,
 * a card payment running); her PIN brings it back, and *Sign out* lets someone else sign in.
 * Wrong PINs count towards the same lock-out as at sign-in. `minutes` 0: never.
 */
export function ScreenLock({ minutes, children }: { minutes: number; children: ReactNode }) {
  const t = useT();
  const say = useErrorText();
  const staff = usePosQuery('staff:status', {}, { staleTime: 0 });
  const who = staff.data?.signedIn ?? null;
  const [locked, setLocked] = useState(false);
  const lastActive = useLastActivity();

  const whoId = who?.id ?? null;
  useEffect(() => {
    if (minutes <= 0 || whoId === null) {
      setLocked(false);
      return;
    }
    lastActive.current = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - lastActive.current >= minutes * 60_000) setLocked(true);
    }, 1_000);
    return () => clearInterval(timer);
  }, [minutes, whoId]);

  const unlock = usePosMutation('staff:sign-in', {
    onSuccess: () => {
      lastActive.current = Date.now();
      setLocked(false);
    },
  });
  const signOut = usePosMutation('staff:sign-out', { invalidates: 'all', onSuccess: () => setLocked(false) });

  return (
    <>
      {children}
      {locked && who && (
        <Sheet
          opaque
          title={t('lock.title')}
          actions={
            <Button variant="secondary" size="large" disabled={signOut.isPending} onClick={() => signOut.run({})}>
              {t('lock.signOut')}
            </Button>
          }
        >
          <p data-testid="screen-lock">{t('lock.body', { name: who.name })}</p>
          <PinPad autoFocus label={t('lock.pin', { name: who.name })} busy={unlock.isPending} error={unlock.error ? say(unlock.error) : undefined} onSubmit={(pin) => unlock.run({ staffId: who.id, pin })} />
        </Sheet>
      )}
    </>
  );
}
