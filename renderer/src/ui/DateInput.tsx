import { useEffect, useState } from 'react';
import { useT } from '@renderer/i18n/I18nProvider';
import { formatDate, parseTypedDate, toTypedDate } from '@renderer/i18n/format';
import { Field } from './Field';

/**
 * A date typed at a counter as day/month/year (12/04/1985), read back in words under the field
 * ("Friday 12 April 1985") so nobody mistakes the order. Replaces <input type="date">, whose
 * order follows the browser's locale (mm/dd/yyyy in Chromium's default). `value` is YYYY-MM-DD.
 */
export function DateInput({ label, value, onChange, error, optional }: { label: string; value: string; onChange: (value: string) => void; error?: string; optional?: boolean }) {
  const t = useT();
  const [text, setText] = useState(value ? toTypedDate(value) : '');
  useEffect(() => {
    if (value && parseTypedDate(text) !== value) setText(toTypedDate(value));
  }, [value]);
  const parsed = parseTypedDate(text);
  const invalid = text.trim() !== '' && parsed === null;
  return (
    // A date typed that cannot be read is said as such, before any "required": she did type one.
    <Field label={label} hint={parsed ? formatDate(t, parsed, 'long') : t('validation.date')} error={invalid ? t('validation.date') : error}>
      <input
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('date.placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const next = parseTypedDate(e.target.value);
          if (next) onChange(next);
          else if (optional && e.target.value.trim() === '') onChange('');
        }}
      />
    </Field>
  );
}
