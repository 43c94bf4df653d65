import { useT } from '@renderer/i18n/I18nProvider';
import { useEffect, useState } from 'react';

/** Seconds left on the ticket hold, ticking; the parent decides what to do when it reaches zero. */
export function useSecondsLeft(expiresAt: string): number {
  const left = () => Math.max(0, Math.round((Date.parse(expiresAt) - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return seconds;
}

export function HoldCountdown({ seconds }: { seconds: number }) {
  const t = useT();
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <p className={`hold-countdown${seconds <= 30 ? ' hold-urgent' : ''}`} role="timer" aria-live={seconds <= 30 ? 'assertive' : 'off'}>
      {t('checkout.held', { time: text })}
    </p>
  );
}
