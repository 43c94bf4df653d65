import type { CorrectionView } from '@shared/sales/corrections';
import { useI18n } from '@renderer/i18n/I18nProvider';
import { formatLagosDateTime } from '@renderer/i18n/format';
import { usePosMutation } from '@renderer/pos/mutations';
import { Button } from '@ui/Button';
import styles from './Refunds.module.css';

/** What was given back for a sale, oldest first: what, how, when, who asked and who approved. */
export function CorrectionList({ corrections }: { corrections: readonly CorrectionView[] }) {
  const { t, money } = useI18n();
  const askAgain = usePosMutation('correction:settle', { invalidates: ['sale:get', 'correction:options', 'shift:current'] });
  return (
    <ul className={styles.list} data-testid="corrections">
      {corrections.map((c) => (
        <li key={c.id} className={styles.row} data-testid="correction" data-state={c.state}>
          <span className={styles.head}>
            <span className={styles.kind}>{t(c.kind === 'refund' ? 'refunds.row.refund' : 'refunds.row.void')}</span>{' '}
            <span className={styles.muted}>{formatLagosDateTime(c.createdAt)}</span>
          </span>
          <span className={styles.amount}>{money(c.amountKobo)}</span>
          {c.lines.length > 0 && <span>{c.lines.map((l) => t('refunds.row.items', { quantity: l.quantity, label: l.label })).join(', ')}</span>}
          <span className={styles.muted}>
            {t(`refunds.row.how.${c.route}`, { code: c.approvalCode ?? c.transferReference ?? '' })} · {t(`refunds.reason.${c.reason}`)}
            {t('common.colon')}
            {c.note}
          </span>
          <span className={styles.muted}>{t('refunds.row.who', { asked: c.askedBy, approved: c.approvedBy })}</span>
          <span className={styles.state} data-state={c.state}>
            {t(`refunds.row.state.${c.state}`, { problem: c.problem ?? '' })}
            {c.cancellation && ` · ${t(`refunds.row.cancellation.${c.cancellation.state}`, { name: c.cancellation.agreedByName ?? '' })}`}
          </span>
          {(c.state === 'unknown' || c.state === 'pending') && (
            <Button onClick={() => askAgain.run({ correctionId: c.id })} busy={askAgain.isPending}>
              {t('refunds.row.askAgain')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
