import type { ReactNode } from 'react';
import type { SaleView } from '@shared/sales/sale-view';
import { useNavigation } from '@renderer/navigation';
import { Money } from '@ui/Money';
import { useT } from '@renderer/i18n/I18nProvider';
import { formatLagosDateTime, formatMoney } from '@renderer/i18n/format';
import { refundedShare } from '@renderer/screens/checkout/refunded';

/** One sale in a list (the journal, sales needing attention, Home's last sale): it opens the sale. */
export function SaleRow({ sale, action }: { sale: SaleView; action?: ReactNode }) {
  const t = useT();
  const { go } = useNavigation();
  // What was given back is part of the sale's truth in any list: a sale refunded in full is not
  // "Confirmed" money, and a voided one's cash is no longer in the drawer.
  const refunded = refundedShare(sale);
  const voidedKobo = (sale.corrections ?? []).filter((c) => c.kind === 'void' && c.state !== 'failed').reduce((sum, c) => sum + c.amountKobo, 0);
  const givenBackKobo = refunded.givenBackKobo + voidedKobo;
  return (
    <li className="sale-row">
      <button type="button" className="sale-row-main" onClick={() => go({ name: 'sale', saleId: sale.id })}>
        <span className={`state state-${refunded.share === 'all' ? 'refunded' : sale.state}`} data-testid="sale-row-state">
          {refunded.share === 'all' ? t('journal.refunded') : refunded.share === 'part' ? t('journal.partRefunded') : t(`state.${sale.state}`)}
          {sale.amountMismatch ? ` · ${t('sales.amountDiffers')}` : ''}
        </span>
        <span className="sale-title">{sale.title}</span>
        <span className="muted">
          {sale.customer.name} · {formatLagosDateTime(sale.createdAt)} · {sale.partnerReference ?? sale.id.slice(0, 8)}
          {givenBackKobo > 0 && <span data-testid="sale-row-given-back"> · {t('journal.givenBack', { amount: formatMoney(givenBackKobo) })}</span>}
        </span>
        <Money kobo={sale.totalKobo} />
      </button>
      {action}
    </li>
  );
}
