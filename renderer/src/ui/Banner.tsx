import type { ReactNode } from 'react';
import styles from './Banner.module.css';

/**
 * A line across a screen that says how things stand and what to do: `danger` interrupts
 * (role=alert), the others are polite status. `strip` runs edge to edge under the top bar.
 */
export function Banner({ tone = 'info', children, action, strip, testId }: { tone?: 'info' | 'ok' | 'warn' | 'danger'; children: ReactNode; action?: ReactNode; strip?: boolean; testId?: string }) {
  return (
    <div className={[styles.banner, styles[tone], strip && styles.strip].filter(Boolean).join(' ')} role={tone === 'danger' ? 'alert' : 'status'} data-testid={testId}>
      <span className={styles.text}>{children}</span>
      {action}
    </div>
  );
}
