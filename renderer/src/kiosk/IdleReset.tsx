import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CardPaymentView, PaymentProgress } from '@shared/payments/card-payment';
import { usePosEvent } from '@renderer/pos/queries';
import { useT } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';
import { Sheet } from '@ui/Sheet';
import { useLastActivity } from '@ui/use-last-activity';
import styles from './Kiosk.module.css';

/** The terminal's stages while it has the customer's card, or the till asks what became of it. */
const withCard = new Set<PaymentProgress['stage']>(['reading-card', 'pin', 'processing', 'checking']);

/**
 * A kiosk must never keep one customer's details for the next: after `idleSeconds` without a touch
 * it asks "Still there?" over a screen that is hidden (not dimmed: the customer's name must not be
 * readable by whoever walks up), and after `warningSeconds` more it calls `onReset`.
 *
 * A customer paying touches the card terminal, not the screen: each step the terminal reports
 * counts as a touch, and while it has her card (reading it, her PIN, the bank's answer, the till
 * asking what became of a payment whose answer was lost) the kiosk does not count her idle at all:
 * "Still there?" covered the payment and the reset called it off under her card. A terminal only
 * waiting for a card is idle time as before (she may have walked away: the reset calls it off).
 */
export function IdleReset({ idleSeconds, warningSeconds, atRest, onReset, children }: { idleSeconds: number; warningSeconds: number; atRest: boolean; onReset: () => void; children: ReactNode }) {
  const t = useT();
  const [warningLeft, setWarningLeft] = useState<number | null>(null);
  const lastActive = useLastActivity();
  const reset = useRef(onReset);
  reset.current = onReset;
  const atTerminal = useRef(false);
  const paymentMoved = useCallback(
    (cardIn: boolean) => {
      atTerminal.current = cardIn;
      lastActive.current = Date.now();
      setWarningLeft(null);
    },
    [lastActive],
  );
  usePosEvent('payment:progress', useCallback((progress: PaymentProgress) => paymentMoved(withCard.has(progress.stage)), [paymentMoved]));
  // An attempt ended (approved, declined, cancelled, timed out): the screen is hers to touch again.
  usePosEvent('payment:updated', useCallback((payment: CardPaymentView) => paymentMoved(payment.inProgress && payment.stage !== null && withCard.has(payment.stage)), [paymentMoved]));

  useEffect(() => {
    if (atRest) {
      atTerminal.current = false;
      return setWarningLeft(null);
    }
    lastActive.current = Date.now();
    const timer = setInterval(() => {
      if (atTerminal.current) lastActive.current = Date.now();
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
