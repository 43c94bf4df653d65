import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';
import { Sheet } from '@ui/Sheet';
import { useLastActivity } from '@ui/use-last-activity';
import styles from './Kiosk.module.css';

/**
 * A kiosk must never keep one customer's details for the next: after `idleSeconds` without a touch
 * it asks "Still there?" over a screen that is hidden (not dimmed: the customer's name must not be
 * readable by whoever walks up), and after `warningSeconds` more it calls `onReset`.
 */
export function IdleReset({ idleSeconds, warningSeconds, atRest, onReset, children }: { idleSeconds: number; warningSeconds: number; atRest: boolean; onReset: () => void; children: ReactNode }) {
  const t = useT();
  const [warningLeft, setWarningLeft] = useState<number | null>(null);
  const lastActive = useLastActivity();
  const reset = useRef(onReset);
  reset.current = onReset;

  useEffect(() => {
    if (atRest) return setWarningLeft(null);
    lastActive.current = Date.now();
    const timer = setInterval(() => {
      const idle = (Date.now() - lastActive.current) / 1000;
      if (idle >= idleSeconds + warningSeconds) {
        setWarningLeft(null);
        reset.current();
      } else if (idle >= idleSeconds) setWarningLeft(Math.ceil(idleSeconds + warningSeconds - idle));
    }, 250);
    return () => clearInterval(timer);
  }, [atRest, idleSeconds, warningSeconds]);

  const warning = warningLeft !== null && !atRest;
  const stay = () => {
    lastActive.current = Date.now();
    setWarningLeft(null);
  };
  return (
    <>
      {/* Kept mounted so "I'm still here" returns to everything as it was; hidden meanwhile. */}
      <div className={warning ? styles.hiddenBehind : styles.frame} aria-hidden={warning || undefined} data-testid="kiosk-screen">
        {children}
      </div>
      {warning && (
        <Sheet
          role="alertdialog"
          opaque
          title={t('idle.title')}
          onClose={stay}
          actions={
            <>
              <Button variant="secondary" size="large" onClick={() => (setWarningLeft(null), reset.current())}>
                {t('idle.reset')}
              </Button>
              <Button variant="primary" size="large" onClick={stay} autoFocus>
                {t('idle.stay')}
              </Button>
            </>
          }
        >
          <p>{t('idle.body', { seconds: warningLeft })}</p>
        </Sheet>
      )}
    </>
  );
}
