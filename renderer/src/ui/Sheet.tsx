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
}

/**
 * A modal sheet on the native <dialog> (showModal): the page behind is inert, focus moves in and
 * returns when it closes, Esc closes it. Mount it to open it, unmount it to close it.
 */
export function Sheet({ title, children, actions, onClose, role = 'dialog', opaque, className }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
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
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </dialog>
  );
}
