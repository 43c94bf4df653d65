import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'quiet';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** `large`: the screen's main action (taller on the kiosk); `hero`: the one thing to do next. */
  size?: 'normal' | 'large' | 'hero';
  wide?: boolean;
  /** Working on it: announced, and not pressable twice. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The one button: at least the profile's touch size, with a visible pressed and busy state. */
export function Button({ variant = 'secondary', size = 'normal', wide, busy, className, type = 'button', disabled, ...rest }: ButtonProps) {
  const classes = [styles.button, styles[variant], size !== 'normal' && styles[size], wide && styles.wide, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest} />;
}
