import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './Sheet.module.css';

interface SheetProps {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  /** Esc and the browser's cancel close it; without onClose only the actions can. */
  onClose?: () => void;
  /** alertdialog for warnings that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** Cover the screen behind completely instead of dimming it. */
  opaque?: boolean;
  className?: string;
  /**
   * Open with the focus on the title instead of the first button: where that button is a
   * Cancel, the Enter a cashier presses out of habit (or twice) must not press it.
   */
  focusTitle?: boolean;
}

/**
 * A modal sheet on the native <dialog> (showModal): the page behind is inert, focus moves in and
 * returns when it closes, Esc closes it. Mount it to open it, unmount it to close it.
 */
export function Sheet({ title, children, actions, onClose, role = 'dialog', opaque, className, focusTitle }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    if (focusTitle) heading.current?.focus();
    return () => dialog?.close();
    // Opened once, on mount: focusTitle is read then.
  }, []);
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      className={[styles.sheet, opaque && styles.opaque, className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
    >
      <h2 id={titleId} ref={heading} tabIndex={focusTitle ? -1 : undefined} className={styles.title}>
        {title}
      </h2>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </dialog>
  );
}
