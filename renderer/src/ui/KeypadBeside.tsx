import type { ReactNode } from 'react';
import styles from './KeypadBeside.module.css';

/**
 * What goes with a PIN pad (who, why, a name, Back) and the pad itself (`PinPad`, a direct child):
 * one column upright, the pad beside the rest on a short screen on its side.
 */
export function KeypadBeside({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={styles.layout} data-testid={testId}>
      {children}
    </div>
  );
}
