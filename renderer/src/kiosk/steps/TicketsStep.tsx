import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CinemaSelection } from '@shared/sales/checkout';
import { useNavigation } from '@renderer/navigation';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { newSaleId } from '@renderer/screens/checkout/order';
import { seatsReleased } from '@renderer/screens/checkout/release-holds';
import { useI18n, useLanguage } from '@renderer/i18n/I18nProvider';
import { showLine } from '../order-words';
import { Button } from '@ui/Button';
import { Stepper } from '@ui/Stepper';
import { LoadingBlock, QueryState } from '@ui/Status';
import { CustomerError } from '../CustomerError';
import { KioskFrame } from '../KioskFrame';
import type { KioskRoute } from '../routes';
import styles from '../Kiosk.module.css';

/** Most one customer may take of one ticket type at the kiosk. */
const maxPerCategory = 10;

/**
 * Step 3: how many of each ticket; Continue holds the seats for the next steps. Back from the
 * details step gives those seats back and returns here with the counts as they were.
 */
export function TicketsStep({ route }: { route: Extract<KioskRoute, { name: 'k-tickets' }> }) {
  const { t, money } = useI18n();
  const pos = usePos();
  const { go, replace } = useNavigation();
  const { film, locationId, date, showtimeId, place, start } = route;
  const { language } = useLanguage();
  const show = showLine(t, language, { place, date, start });
  const tickets = usePosQuery('cinema:tickets', { filmId: film.id, locationId }, { staleTime: 0 });
  const [counts, setCounts] = useState<Record<string, number>>(route.counts ?? {});
  const selection = { filmId: film.id, locationId, date, showtimeId, tickets: Object.entries(counts).filter(([, n]) => n > 0).map(([categoryId, count]) => ({ categoryId, count })) };
  const hold = useMutation({
    mutationFn: async (wanted: CinemaSelection) => {
      // Back from the details step gave its seats back: that release is answered before these are held.
      await seatsReleased();
      return unwrap(await pos['sale:hold'](wanted));
    },
    onSuccess: (held, wanted) => {
      replace({ ...route, counts });
      go({ name: 'k-details', order: { kind: 'cinema', saleId: newSaleId(), selection: wanted, hold: held, title: film.title, subtitle: show, place, start } });
    },
    // Someone else may have taken the seats: show the fresh counts.
    onError: () => void tickets.refetch(),
  });
  // A second tap while the first is on its way (before the button shows busy) holds nothing more.
  const inFlight = useRef(false);
  const holdSeats = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    hold.mutate(selection, { onSettled: () => void (inFlight.current = false) });
  };
  const holdError = hold.error instanceof PosCallError ? hold.error.error : null;
  const categories = tickets.data?.categories ?? [];
  const total = categories.reduce((sum, c) => sum + c.priceKobo * (counts[c.id] ?? 0), 0);
  const count = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <KioskFrame
      title={t('kiosk.tickets.title')}
      lead={`${film.title} · ${show}`}
      footer={
        <>
          <span className={styles.footerTotal} role="status">
            {t('film.ticketCount', { count })} · {money(total)}
          </span>
          <Button variant="primary" size="hero" disabled={count === 0} busy={hold.isPending} onClick={holdSeats}>
            {t('common.continue')}
          </Button>
        </>
      }
    >
      {holdError && <CustomerError error={holdError} />}
      <QueryState query={tickets} loading={<LoadingBlock label={t('film.loadingPrices')} rows={2} height={120} />} failed={(error, retry) => <CustomerError error={error} onRetry={retry} />}>
        {() => (
          <ul className={styles.choiceList}>
            {categories.map((category) => (
              <li key={category.id} className={styles.ticketRow} data-testid="kiosk-ticket">
                <span className={styles.choiceMain}>
                  <span className={styles.choiceTitle}>{category.title}</span>
                  <span className={styles.muted}>{category.soldOut ? t('film.soldOut') : t('kiosk.tickets.each', { price: money(category.priceKobo) })}</span>
                </span>
                {!category.soldOut && <Stepper label={category.title} value={counts[category.id] ?? 0} max={Math.min(category.slotsRemaining, maxPerCategory)} onChange={(n) => setCounts({ ...counts, [category.id]: n })} />}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </KioskFrame>
  );
}
