import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { isModifierKey, scannerGapMs, shortestScan, withinBurst } from './key-bursts';

type Handlers = Partial<Record<string, (() => void) | undefined>>;

/**
 * Keyboard shortcuts for the whole screen, by KeyboardEvent.key ('Escape', 'F2', 'Ctrl+Enter').
 * Ignored while a modal dialog is open (it has its own keys). Function keys and Ctrl+ combinations
 * work inside text fields too; plain keys only outside them, so typing is never taken over.
 *
 * Plain keys (digits, letters, Enter) act once their burst ends (key-bursts.ts: keys closer than
 * 50 ms): a burst as long as a code is a barcode scanner's (ui/scans.ts reads it), and its digits,
 * letters and Enter must not count tickets, start a sale or press on; a shorter one is a person's
 * keys, rolled together ("3" then Enter), and each acts in turn, the screen drawn between them so
 * Enter sees the 3 tickets. F-keys, Ctrl+ and Esc act at once: a scanner never types them.
 */
export function useShortcuts(handlers: Handlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    let lastAt = Number.NEGATIVE_INFINITY;
    let keysInBurst = 0;
    let waiting: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const burstEnds = () => {
      const keys = waiting;
      const scanned = keysInBurst >= shortestScan;
      waiting = [];
      keysInBurst = 0;
      if (scanned) return;
      // Each key on the screen as the one before left it: flushSync draws between them.
      for (const name of keys) flushSync(() => latest.current[name]?.());
    };
    const onKey = (event: KeyboardEvent) => {
      if (isModifierKey(event.key)) return;
      const within = withinBurst(event.timeStamp, lastAt);
      lastAt = event.timeStamp;
      clearTimeout(timer);
      // A key after the gap: the burst before it is over (its timer may not have run yet).
      if (!within && waiting.length > 0) burstEnds();
      keysInBurst = within ? keysInBurst + 1 : 1;
      // Every key of a burst, a shortcut or not, holds its end off: a code's letters count too.
      timer = setTimeout(burstEnds, scannerGapMs);
      // Inside a burst the scan reader may have kept a key from its default: the burst's end decides.
      if ((event.defaultPrevented && !within) || document.querySelector('dialog[open]')) return;
      const name = `${event.ctrlKey || event.metaKey ? 'Ctrl+' : ''}${event.key}`;
      if (!latest.current[name]) return;
      // Plain keys never take over typing; Enter on a focused button or link keeps its own meaning.
      const typing = event.target instanceof HTMLElement && event.target.closest(event.key === 'Enter' ? 'input, select, textarea, button, a' : 'input, select, textarea');
      const plain = !event.ctrlKey && !event.metaKey && !/^F\d+$/.test(event.key) && event.key !== 'Escape';
      if (typing && plain) return;
      if (!plain && event.defaultPrevented) return;
      // A key held down repeats: that is not asking for the shortcut again and again.
      if (plain && event.repeat) return void event.preventDefault();
      event.preventDefault();
      if (!plain) return void latest.current[name]?.();
      waiting.push(name);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
}
