import { useEffect, useRef } from 'react';
import { isModifierKey, scannerGapMs, withinBurst } from './key-bursts';

type Handlers = Partial<Record<string, (() => void) | undefined>>;

/**
 * Keyboard shortcuts for the whole screen, by KeyboardEvent.key ('Escape', 'F2', 'Ctrl+Enter').
 * Ignored while a modal dialog is open (it has its own keys). Function keys and Ctrl+ combinations
 * work inside text fields too; plain keys only outside them, so typing is never taken over.
 *
 * A plain key acts a moment later (key-bursts.ts's gap, 50 ms), and not at all when another key
 * follows within it: that is a barcode scanner typing a code (ui/scans.ts reads it), and its
 * digits, letters and Enter must not count tickets, start a sale or press on.
 */
export function useShortcuts(handlers: Handlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    let lastAt = Number.NEGATIVE_INFINITY;
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (isModifierKey(event.key)) return;
      const burst = withinBurst(event.timeStamp, lastAt);
      lastAt = event.timeStamp;
      if (burst) {
        clearTimeout(waiting);
        waiting = undefined;
      }
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const name = `${event.ctrlKey || event.metaKey ? 'Ctrl+' : ''}${event.key}`;
      if (!latest.current[name]) return;
      // Plain keys never take over typing; Enter on a focused button or link keeps its own meaning.
      const typing = event.target instanceof HTMLElement && event.target.closest(event.key === 'Enter' ? 'input, select, textarea, button, a' : 'input, select, textarea');
      const plain = !event.ctrlKey && !event.metaKey && !/^F\d+$/.test(event.key) && event.key !== 'Escape';
      if (typing && plain) return;
      event.preventDefault();
      // A scanner never types function keys, Ctrl+ or Esc: those act at once.
      if (!plain) return void latest.current[name]?.();
      if (burst) return;
      // The screen as it stands when the key acts (a count typed just before has been drawn).
      waiting = setTimeout(() => {
        waiting = undefined;
        latest.current[name]?.();
      }, scannerGapMs);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(waiting);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
}
