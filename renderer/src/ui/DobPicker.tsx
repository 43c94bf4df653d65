import { useId, useState } from 'react';
import { useT } from '@renderer/i18n/I18nProvider';
import { daysInMonth, formatDate } from '@renderer/i18n/format';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { Button } from './Button';
import { Sheet } from './Sheet';
import styles from './DobPicker.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date of birth by touch: year (decade, then year), month by name, day — large choices instead of
 * a native date input, whose order follows the browser's locale (04/12/1985 reads as 4 December to
 * a Nigerian) and which an on-screen keyboard cannot fill. `value` is YYYY-MM-DD or ''.
 */
export function DobPicker({ label, value, onChange, error, thisYear }: { label: string; value: string; onChange: (value: string) => void; error?: string; thisYear: number }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState<number | null>(value ? Number(value.slice(0, 4)) : null);
  const [decade, setDecade] = useState<number | null>(year === null ? null : Math.floor(year / 10) * 10);
  const [month, setMonth] = useState<number | null>(value ? Number(value.slice(5, 7)) : null);
  const [day, setDay] = useState<number | null>(value ? Number(value.slice(8, 10)) : null);
  const decades = Array.from({ length: 10 }, (_, i) => Math.floor((thisYear - 18) / 10) * 10 - 80 + i * 10);
  const maxDay = year && month ? daysInMonth(year, month) : 31;
  const complete = year !== null && month !== null && day !== null && day <= maxDay;
  const choose = () => {
    if (!complete) return;
    onChange(`${year}-${pad(month)}-${pad(day)}`);
    setOpen(false);
  };
  return (
    <div className={styles.field}>
      {/* The caption is inside the button, so its accessible name is exactly what it shows. */}
      <button type="button" className={styles.value} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} onClick={() => setOpen(true)}>
        <span className={styles.caption}>{label}</span>
        <span className={styles.chosen}>{value ? formatDate(t, value, 'dayMonthYear') : t('dob.notSet')}</span>
        <span className={styles.change}>{t('dob.choose')}</span>
      </button>
      {error && (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      )}
      {open && (
        <Sheet
          title={t('dob.title')}
          onClose={() => setOpen(false)}
          className={styles.sheet}
          actions={
            <>
              <Button variant="secondary" size="large" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" size="large" disabled={!complete} onClick={choose}>
                {complete ? formatDate(t, `${year}-${pad(month)}-${pad(day)}`, 'dayMonthYear') : t('common.done')}
              </Button>
            </>
          }
        >
          <fieldset className={styles.group}>
            <legend>{t('dob.year')}</legend>
            <div className={styles.choices}>
              {decades.map((d) => (
                <button key={d} type="button" className={styles.choice} aria-pressed={decade === d} onClick={() => (setDecade(d), setYear(null))}>
                  {t('dob.decade', { decade: String(d) })}
                </button>
              ))}
            </div>
            {decade !== null && (
              <div className={styles.choices}>
                {Array.from({ length: 10 }, (_, i) => decade + i)
                  .filter((y) => y <= thisYear)
                  .map((y) => (
                    <button key={y} type="button" className={styles.choice} aria-pressed={year === y} onClick={() => setYear(y)}>
                      {y}
                    </button>
                  ))}
              </div>
            )}
          </fieldset>
          <fieldset className={styles.group}>
            <legend>{t('dob.month')}</legend>
            <div className={styles.choices}>
              {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                <button key={m} type="button" className={styles.choice} aria-pressed={month === m} onClick={() => setMonth(m)}>
                  {t(`date.month.${m}` as MessageKey)}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset className={styles.group}>
            <legend>{t('dob.day')}</legend>
            <div className={`${styles.choices} ${styles.days}`}>
              {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
                <button key={d} type="button" className={styles.choice} aria-pressed={day === d} disabled={d > maxDay} onClick={() => setDay(d)}>
                  {d}
                </button>
              ))}
            </div>
          </fieldset>
        </Sheet>
      )}
    </div>
  );
}
