import { useMemo, useState } from 'react';
import type { CustomerInput } from '@shared/sales/customer';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { usePrinterStatus } from '@renderer/pos/printer-status';
import { orderLines, orderTotal, type Order } from '@renderer/screens/checkout/order';
import { CardPayment } from '@renderer/screens/checkout/CardPayment';
import { TerminalProblem } from '@renderer/screens/checkout/TerminalProblem';
import { useI18n, useLanguage } from '@renderer/i18n/I18nProvider';
import { Banner } from '@ui/Banner';
import { Button } from '@ui/Button';
import { useKiosk } from '../kiosk-context';
import { KioskFrame } from '../KioskFrame';
import { orderWhen } from '../order-words';
import styles from '../Kiosk.module.css';

/**
 * Step 5: everything being bought, the total in large type, and the one button that pays.
 * PAYMENT SLOT: the card terminal screen (payments: screens/checkout/CardPayment.tsx) replaces
 * `pay` below — it runs the terminal, then submits the sale with its card tender; this step keeps
 * the summary and moves on to the done step with the sale id, as it does now.
 */
export function PayStep({ order, customer }: { order: Order; customer: CustomerInput }) {
  const { t, money } = useI18n();
  const { language } = useLanguage();
  const { replace } = useNavigation();
  const { startOver } = useKiosk();
  const total = orderTotal(order);
  // The card terminal takes over (screens/checkout/CardPayment.tsx): it sends the sale with its card tender.
  const [paying, setPaying] = useState(false);
  const terminal = usePosQuery('payment:terminal', {}, { staleTime: 60_000 });
  // The receipt is her ticket: a printer that cannot print now (out of paper, cover open, off) is
  // said before she pays, with what to do instead, not only once she has paid. Kept in step by the
  // till's pushed printer status, so the warning comes and goes as the printer does.
  const printer = usePrinterStatus();
  const request = useMemo(
    () =>
      order.kind === 'cinema'
        ? { saleId: order.saleId, kind: 'cinema' as const, cinema: order.selection, holdId: order.hold.holdId, customer, tender: { kind: 'card' as const }, language }
        : { saleId: order.saleId, kind: 'hotel' as const, hotel: order.selection, customer, tender: { kind: 'card' as const }, language },
    [order, customer, language],
  );
  return (
    <KioskFrame
      title={t('kiosk.pay.title')}
      canGoBack={!paying}
      footer={
        <>
          {/* Beside the button, so it is read before paying whatever the screen's height. */}
          {printer.data?.health === 'down' && (
            <div className={styles.footerNote}>
              <Banner tone="warn" testId="kiosk-printer-down">
                {t('kiosk.pay.printerDown')}
              </Banner>
            </div>
          )}
          <Button variant="primary" size="hero" wide busy={paying} disabled={Boolean(terminal.data?.problem)} onClick={() => setPaying(true)}>
            {paying ? t('kiosk.pay.confirming') : t('kiosk.pay.button', { total: money(total) })}
          </Button>
        </>
      }
    >
      <section className={styles.summary} aria-label={t('checkout.order')}>
        <h2 className={styles.summaryTitle}>{order.title}</h2>
        <p className={styles.lead}>{orderWhen(t, language, order)}</p>
        <table className={styles.lines}>
          <tbody>
            {orderLines(order, t).map((line) => (
              <tr key={line.label}>
                <td>
                  {line.quantity} × {line.label}
                </td>
                <td className={styles.num}>{money(line.totalKobo)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.lead}>{t('kiosk.pay.forWhom', { name: customer.name })}</p>
        <p className={styles.bigTotal} data-testid="kiosk-total">
          {t('common.total')}
          {t('common.colon')}
          {money(total)}
        </p>
      </section>
      <p className={styles.lead}>{t('kiosk.pay.cardNote')}</p>
      <TerminalProblem />
      {paying && (
        <CardPayment
          request={request}
          totalKobo={total}
          // The journal holds the sale from here on: the done step follows it to its outcome.
          onSettled={(sale) => replace({ name: 'k-done', saleId: sale.id, order })}
          onAbandoned={startOver}
        />
      )}
    </KioskFrame>
  );
}
