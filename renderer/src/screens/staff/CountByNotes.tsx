import { useState } from 'react';
import { useI18n } from '@renderer/i18n/I18nProvider';
import { countSheetTotalKobo, nairaNotesKobo, toCountSheet, type CashCount, type CountSheet } from '@shared/sales/cash-count';
import { formatNairaWhole } from '@shared/money';
import { Button } from '@ui/Button';
import { Field } from '@ui/Field';
import { Sheet } from '@ui/Sheet';
import { typedNairaToKobo } from './typed-naira';
import styles from './CountByNotes.module.css';

/** A typed count of notes: empty is none; anything but a whole number is not a count (NaN). */
const typedPieces = (text: string) => (text.trim() === '' ? 0 : /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The drawer counted at close note by note: how many ₦1,000, ₦500… notes and the coins, each line's
 * amount and the total worked out as they are typed. "Use" puts the total into the counted cash
 * and hands the count over, to be kept in the Z report; nothing is sent until the close is confirmed.
 */
export function CountByNotes({ onUse, onClose }: { onUse: (sheet: CountSheet) => void; onClose: () => void }) {
  const { t, money } = useI18n();
  const [pieces, setPieces] = useState<Record<number, string>>({});
  const [other, setOther] = useState('');
  const count: CashCount = {
    notes: Object.fromEntries(nairaNotesKobo.map((note) => [note, typedPieces(pieces[note] ?? '')])),
    otherKobo: other.trim() === '' ? 0 : (typedNairaToKobo(other) ?? Number.NaN),
  };
  // Null while a figure is not a count: nothing to use yet.
  const sheet = toCountSheet(count);
  const total = sheet && countSheetTotalKobo(sheet);
  return (
    <Sheet
      title={t('shift.count.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" size="large" onClick={onClose}>
            {t('common.back')}
          </Button>
          <Button variant="primary" size="large" disabled={sheet === null} onClick={() => sheet && onUse(sheet)}>
            {total === null ? t('shift.count.fix') : t('shift.count.use', { amount: money(total) })}
          </Button>
        </>
      }
    >
      <p>{t('shift.count.lead')}</p>
      <div className={styles.grid}>
        {nairaNotesKobo.map((note) => {
          const n = count.notes[note] ?? 0;
          return (
            <Field key={note} label={t('shift.count.notes', { note: formatNairaWhole(note) })} hint={Number.isNaN(n) ? t('shift.count.whole') : `= ${money(n * note)}`}>
              <input inputMode="numeric" autoComplete="off" value={pieces[note] ?? ''} aria-invalid={Number.isNaN(n) || undefined} onChange={(e) => setPieces({ ...pieces, [note]: e.target.value })} />
            </Field>
          );
        })}
        <Field label={t('shift.count.other')} hint={Number.isNaN(count.otherKobo) ? t('shift.count.amount') : `= ${money(count.otherKobo)}`}>
          <input inputMode="decimal" autoComplete="off" value={other} aria-invalid={Number.isNaN(count.otherKobo) || undefined} onChange={(e) => setOther(e.target.value)} />
        </Field>
      </div>
      <p className={styles.total}>
        <span>{t('shift.count.total')}</span>
        <output data-testid="count-total" aria-live="polite">
          {total === null ? '' : money(total)}
        </output>
      </p>
    </Sheet>
  );
}
