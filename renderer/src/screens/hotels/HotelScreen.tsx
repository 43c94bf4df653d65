import { useState } from 'react';
import type { Hotel, Room } from '@shared/catalog/hotels';
import { lagosDate, nightsBetween, shortDateLabel } from '@shared/dates';
import { stayProblems, stayTotalKobo } from '@shared/stay';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { Money } from '@ui/Money';
import { useT } from '@renderer/i18n/I18nProvider';
import { EmptyState, LoadingBlock, QueryState } from '@ui/Status';
import { Stepper } from '@ui/Stepper';
import type { HotelSearch } from './hotel-search';
import { newSaleId } from '@renderer/screens/checkout/order';
import { plural } from '@ui/plural';

export function HotelScreen({ hotel, search }: { hotel: Hotel; search: HotelSearch }) {
  const { replace, go } = useNavigation();
  // Availability is real time: always ask the partner again rather than trust a cached answer.
  const rooms = usePosQuery('hotels:rooms', { hotelId: hotel.id, perPage: 50 }, { staleTime: 0, gcTime: 0 });
  const [roomId, setRoomId] = useState<number | null>(null);
  const setStay = (patch: Partial<HotelSearch>) => replace({ name: 'hotel', hotel, search: { ...search, ...patch } });
  const checkout = (room: Room) => {
    const nights = nightsBetween(search.checkIn, search.checkOut);
    go({
      name: 'checkout',
      order: {
        kind: 'hotel',
        saleId: newSaleId(),
        selection: { hotelId: hotel.id, roomId: room.id, checkIn: search.checkIn, checkOut: search.checkOut, guests: search.guests, rooms: search.rooms },
        title: `${hotel.name} · ${room.name}`,
        subtitle: `${shortDateLabel(search.checkIn)} → ${shortDateLabel(search.checkOut)} · ${plural(nights, 'night')} · ${plural(search.rooms, 'room')} · ${plural(search.guests, 'guest')}`,
        lines: [{ label: `${room.name}, ${plural(nights, 'night')}`, quantity: search.rooms, unitKobo: room.priceKobo * nights, totalKobo: stayTotalKobo(room.priceKobo, search) }],
        totalKobo: stayTotalKobo(room.priceKobo, search),
      },
    });
  };

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
          Check-in from <strong>{hotel.checkInTime ?? '—'}</strong> · check-out by <strong>{hotel.checkOutTime ?? '—'}</strong>
        </p>
        {hotel.amenities.length > 0 && (
          <ul className="tags" aria-label="Amenities">
            {hotel.amenities.map((amenity) => (
              <li key={amenity}>{amenity.replace('-', ' ')}</li>
            ))}
          </ul>
        )}
      </header>
      <section className="stay-bar" aria-label="Stay">
        <span>
          {shortDateLabel(search.checkIn)} → {shortDateLabel(search.checkOut)} · {plural(Math.max(0, nightsBetween(search.checkIn, search.checkOut)), 'night')}
        </span>
        <div className="field field-inline">
          <span>Guests</span>
          <Stepper label="Guests" value={search.guests} min={1} max={30} onChange={(guests) => setStay({ guests })} />
        </div>
        <div className="field field-inline">
          <span>Rooms</span>
          <Stepper label="Rooms" value={search.rooms} min={1} max={10} onChange={(rooms) => setStay({ rooms })} />
        </div>
      </section>
      <section aria-labelledby="rooms">
        <h2 id="rooms">Rooms</h2>
        <QueryState query={rooms} loading={<LoadingBlock label="Checking rooms" rows={3} height={96} />}>
          {(page) =>
            page.rooms.length === 0 ? (
              <EmptyState title="No rooms listed">This property has no rooms to sell right now.</EmptyState>
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
  const problems = stayProblems(search, lagosDate(new Date()), room);
  const nights = Math.max(0, nightsBetween(search.checkIn, search.checkOut));
  return (
    <>
      <ul className="room-list">
        {rooms.map((r) => {
          const bookable = r.isAvailable && r.roomsLeft > 0;
          return (
            <li key={r.id}>
              <button type="button" className={`room-card${r.id === roomId ? ' room-selected' : ''}`} aria-pressed={r.id === roomId} disabled={!bookable} onClick={() => onSelect(r.id)}>
                <span className="room-name">{r.name}{r.type ? <span className="muted"> · {r.type}</span> : null}</span>
                <span>Up to {plural(r.maxOccupancy, 'guest')}</span>
                <span><Money kobo={r.priceKobo} /> per night</span>
                <span className={bookable ? 'muted' : 'unavailable'}>{bookable ? `${r.roomsLeft} left` : 'Not available'}</span>
                {r.id === roomId && <span className="room-tick">✓ {t('common.selected')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="action-bar">
        {room ? (
          <span className="action-total">
            <Money kobo={room.priceKobo} /> × {plural(nights, 'night')} × {plural(search.rooms, 'room')} = <strong><Money kobo={stayTotalKobo(room.priceKobo, search)} /></strong>
          </span>
        ) : (
          <span className="action-total muted">Choose a room type</span>
        )}
        {Object.values(problems).length > 0 && room && (
          <p className="field-error" role="alert">
            {Object.values(problems)[0]}
          </p>
        )}
        <button type="button" className="button button-primary button-large" disabled={!room || Object.keys(problems).length > 0} onClick={() => room && onCheckout(room)}>
          Checkout
        </button>
      </div>
    </>
  );
}
