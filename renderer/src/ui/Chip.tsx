import type { ReactNode } from 'react';

/** A toggle among choices (location, date, showtime, filter); the pressed state is announced. */
export function Chip({ selected, onClick, children, disabled }: { selected: boolean; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <button type="button" className={`chip${selected ? ' chip-selected' : ''}`} aria-pressed={selected} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}
