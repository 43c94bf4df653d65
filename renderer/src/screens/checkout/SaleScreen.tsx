import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { SaleView } from '@shared/sales/sale-view';
import { useNavigation } from '@renderer/navigation';
import { usePosEvent, usePosQuery } from '@renderer/pos/queries';
import { Money } from '@ui/Money';
import { Button } from '@ui/Button';
import { useShortcuts } from '@ui/shortcuts';
import { useLanguage, useT } from '@renderer/i18n/I18nProvider';
import { saleWhenText } from './sale-when';
import { formatMoney } from '@renderer/i18n/format';
import { LoadingBlock, QueryState } from '@ui/Status';
import { newSaleId, type Order } from './order';
import { refundedShare } from './refunded';
import { rejectedNoteKey } from './rejected-note';
import { saidIn } from '@renderer/i18n/error-text';
import { ReceiptPanel } from '@renderer/screens/printing/ReceiptPanel';
import { SaleCorrections } from '@renderer/screens/refunds/SaleCorrections';
import { unsettledStates } from '@shared/sales/sale-states';

/** For each kind of order, the screen under its sale that serves the next in the queue, and the button's words. */
const sameAgain = {
  cinema: { under: 'film', label: 'sale.sameShowing' },
  hotel: { under: 'hotel', label: 'sale.sameHotel' },
} as const satisfies Record<Order['kind'], { under: string; label: string }>;

/** The outcome of a sale, kept live: an unknown outcome turns into confirmed or rejected on screen. */
export function SaleScreen({ saleId, order }: { saleId: string; order?: Order }) {
  const t = useT();
  // Asked again every 5 s while its outcome is open: the change is pushed (sale:updated), but one
  // sent while the screen was not listening (reconnecting after a restart) is not sent again.
  const sale = usePosQuery('sale:get', { saleId }, { refetchInterval: (query) => (query.state.data && unsettledStates.includes(query.state.data.state) ? 5_000 : false) });
  // Reprints are for staff; a kiosk customer sees the receipt but cannot print copies.
  const staff = usePosQuery('staff:status', {});
  const onUpdate = useCallback((updated: SaleView, client: QueryClient) => {
    if (updated.id === saleId) client.setQueryData(['sale:get', { saleId }], updated);
  }, [saleId]);
  usePosEvent('sale:updated', onUpdate);
  return (
    <div className="screen">
      <QueryState query={sale} loading={<LoadingBlock label={t('sale.loading')} rows={2} />}>
        {(view) => <Outcome sale={view} order={order} canReprint={staff.data?.signedIn != null} />}
      </QueryState>
    </div>
  );
}

function Outcome({ sale, order, canReprint }: { sale: SaleView; order?: Order; canReprint: boolean }) {
  const t = useT();
  const { language } = useLanguage();
  const { home, replace, back, stack } = useNavigation();
  const retry = () => {
    if (!order) return home();
    // A new attempt is a new sale: the rejected one stays in the journal as it was.
    if (order.kind === 'hotel') replace({ name: 'checkout', order: { ...order, saleId: newSaleId() } });
    else replace({ name: 'film', filmId: order.selection.filmId });
  };
  const change = sale.tenders.find((t) => t.kind === 'cash')?.changeKobo ?? null;
  // The till's own reasons in the reader's language; the partner's own words as they came.
  const reason = sale.failureSaid ? saidIn(t)(sale.failureSaid) : sale.failureReason;
  // The big "give change" call-out is for the moment the cashier who just took the cash must hand
  // it over (she came here from checkout); a sale opened again later says it quietly, as a fact,
  // so nobody hands the change over twice.
  const justPaid = order !== undefined;
  // A refunded sale says so as its title: "Sale confirmed" over a sale given back misleads.
  const refunded = refundedShare(sale);
  const look = sale.state === 'confirmed' && refunded.share === 'all' ? 'refunded' : sale.state;

  // A queue for one showing (or one hotel): the screen under this one is that film with its
  // showing chosen and nothing counted (or that hotel, no room chosen), kept for the next customer.
  const queue = order && sameAgain[order.kind];
  const again = justPaid && sale.state === 'confirmed' && queue && stack.at(-2)?.name === queue.under ? queue.label : null;

  // Enter or N: the next customer (the documented counter key; no text field is on this screen).
  // S: the same showing (or hotel) for the next in the queue, when the screen offers it.
  const same = again ? back : undefined;
  useShortcuts({ Enter: home, n: home, N: home, s: same, S: same });
  const facts = (
    <dl className="sale-facts">
      <dt>{sale.title}</dt>
      <dd>{saleWhenText(t, language, sale)}</dd>
      <dt>{t('sale.customer')}</dt>
      <dd>{sale.customer.name}</dd>
      <dt>{t('common.total')}</dt>
      <dd>
        <Money kobo={sale.totalKobo} />
      </dd>
      <dt>{t('sale.id')}</dt>
      <dd className="muted">{sale.id}</dd>
    </dl>
  );
  return (
    <section className={`outcome outcome-${look}`} aria-live="polite">
      <div className="sale-layout">
        <div className="outcome">
          {sale.state === 'confirmed' && (
            <>
              <h1>{refunded.share === 'all' ? t('sale.refunded') : t('sale.confirmed')}</h1>
              {refunded.share !== 'none' && (
                <p className="refunded-note" data-testid="refunded-note">
                  {t(refunded.share === 'all' ? 'sale.refundedNote' : 'sale.partRefunded', { amount: formatMoney(refunded.givenBackKobo) })}
                </p>
              )}
              <p className="reference">
                {t('sale.reference')} <strong data-testid="partner-reference">{sale.partnerReference}</strong>
                {sale.bookingNumber && (
                  <>
                    {' '}· {t('sale.bookingNumber')} <strong data-testid="booking-number">{sale.bookingNumber}</strong>
                  </>
                )}
              </p>
              {change !== null && change > 0 &&
                (justPaid ? (
                  <p className="change-due" data-testid="change-due">{t('sale.giveChange', { amount: formatMoney(change) })}</p>
                ) : sale.changeUnsure ? (
                  // Confirmed only after a check (a restart, say): its change was perhaps never called out.
                  <p className="field-error" data-testid="change-unsure">{t('sale.changeUnsure', { amount: formatMoney(change) })}</p>
                ) : (
                  <p data-testid="change-given">{t('sale.changeGiven', { amount: formatMoney(change) })}</p>
                ))}
              {sale.amountMismatch && <p className="field-error">{sale.partnerAmountKobo === null ? t('sale.mismatchUnknown') : t('sale.mismatch', { amount: formatMoney(sale.partnerAmountKobo) })}</p>}
            </>
          )}
          {sale.state === 'rejected' && (
            <>
              <h1>{t('sale.rejected')}</h1>
              <p data-testid="failure-reason">{reason ?? t('sale.rejectedDefault')}</p>
              {/* Paid at the integrated terminal (no approval code typed): payments reverses it by itself. */}
              <p data-testid="rejected-note">{t(rejectedNoteKey(sale))}</p>
            </>
          )}
          {(sale.state === 'unknown' || sale.state === 'sent' || sale.state === 'pending') && (
            <>
              <h1>{t('sale.checking')}</h1>
              <p>{t('sale.checkingBody')}</p>
              {reason && (
                <p className="muted" data-testid="failure-reason">
                  {reason}
                </p>
              )}
            </>
          )}
          {facts}
          {/* In the flow, above the refunds: a bar stuck to the bottom hid the refunds and the Refund button. */}
          <div className="action-bar action-bar-inline">
            {sale.state === 'rejected' && (
              <Button variant="secondary" size="large" onClick={retry}>
                {t('common.tryAgain')}
              </Button>
            )}
            {again && (
              <Button variant="secondary" size="large" onClick={back} aria-keyshortcuts="S" title={t('sale.sameKey')}>
                {t(again)}
              </Button>
            )}
            <Button variant="primary" size="large" onClick={home} aria-keyshortcuts="Enter N" title={t('sale.keys')}>
              {t('sale.newSale')}
            </Button>
          </div>
          {canReprint && <SaleCorrections sale={sale} />}
        </div>
        {sale.state === 'confirmed' && <ReceiptPanel saleId={sale.id} canReprint={canReprint} />}
      </div>
    </section>
  );
}
