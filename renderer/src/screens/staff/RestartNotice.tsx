import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { useT } from '@renderer/i18n/I18nProvider';
import { formatLagosDateTime, formatMoney } from '@renderer/i18n/format';
import { useNavigation } from '@renderer/navigation';
import { usePosMutation } from '@renderer/pos/mutations';
import { usePosQuery } from '@renderer/pos/queries';
import { Banner } from '@ui/Banner';

/**
 * After a start that found sales the stop cut off (in flight, at the card terminal, a receipt
 * printing), the first signed-in screen names each one, where it stands and what to do, with a way
 * to open it; until someone on this till reads it (Understood) or nothing is left to do about them.
 */
export function RestartNotice() {
  const t = useT();
  const { go } = useNavigation();
  // It names sales: asked only while someone is signed in (the channel's access rule).
  const staff = usePosQuery('staff:status', {}, { staleTime: 0 });
  const enabled = Boolean(staff.data?.signedIn);
  const query = usePosQuery('sale:restart-notice', {}, { staleTime: 0, refetchInterval: 15_000, enabled });
  const seen = usePosMutation<'sale:restart-notice-seen', void>('sale:restart-notice-seen', { request: () => ({}), invalidates: ['sale:restart-notice'] });
  const notice = query.data?.notice;
  if (!enabled || !notice) return null;
  return (
    <Banner
      tone="warn"
      testId="restart-notice"
      action={
        <button type="button" className="button button-primary" onClick={() => seen.run()}>
          {t('restart.seen')}
        </button>
      }
    >
      <strong className="restart-title">{t('restart.title', { count: notice.sales.length, time: formatLagosDateTime(notice.restartedAt) })}</strong>
      <ul className="restart-sales">
        {notice.sales.map(({ sale, cut, outcome, receiptNumber }) => (
          <li key={sale.id} data-testid="restart-notice-sale">
            <button type="button" className="button" onClick={() => go({ name: 'sale', saleId: sale.id })}>
              {t('restart.open', { number: receiptNumber ?? sale.partnerReference ?? sale.id.slice(0, 8) })}
            </button>
            <span>
              {sale.title} · {formatMoney(sale.totalKobo)} — {t(`restart.cut.${cut}` as MessageKey)} {t(`restart.outcome.${outcome}` as MessageKey)}
            </span>
          </li>
        ))}
      </ul>
    </Banner>
  );
}
