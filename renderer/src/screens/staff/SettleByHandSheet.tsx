import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SaleView } from '@shared/sales/sale-view';
import { statedReasonSchema } from '@shared/sales/stated-reason';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { formatLagosDateTime } from '@renderer/i18n/format';
import { usePosMutation } from '@renderer/pos/mutations';
import { Button } from '@ui/Button';
import { Field } from '@ui/Field';
import { Money } from '@ui/Money';
import { Sheet } from '@ui/Sheet';
import styles from './SettleByHandSheet.module.css';

/** The reason main asks for (three letters or digits at least): the button waits for it. */
const saysWhy = (text: string) => statedReasonSchema.safeParse(text).success;

/**
 * A supervisor records what the partner said of a sale whose outcome the till cannot learn: it
 * holds it under a reference, or has no record of it. The sale number she reads out is the one
 * the partner files it under (our merchant reference).
 */
export function SettleByHandSheet({ sale, onClose }: { sale: SaleView; onClose: () => void }) {
  const t = useT();
  const say = useErrorText();
  const [outcome, setOutcome] = useState<'confirmed' | 'rejected' | null>(null);
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  // A refusal may still have settled it (one more lookup found it): the list behind shows that.
  const settle = usePosMutation('sale:settle-by-hand', { invalidates: ['sale:attention', 'sale:search', 'sale:get'], onSuccess: onClose, onError: () => void client.invalidateQueries({ queryKey: ['sale:attention'] }) });
  const ready = outcome !== null && saysWhy(reason) && (outcome === 'rejected' || reference.trim() !== '');
  const record = () => {
    if (!ready) return;
    settle.run(outcome === 'confirmed' ? { saleId: sale.id, outcome, partnerReference: reference.trim(), reason: reason.trim() } : { saleId: sale.id, outcome, reason: reason.trim() });
  };
  return (
    <Sheet
      title={t('hand.title')}
      onClose={settle.isPending ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" size="large" disabled={settle.isPending} onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" size="large" busy={settle.isPending} disabled={!ready} onClick={record}>
            {t('hand.record')}
          </Button>
        </>
      }
    >
      <div className={styles.form} data-testid="settle-by-hand">
        <p>{t('hand.explain')}</p>
        <dl className={styles.sale}>
          <div className={styles.wide}>
            <dt>{t('hand.saleNumber')}</dt>
            <dd data-testid="hand-sale-number">{sale.id}</dd>
          </div>
          <div className={styles.wide}>
            <dt>{t('hand.what')}</dt>
            <dd>
              {sale.title} · {sale.customer.name} · <Money kobo={sale.totalKobo} />
            </dd>
          </div>
          <div>
            <dt>{t('hand.when')}</dt>
            <dd>{formatLagosDateTime(sale.createdAt)}</dd>
          </div>
        </dl>
        <fieldset className={styles.choices}>
          <legend>{t('hand.question')}</legend>
          {(['confirmed', 'rejected'] as const).map((choice) => (
            <label key={choice} className={styles.choice}>
              <input type="radio" name="hand-outcome" checked={outcome === choice} onChange={() => setOutcome(choice)} />
              {t(choice === 'confirmed' ? 'hand.holdsIt' : 'hand.noRecord')}
            </label>
          ))}
        </fieldset>
        {outcome === 'confirmed' && (
          <Field label={t('hand.reference')} error={settle.fieldErrors.partnerReference?.join(' ')}>
            <input value={reference} onChange={(e) => setReference(e.target.value)} autoComplete="off" spellCheck={false} />
          </Field>
        )}
        {outcome === 'rejected' && <p className="muted">{t('hand.noRecordMeans')}</p>}
        <Field label={t('hand.reason')} hint={t('hand.reasonHint')} error={settle.fieldErrors.reason ? t('hand.reasonHint') : undefined}>
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
        </Field>
        {settle.error && !settle.error.fields && (
          <p className="field-error" role="alert">
            {say(settle.error)}
          </p>
        )}
      </div>
    </Sheet>
  );
}
