import { useNavigation } from '@renderer/navigation';
import type { PosCallError } from '@renderer/pos/queries';
import { stayLine } from '@renderer/screens/hotels/hotel-order';
import { amenityText, type HotelSearch } from '@renderer/screens/hotels/hotel-search';
import { useHotelResults } from '@renderer/screens/hotels/use-hotel-results';
import { useI18n } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';
import { EmptyState, LoadingBlock } from '@ui/Status';
import { CustomerError } from '../CustomerError';
import { KioskFrame } from '../KioskFrame';
import styles from '../Kiosk.module.css';

/** Hotel step 3: places in that city with rooms for the stay; one touch opens its rooms. */
export function HotelsStep({ search }: { search: HotelSearch }) {
  const { t, money } = useI18n();
  const { go } = useNavigation();
  const { results, hotels } = useHotelResults(search);
  return (
    // The stay chosen a step ago stays in sight while the guest compares prices a night.
    <KioskFrame title={t('kiosk.hotels.title')} lead={`${search.city} · ${stayLine(t, search)}`}>
      {results.isPending ? (
        <LoadingBlock label={t('hotels.searching')} rows={3} height={150} />
      ) : results.isError ? (
        <CustomerError error={(results.error as PosCallError).error} onRetry={() => void results.refetch()} />
      ) : hotels.length === 0 ? (
        <EmptyState title={t('hotels.noneTitle')}>{t('hotels.noneBody')}</EmptyState>
      ) : (
        <>
          <ul className={`${styles.choiceList} ${styles.choiceGrid}`} aria-label={t('hotels.list')}>
            {hotels.map((hotel) => (
              <li key={hotel.id}>
                <button type="button" className={styles.choice} onClick={() => go({ name: 'k-rooms', hotel, search })}>
                  {hotel.images[0] ? <img className={styles.thumb} src={hotel.images[0].url} alt="" /> : <span className={styles.thumb} />}
                  <span className={styles.choiceMain}>
                    <span className={styles.choiceTitle}>{hotel.name}</span>
                    <span className={styles.muted}>{[hotel.city, hotel.state].filter(Boolean).join(', ')}</span>
                    <span className={styles.muted}>
                      {hotel.amenities
                        .slice(0, 4)
                        .map((a) => amenityText(t, a))
                        .join(' · ')}
                    </span>
                    {hotel.priceFromKobo !== null && (
                      <span className={styles.choicePrice} data-testid="hotel-price">
                        {t('hotels.priceFrom', { price: money(hotel.priceFromKobo) })}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {results.hasNextPage && (
            <Button variant="secondary" size="large" busy={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
              {t('hotels.showMore')}
            </Button>
          )}
        </>
      )}
    </KioskFrame>
  );
}
