import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigation } from '@renderer/navigation';
import { usePos } from '@renderer/pos/PosProvider';
import { releaseHeldSeats } from '@renderer/screens/checkout/release-holds';

const activity = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * A kiosk must never keep one customer's details for the next: after `idleSeconds` without a touch
 * it asks "Still there?", and after `warningSeconds` more it releases any held seats, signs staff
 * out, forgets every answer it fetched and returns to the attract screen.
 */
export function IdleReset({ idleSeconds, warningSeconds }: { idleSeconds: number; warningSeconds: number }) {
  const { route, stack, home } = useNavigation();
  const pos = usePos();
  const client = useQueryClient();
  const [warningLeft, setWarningLeft] = useState<number | null>(null);
  const lastActive = useRef(Date.now());
  const atRest = route.name === 'home' && stack.length === 1;

  const reset = useCallback(() => {
    releaseHeldSeats(pos, stack);
    void pos['staff:sign-out']({});
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'app:info' });
    setWarningLeft(null);
    home();
  }, [stack, pos, client, home]);

  useEffect(() => {
    const touched = () => {
      lastActive.current = Date.now();
    };
    // The warning closes when a touch completes, not when it starts: closing on pointerdown would
    // pull the dialog from under the finger before its own button receives the click.
    const answered = () => setWarningLeft(null);
    activity.forEach((name) => window.addEventListener(name, touched, { capture: true, passive: true }));
    window.addEventListener('click', answered, { capture: true });
    window.addEventListener('keydown', answered, { capture: true });
    return () => {
      activity.forEach((name) => window.removeEventListener(name, touched, { capture: true }));
      window.removeEventListener('click', answered, { capture: true });
      window.removeEventListener('keydown', answered, { capture: true });
    };
  }, []);

  useEffect(() => {
    if (atRest) return;
    lastActive.current = Date.now();
    const timer = setInterval(() => {
      const idle = (Date.now() - lastActive.current) / 1000;
      if (idle >= idleSeconds + warningSeconds) reset();
      else if (idle >= idleSeconds) setWarningLeft(Math.ceil(idleSeconds + warningSeconds - idle));
      // Touched without a click (a drag, a scroll): still here, once that touch is well over.
      else if (idle >= 1) setWarningLeft(null);
    }, 250);
    return () => clearInterval(timer);
  }, [atRest, idleSeconds, warningSeconds, reset]);

  if (warningLeft === null || atRest) return null;
  return (
    <div className="idle-overlay" role="alertdialog" aria-modal="true" aria-labelledby="idle-title">
      <div className="idle-box">
        <h2 id="idle-title">Still there?</h2>
        <p>
          This screen will start over in <strong>{warningLeft}</strong> seconds and forget what was entered.
        </p>
        <button type="button" className="button button-primary button-large" onClick={() => setWarningLeft(null)}>
          I'm still here
        </button>
        <button type="button" className="button button-ghost-dark button-large" onClick={reset}>
          Start over now
        </button>
      </div>
    </div>
  );
}
