import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { SaleView } from '@shared/sales/sale-view';
import { useNavigation } from '@renderer/navigation';
import { usePosEvent, usePosQuery } from '@renderer/pos/queries';
import { Money } from '@ui/Money';
import { LoadingBlock, QueryState } from '@ui/Status';
import { newSaleId, type Order } from './order';
import { ReceiptPanel } from '@renderer/screens/printing/ReceiptPanel';
import { SaleCorrections } from '@renderer/screens/refunds/SaleCorrections';

/** The outcome of a sale, kept live: an unknown outcome turns into confirmed or rejected on screen. */
export function SaleScreen({ saleId, order }: { saleId: string; order?: Order }) {
  const sale = usePosQuery('sale:get', { saleId });
  // Reprints are for staff; a kiosk customer sees the receipt but cannot print copies.
  const staff = usePosQuery('staff:status', {});
  const onUpdate = useCallback((updated: SaleView, client: QueryClient) => {
    if (updated.id === saleId) client.setQueryData(['sale:get', { saleId }], updated);
  }, [saleId]);
  usePosEvent('sale:updated', onUpdate);
  return (
    <div className="screen">
      <QueryState query={sale} loading={<LoadingBlock label="Loading the sale" rows={2} />}>
        {(view) => <Outcome sale={view} order={order} canReprint={staff.data?.signedIn != null} />}
      </QueryState>
    </div>
  );
}

function Outcome({ sale, order, canReprint }: { sale: SaleView; order?: Order; canReprint: boolean }) {
  const { home, replace } = useNavigation();
  const retry = () => {
    if (!order) return home();
    // A new attempt is a new sale: the rejected one stays in the journal as it was.
    if (order.kind === 'hotel') replace({ name: 'checkout', order: { ...order, saleId: newSaleId() } });
    else replace({ name: 'film', filmId: order.selection.filmId });
  };
  const change = sale.tenders.find((t) => t.kind === 'cash')?.changeKobo ?? null;

  return (
    <section className={`outcome outcome-${sale.state}`} aria-live="polite">
      {sale.state === 'confirmed' && (
        <>
          <h1>Sale confirmed</h1>
          <p className="reference">
            Reference <strong data-testid="partner-reference">{sale.partnerReference}</strong>
            {sale.bookingNumber && (
              <>
                {' '}· Booking number <strong data-testid="booking-number">{sale.bookingNumber}</strong>
              </>
            )}
          </p>
          {change !== null && change > 0 && (
            <p className="change-due">
              Give change: <Money kobo={change} />
            </p>
          )}
          {sale.amountMismatch && <p className="field-error">The partner charged {sale.partnerAmountKobo === null ? 'a different amount' : <Money kobo={sale.partnerAmountKobo} />}; a supervisor will check it.</p>}
        </>
      )}
      {sale.state === 'rejected' && (
        <>
          <h1>Sale not completed</h1>
          <p>{sale.failureReason ?? 'The partner refused the sale.'}</p>
          <p>Nothing was charged by the partner. Give back any payment taken for this sale.</p>
        </>
      )}
      {(sale.state === 'unknown' || sale.state === 'sent' || sale.state === 'pending') && (
        <>
          <h1>Checking with the partner…</h1>
          <p>The partner did not answer in time. The till is asking what happened and will update this screen; it will never charge twice.</p>
          {sale.failureReason && <p className="muted">{sale.failureReason}</p>}
        </>
      )}
      {sale.state === 'confirmed' && <ReceiptPanel saleId={sale.id} canReprint={canReprint} />}
      {canReprint && <SaleCorrections sale={sale} />}
      <dl className="sale-facts">
        <dt>{sale.title}</dt>
        <dd>{sale.subtitle}</dd>
        <dt>Customer</dt>
        <dd>{sale.customer.name}</dd>
        <dt>Total</dt>
        <dd><Money kobo={sale.totalKobo} /></dd>
        <dt>Sale id</dt>
        <dd className="muted">{sale.id}</dd>
      </dl>
      <div className="action-bar">
        {sale.state === 'rejected' && (
          <button type="button" className="button button-ghost-dark button-large" onClick={retry}>
            Try again
          </button>
        )}
        <button type="button" className="button button-primary button-large" onClick={home}>
          New sale
        </button>
      </div>
    </section>
  );
}
