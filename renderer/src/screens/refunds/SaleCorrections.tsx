import { useState } from 'react';
import type { SaleView } from '@shared/sales/sale-view';
import { saidIn } from '@renderer/i18n/error-text';
import { useI18n } from '@renderer/i18n/I18nProvider';
import { usePosQuery } from '@renderer/pos/queries';
import { Button } from '@ui/Button';
import { CorrectionList } from './CorrectionList';
import { RefundSheet } from './RefundSheet';
import styles from './Refunds.module.css';

/**
 * On the sale screen (counter and front desk), for signed-in staff: what was given back for this
 * sale and when, and the way to give money back: a refund of a confirmed sale, a void of a
 * rejected one that took money. Main decides what is possible (`correction:options`).
 */
export function SaleCorrections({ sale }: { sale: SaleView }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const settled = sale.state === 'confirmed' || sale.state === 'rejected';
  const options = usePosQuery('correction:options', { saleId: sale.id }, { enabled: settled, staleTime: 0, retry: false });
  const corrections = sale.corrections ?? [];
  const action = options.data?.action ?? null;
  if (!settled && corrections.length === 0) return null;
  if (corrections.length === 0 && !action) return null;
  return (
    <section className={styles.section} aria-labelledby="refunds-title" data-testid="sale-corrections">
      <h2 id="refunds-title">{t('refunds.section')}</h2>
      {corrections.length === 0 ? <p className={styles.muted}>{t('refunds.none')}</p> : <CorrectionList corrections={corrections} />}
      {options.data?.whySaid && corrections.length > 0 && <p className={styles.muted}>{saidIn(t)(options.data.whySaid)}</p>}
      {action && (
        <div className={styles.actions}>
          <Button variant={action === 'void' ? 'primary' : 'secondary'} size="large" onClick={() => setOpen(true)}>
            {t(action === 'void' ? 'refunds.void' : 'refunds.refund')}
          </Button>
        </div>
      )}
      {open && <RefundSheet sale={sale} onClose={() => setOpen(false)} />}
    </section>
  );
}
