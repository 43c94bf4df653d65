import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import styles from './Field.module.css';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  grow?: boolean;
  className?: string;
  /** One input or select; it receives its label, the description ids and aria-invalid. */
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A labelled form control with its hint and error read out by screen readers (aria-describedby).
 * Controls are --field-height tall: 48 px at a counter, 72 px on the kiosk.
 */
export function Field({ label, hint, error, grow, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : children.props['aria-invalid'] })
    : children;
  return (
    <div className={[styles.field, grow && styles.grow, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {control}
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A group of controls under one caption (a stepper, chips) that is not a single input. */
export function FieldGroup({ label, children, className }: { label: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')} role="group" aria-labelledby={id}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      {children}
    </div>
  );
}
