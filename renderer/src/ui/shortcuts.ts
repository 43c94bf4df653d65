import { useEffect, useRef } from 'react';

type Handlers = Partial<Record<string, (() => void) | undefined>>;

/**
 * Keyboard shortcuts for the whole screen, by KeyboardEvent.key ('Escape', 'F2', 'Ctrl+Enter').
 * Ignored while a modal dialog is open (it has its own keys). Function keys and Ctrl+ combinations
 * work inside text fields too; plain keys only outside them, so typing is never taken over.
 */
export function useShortcuts(handlers: Handlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const name = `${event.ctrlKey || event.metaKey ? 'Ctrl+' : ''}${event.key}`;
      const handler = latest.current[name];
      if (!handler) return;
      // Plain keys never take over typing; Enter on a focused button or link keeps its own meaning.
      const typing = event.target instanceof HTMLElement && event.target.closest(event.key === 'Enter' ? 'input, select, textarea, button, a' : 'input, select, textarea');
      const plain = !event.ctrlKey && !event.metaKey && !/^F\d+$/.test(event.key) && event.key !== 'Escape';
      if (typing && plain) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
