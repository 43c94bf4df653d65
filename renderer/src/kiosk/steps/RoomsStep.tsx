import { useState } from 'react';
import type { Hotel, Room } from '@shared/catalog/hotels';
import { lagosDate } from '@shared/dates';
import { stayTotalKobo } from '@shared/stay';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import type { HotelSearch } from '@renderer/screens/hotels/hotel-search';
import { stayProblemTexts } from '@renderer/screens/hotels/stay-text';
import { hotelOrder, stayLine } from '@renderer/screens/hotels/hotel-order';
import { useI18n } from '@renderer/i18n/I18nProvider';
import { Banner } from '@ui/Banner';
import { EmptyState, LoadingBlock, QueryState } from '@ui/Status';
import { CustomerError } from '../CustomerError';
import { KioskFrame } from '../KioskFrame';
import styles from '../Kiosk.module.css';

/** Hotel step 4: the room type, with the price of the whole stay on each; one touch chooses it. */
export function RoomsStep({ hotel, search }: { hotel: Hotel; search: HotelSearch }) {
  const { t, money } = useI18n();
  const { go } = useNavigation();
  const rooms = usePosQuery('hotels:rooms', { hotelId: hotel.id, perPage: 50 }, { staleTime: 0, gcTime: 0 });
  const [problem, setProblem] = useState<string | null>(null);
  const line = stayLine(t, search);
  const choose = (room: Room) => {
    const problems = Object.values(stayProblemTexts(t, search, lagosDate(new Date()), room));
    if (problems.length > 0) return setProblem(problems[0]!);
    go({ name: 'k-details', order: hotelOrder(t, hotel, room, search) });
  };
  return (
    <KioskFrame title={t('kiosk.rooms.title')} lead={`${hotel.name} · ${line}`}>
      {problem && <Banner tone="danger">{problem}</Banner>}
      <QueryState query={rooms} loading={<LoadingBlock label={t('hotel.checking')} rows={3} height={120} />} failed={(error, retry) => <CustomerError error={error} onRetry={retry} />}>
        {(page) =>
          page.rooms.length === 0 ? (
            <EmptyState title={t('hotel.noRoomsTitle')}>{t('hotel.noRoomsBody')}</EmptyState>
          ) : (
            <ul className={styles.choiceList} aria-label={t('hotel.roomsTitle')}>
              {page.rooms.map((room) => {
                const bookable = room.isAvailable && room.roomsLeft > 0;
                return (
                  <li key={room.id}>
                    <button type="button" className={styles.choice} disabled={!bookable} onClick={() => choose(room)} data-testid="kiosk-room">
                      <span className={styles.choiceMain}>
                        <span className={styles.choiceTitle}>{room.name}</span>
                        <span className={styles.muted}>
                          {t('hotel.upTo', { count: room.maxOccupancy })} · {bookable ? t('hotel.perNight', { price: money(room.priceKobo) }) : t('hotel.unavailable')}
                        </span>
                      </span>
                      {bookable && <span className={styles.choicePrice}>{t('kiosk.rooms.total', { total: money(stayTotalKobo(room.priceKobo, search)) })}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
    </KioskFrame>
  );
}
