import { useEffect, useRef } from 'react';

const activity = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * When someone last touched, clicked, scrolled or typed anywhere on the page (a ref, so reading
 * it re-renders nothing): what the kiosk's idle reset and the counter's screen lock count from.
 * Set `.current = Date.now()` to start counting afresh.
 */
export function useLastActivity() {
  const lastActive = useRef(Date.now());
  useEffect(() => {
    const touched = () => {
      lastActive.current = Date.now();
    };
    activity.forEach((name) => window.addEventListener(name, touched, { capture: true, passive: true }));
    return () => activity.forEach((name) => window.removeEventListener(name, touched, { capture: true }));
  }, []);
  return lastActive;
}
