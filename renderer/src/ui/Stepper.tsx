import { useT } from '@renderer/i18n/I18nProvider';
import { keepFocus } from './keep-focus';
import styles from './Stepper.module.css';

/** Big − / + buttons around a number: the fastest way to set a count on a touch screen. */
export function Stepper({ label, value, min = 0, max, onChange }: { label: string; value: number; min?: number; max: number; onChange: (value: number) => void }) {
  const t = useT();
  return (
    <div className={styles.stepper} role="group" aria-label={label}>
      <button type="button" className={styles.button} aria-label={t('stepper.fewer', { label })} disabled={value <= min} onMouseDown={keepFocus} onClick={() => onChange(value - 1)}>
        −
      </button>
      <output className={styles.value} aria-live="polite" aria-label={t('stepper.count', { label })}>
        {value}
      </output>
      <button type="button" className={styles.button} aria-label={t('stepper.more', { label })} disabled={value >= max} onMouseDown={keepFocus} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
