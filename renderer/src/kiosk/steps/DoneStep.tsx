import { useCallback, useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import type { SaleView } from '@shared/sales/sale-view';
import { usePosEvent, usePosQuery } from '@renderer/pos/queries';
import type { Order } from '@renderer/screens/checkout/order';
import { useLanguage, useT } from '@renderer/i18n/I18nProvider';
import { orderWhen } from '../order-words';
import { Button } from '@ui/Button';
import { LoadingBlock } from '@ui/Status';
import { useKiosk } from '../kiosk-context';
import { KioskFrame } from '../KioskFrame';
import { KioskRefundNote } from '@renderer/screens/refunds/KioskRefundNote';
import styles from '../Kiosk.module.css';

/** How long the success screen stays before the kiosk returns to its attract screen. */
export const doneSeconds = 30;

/**
 * The end of a kiosk sale: the booking code as a large QR the customer can scan with a phone,
 * the receipt coming out below, and a countdown back to the start. Unknown outcomes wait here
 * (the till settles them by lookup); a refusal says nothing was charged.
 */
export function DoneStep({ saleId, order }: { saleId: string; order: Order }) {
  const t = useT();
  const sale = usePosQuery('sale:get', { saleId }, { refetchInterval: (q) => (q.state.data?.state === 'confirmed' || q.state.data?.state === 'rejected' ? false : 3000) });
  const onUpdate = useCallback(
    (updated: SaleView, client: QueryClient) => {
      if (updated.id === saleId) client.setQueryData(['sale:get', { saleId }], updated);
    },
    [saleId],
  );
  usePosEvent('sale:updated', onUpdate);
  const view = sale.data;
  if (!view) return <LoadingBlock label={t('kiosk.pay.confirming')} rows={2} height={200} />;
  if (view.state === 'confirmed') return <Confirmed sale={view} order={order} />;
  if (view.state === 'rejected') return <Ended title={t('kiosk.failed.title')} body={t('kiosk.failed.body')} />;
  return (
    <KioskFrame title={t('kiosk.pending.title')} canGoBack={false}>
      <p className={styles.lead} role="status">
        {t('kiosk.pending.body')}
      </p>
    </KioskFrame>
  );
}

function useCountdown(seconds: number, onEnd: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        onEnd();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

function Confirmed({ sale, order }: { sale: SaleView; order: Order }) {
  const t = useT();
  const { language } = useLanguage();
  const { startOver } = useKiosk();
  const left = useCountdown(doneSeconds, startOver);
  const code = sale.bookingNumber ?? sale.partnerReference ?? '';
  const receipt = usePosQuery('receipt:status', { saleId: sale.id }, { staleTime: 0, refetchInterval: (q) => (q.state.data?.jobs[0]?.state === 'printed' ? false : 1000) });
  const job = receipt.data?.jobs.find((j) => j.kind === 'receipt') ?? receipt.data?.jobs[0];
  // A receipt waiting on a printer that is out of paper, open or off is not printing: the customer
  // is sent to the desk with the code rather than told to wait at the slot for nothing.
  // Held (it did not print while the customer was here): nothing comes out, staff print it at the desk.
  const notPrinting = job?.state === 'failed' || job?.state === 'held';
  const waiting = job !== undefined && job.state !== 'printed' && !notPrinting;
  const printer = usePosQuery('printer:status', {}, { staleTime: 0, enabled: waiting, refetchInterval: waiting ? 1000 : false });
  const needsStaff = waiting && printer.data?.health === 'down';
  return (
    <KioskFrame title={t('kiosk.done.title')} lead={order.kind === 'cinema' ? t('kiosk.done.cinema') : t('kiosk.done.hotel')} canGoBack={false}>
      {/* Portrait: one column. Landscape: the code beside the rest, so nothing waits below the fold. */}
      <div className={styles.done}>
        {/* The order's words, made on this screen in the customer's language (main writes English). */}
        <div className={`${styles.centre} ${styles.doneWhat}`}>
          <p className={styles.lead}>{order.title}</p>
          <p className={styles.lead}>{orderWhen(t, language, order)}</p>
        </div>
        <figure className={`${styles.centre} ${styles.doneCode}`}>
          <div className={styles.qr}>
            <QRCodeSVG value={code} size={360} level="M" marginSize={2} title={t('kiosk.done.scan')} data-testid="booking-qr" />
          </div>
          <figcaption>
            {t('kiosk.done.code')}
            {t('common.colon')}
            <strong className={styles.code} data-testid="booking-code">{code}</strong>
          </figcaption>
        </figure>
        <div className={`${styles.centre} ${styles.doneRest}`}>
          <p className={styles.receiptNote} role="status" data-testid="kiosk-receipt-state" data-state={job?.state ?? 'none'}>
            {notPrinting
              ? t('kiosk.done.receiptFailed')
              : job?.state === 'printed'
                ? t('kiosk.done.takeReceipt')
                : needsStaff
                  ? t('kiosk.done.receiptNeedsStaff')
                  : t('kiosk.done.receiptPrinting')}
          </p>
          {!notPrinting && !needsStaff && (
            <span className={styles.downArrow} aria-hidden="true">
              ↓
            </span>
          )}
          <p className={styles.lead} role="timer" aria-live="off">
            {t('kiosk.done.back', { seconds: left })}
          </p>
          <Button variant="primary" size="hero" onClick={startOver}>
            {t('kiosk.done.finish')}
          </Button>
          <KioskRefundNote reference={code || sale.id} />
        </div>
      </div>
    </KioskFrame>
  );
}

function Ended({ title, body }: { title: string; body: string }) {
  const t = useT();
  const { startOver } = useKiosk();
  return (
    <KioskFrame title={title} canGoBack={false}>
      <div className={styles.centre}>
        <p className={styles.lead} role="alert">
          {body}
        </p>
        <Button variant="primary" size="hero" onClick={startOver}>
          {t('common.startOver')}
        </Button>
      </div>
    </KioskFrame>
  );
}
