import { useEffect, useState } from 'react';
import { useT } from '@renderer/i18n/I18nProvider';
import { formatDate, parseTypedDate, toTypedDate } from '@renderer/i18n/format';
import { Field } from './Field';

/**
 * A date typed at a counter as day/month/year (12/04/1985), read back in words under the field
 * ("Friday 12 April 1985") so nobody mistakes the order. Replaces <input type="date">, whose
 * order follows the browser's locale (mm/dd/yyyy in Chromium's default). `value` is YYYY-MM-DD.
 */
export function DateInput({
  label,
  value,
  onChange,
  error,
  optional,
  example = 'validation.date',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  optional?: boolean;
  /** The line that shows how to write it, with an example fit for this date (a birth date's is in the past). */
  example?: 'validation.date' | 'validation.dobExample';
}) {
  const t = useT();
  const [text, setText] = useState(value ? toTypedDate(value) : '');
  useEffect(() => {
    if (value && parseTypedDate(text) !== value) setText(toTypedDate(value));
  }, [value]);
  const parsed = parseTypedDate(text);
  const invalid = text.trim() !== '' && parsed === null;
  // Day/month/year written right, but no such day (30/02/1992): say that, not how to write a date.
  const noSuchDay = invalid && /^\s*\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\s*$/.test(text);
  return (
    // A date typed that cannot be read is said as such, before any "required": she did type one.
    // One line says it: the example is the hint until a date is typed, then the error takes its place.
    <Field
      label={label}
      hint={parsed ? formatDate(t, parsed, 'long') : invalid ? undefined : t(example)}
      error={invalid ? t(noSuchDay ? 'validation.dateNotReal' : example) : error}
    >
      <input
        inputMode="numeric"
        // The kiosk's on-screen keyboard gives it the pad with a slash (kiosk/OnScreenKeyboard.tsx).
        data-keys="date"
        autoComplete="off"
        placeholder={t('date.placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const next = parseTypedDate(e.target.value);
          if (next) onChange(next);
          // An optional date (a form's own value) does not keep an earlier date the field no longer shows.
          else if (optional) onChange('');
        }}
      />
    </Field>
  );
}
