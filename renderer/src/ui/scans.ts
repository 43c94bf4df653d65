import { useEffect, useRef } from 'react';
import { createScanReader, scannerGapMs } from './key-bursts';

/**
 * A code read by a barcode scanner (a receipt's QR, a kiosk customer's code on their phone) while
 * no text field has the cursor: `onScan` gets it, and its keys do nothing else (not even the Enter
 * at its end, which would press the focused button). Into a text field it is typed as any
 * keyboard's text is. Off while a dialog is open (it has its own keys) and when `onScan` is absent.
 */
export function useScans(onScan: ((code: string, extendsCode: string | null) => void) | undefined) {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    const reader = createScanReader((code, extendsCode) => latest.current?.(code, extendsCode));
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!latest.current || event.ctrlKey || event.metaKey || event.altKey || document.querySelector('dialog[open]')) return;
      if (event.target instanceof HTMLElement && event.target.closest('input, select, textarea, [contenteditable="true"]')) return;
      clearTimeout(quiet);
      // Before the screen's own listeners (capture): the keys of a code never reach them as keys.
      if (reader.key(event.key, event.timeStamp)) event.preventDefault();
      // A scanner set up to send no Enter: the code ends when its keys stop.
      quiet = setTimeout(() => reader.quiet(), scannerGapMs * 2);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      clearTimeout(quiet);
      window.removeEventListener('keydown', onKey, { capture: true });
    };
  }, []);
}
