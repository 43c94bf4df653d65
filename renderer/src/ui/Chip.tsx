import type { ReactNode } from 'react';
import styles from './Chip.module.css';

/** A toggle among choices (location, date, showtime, filter); the pressed state is announced. */
export function Chip({ selected, onClick, children, disabled, note }: { selected: boolean; onClick: () => void; children: ReactNode; disabled?: boolean; note?: ReactNode }) {
  return (
    <button type="button" className={`${styles.chip}${selected ? ` ${styles.selected}` : ''}`} aria-pressed={selected} onClick={onClick} disabled={disabled} data-selected={selected || undefined}>
      {children}
      {note != null && <span className={styles.note}>{note}</span>}
    </button>
  );
}

/**
 * A row of chips; `scroll` keeps one line that scrolls sideways (dates); `'short'` does so only on
 * a screen too short for the rows to wrap above what follows (a 720p kiosk), and wraps elsewhere.
 */
export function Chips({ children, scroll, label }: { children: ReactNode; scroll?: boolean | 'short'; label?: string }) {
  const scrolling = scroll === 'short' ? styles.scrollWhenShort : scroll ? styles.scroll : null;
  return (
    <div className={`${styles.chips}${scrolling ? ` ${scrolling}` : ''}`} role={label ? 'group' : undefined} aria-label={label}>
      {children}
    </div>
  );
}
