import { useEffect, useRef } from 'react';
import type { Hotel, Room } from '@shared/catalog/hotels';
import { lagosDate, nightsBetween } from '@shared/dates';
import { formatDate, formatMoney } from '@renderer/i18n/format';
import { stayTotalKobo } from '@shared/stay';
import { stayProblemTexts } from './stay-text';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { useT } from '@renderer/i18n/I18nProvider';
import { EmptyState, LoadingBlock, QueryState } from '@ui/Status';
import { Stepper } from '@ui/Stepper';
import { useShortcuts } from '@ui/shortcuts';
import { keepFocus } from '@ui/keep-focus';
import { amenityText, nairaToKobo, type HotelSearch } from './hotel-search';
import { hotelOrder } from './hotel-order';

/** `roomId`: the room chosen, kept in the route so Back from checkout returns with it still chosen. */
export function HotelScreen({ hotel, search, roomId }: { hotel: Hotel; search: HotelSearch; roomId: number | null }) {
  const t = useT();
  const { replace, go } = useNavigation();
  // Availability is real time: always ask the partner again rather than trust a cached answer.
  const rooms = usePosQuery('hotels:rooms', { hotelId: hotel.id, perPage: 50 }, { staleTime: 0, gcTime: 0 });
  const here = { name: 'hotel' as const, hotel, search, ...(roomId !== null && { roomId }) };
  const setRoomId = (id: number) => replace({ ...here, roomId: id });
  const setStay = (patch: Partial<HotelSearch>) => replace({ ...here, search: { ...search, ...patch } });
  const checkout = (room: Room) => go({ name: 'checkout', order: hotelOrder(t, hotel, room, search) });

  return (
    <div className="screen">
      <header className="hotel-header">
        {hotel.images.length > 0 && (
          <div className="gallery">
            {hotel.images.slice(0, 3).map((image) => (
              <img key={image.url} src={image.url} alt={image.alt ?? ''} />
            ))}
          </div>
        )}
        <h1>{hotel.name}</h1>
        <p className="muted">{hotel.address ?? [hotel.city, hotel.state].filter(Boolean).join(', ')}</p>
        {hotel.description && <p>{hotel.description}</p>}
        <p>
          {t('hotel.checkTimes', { checkIn: hotel.checkInTime ?? '—', checkOut: hotel.checkOutTime ?? '—' })}
        </p>
        {hotel.amenities.length > 0 && (
          <ul className="tags" aria-label={t('hotel.amenities')}>
            {hotel.amenities.map((amenity) => (
              <li key={amenity}>{amenityText(t, amenity)}</li>
            ))}
          </ul>
        )}
      </header>
      <section className="stay-bar" aria-label={t('hotel.stay')}>
        <span>
          {formatDate(t, search.checkIn)} → {formatDate(t, search.checkOut)} · {t('hotel.nights', { count: Math.max(0, nightsBetween(search.checkIn, search.checkOut)) })}
        </span>
        <div className="field field-inline">
          <span>{t('hotels.guests')}</span>
          <Stepper label={t('hotels.guests')} value={search.guests} min={1} max={30} onChange={(guests) => setStay({ guests })} />
        </div>
        <div className="field field-inline">
          <span>{t('hotels.rooms')}</span>
          <Stepper label={t('hotels.rooms')} value={search.rooms} min={1} max={10} onChange={(rooms) => setStay({ rooms })} />
        </div>
      </section>
      <section aria-labelledby="rooms">
        <h2 id="rooms">{t('hotel.roomsTitle')}</h2>
        <QueryState query={rooms} loading={<LoadingBlock label={t('hotel.checking')} rows={3} height={96} />}>
          {(page) =>
            page.rooms.length === 0 ? (
              <EmptyState title={t('hotel.noRoomsTitle')}>{t('hotel.noRoomsBody')}</EmptyState>
            ) : (
              <RoomChoice rooms={page.rooms} search={search} roomId={roomId} onSelect={setRoomId} onCheckout={checkout} />
            )
          }
        </QueryState>
      </section>
    </div>
  );
}

function RoomChoice({ rooms, search, roomId, onSelect, onCheckout }: { rooms: Room[]; search: HotelSearch; roomId: number | null; onSelect: (id: number) => void; onCheckout: (room: Room) => void }) {
  const t = useT();
  const room = rooms.find((r) => r.id === roomId);
  const problems = stayProblemTexts(t, search, lagosDate(new Date()), room);
  const nights = Math.max(0, nightsBetween(search.checkIn, search.checkOut));
  const minKobo = nairaToKobo(search.minPriceNaira);
  const maxKobo = nairaToKobo(search.maxPriceNaira);
  const outsideBudget = (priceKobo: number) => (maxKobo !== undefined && priceKobo > maxKobo ? 'above' : minKobo !== undefined && priceKobo < minKobo ? 'below' : null);
  // Once the rooms are in, the first that can be booked is brought above the pinned Checkout bar
  // (the CSS keeps a scroll margin of the bar's height): on a 1366×768 front desk the hotel's
  // pictures and words pushed every room below the fold, the bar over the Rooms heading.
  // Enter: on to checkout with the room chosen, as on the cinema's tickets. A tap on a room keeps
  // the focus where it was, or Enter would press that room again instead.
  const ready = room && Object.keys(problems).length === 0 ? room : null;
  useShortcuts({ Enter: ready ? () => onCheckout(ready) : undefined });
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const first = list.current?.querySelector('.room-card:not([disabled])')?.closest('li') ?? list.current?.firstElementChild;
    first?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <>
      <ul className="room-list" ref={list}>
        {rooms.map((r) => {
          const bookable = r.isAvailable && r.roomsLeft > 0;
          return (
            <li key={r.id}>
              <button type="button" className={`room-card${r.id === roomId ? ' room-selected' : ''}`} aria-pressed={r.id === roomId} disabled={!bookable} onMouseDown={keepFocus} onClick={() => onSelect(r.id)}>
                <span className="room-name">{r.name}{r.type ? <span className="muted"> · {r.type}</span> : null}</span>
                <span>{t('hotel.upTo', { count: r.maxOccupancy })}</span>
                <span data-testid="room-price">{t('hotel.perNight', { price: formatMoney(r.priceKobo) })}</span>
                {/* The partner lists a hotel when one of its rooms is in the price range: the others are said to be outside it. */}
                {outsideBudget(r.priceKobo) && (
                  <span className="muted" data-testid="room-outside-budget">
                    {outsideBudget(r.priceKobo) === 'above' ? t('hotel.aboveMax', { price: formatMoney(maxKobo!) }) : t('hotel.belowMin', { price: formatMoney(minKobo!) })}
                  </span>
                )}
                <span className={bookable ? 'muted' : 'unavailable'}>{bookable ? t('hotel.left', { count: r.roomsLeft }) : t('hotel.unavailable')}</span>
                {r.id === roomId && <span className="room-tick">✓ {t('common.selected')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="action-bar">
        {room ? (
          <span className="action-total">
            {t('hotel.sum', { price: formatMoney(room.priceKobo), nights: t('hotel.nights', { count: nights }), rooms: t('hotel.roomCount', { count: search.rooms }), total: formatMoney(stayTotalKobo(room.priceKobo, search)) })}
          </span>
        ) : (
          <span className="action-total muted">{t('hotel.chooseRoom')}</span>
        )}
        {Object.values(problems).length > 0 && room && (
          <p className="field-error" role="alert">
            {Object.values(problems)[0]}
          </p>
        )}
        <button type="button" className="button button-primary button-large" disabled={!room || Object.keys(problems).length > 0} onClick={() => room && onCheckout(room)}>
          {t('checkout.title')}
        </button>
      </div>
    </>
  );
}
