import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Hotel } from '@shared/catalog/hotels';
import { propertyTypes } from '@shared/catalog/hotels';
import { lagosDate } from '@shared/dates';
import { stayProblemTexts } from './stay-text';
import { useI18n, useT } from '@renderer/i18n/I18nProvider';
import { Field } from '@ui/Field';
import { DateInput } from '@ui/DateInput';
import { useNavigation } from '@renderer/navigation';
import { useKeptScroll } from '@ui/kept-scroll';
import type { PosCallError } from '@renderer/pos/queries';
import { Chip } from '@ui/Chip';
import { ErrorPanel } from '@ui/ErrorPanel';
import { EmptyState, LoadingBlock } from '@ui/Status';
import { JournalMatches } from '../JournalMatches';
import { Stepper } from '@ui/Stepper';
import { amenityText, commonAmenities, popularCities, propertyTypeText, type HotelSearch } from './hotel-search';
import { useHotelResults } from './use-hotel-results';

export function HotelsScreen({ search }: { search: HotelSearch }) {
  const { replace, go, keepHotelPlace } = useNavigation();
  const [draft, setDraft] = useState(search);
  const apply = (next: HotelSearch) => {
    setDraft(next);
    replace({ name: 'hotels', search: next });
    keepHotelPlace({ city: next.city, state: next.state, text: next.text });
  };
  const t = useT();
  const problems = stayProblemTexts(t, draft, lagosDate(new Date()));

  return (
    <div className="screen hotels-screen">
      <h1>{t('hotels.title')}</h1>
      <form
        className="hotel-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <div className="form-row form-row-top">
          <Field label={t('hotels.city')}>
            {/* Type to search: the city field has the cursor as soon as the screen opens. */}
            {/* A city kept from the last search is selected: typing replaces it. */}
            <input autoFocus value={draft.city} onFocus={(e) => e.target.select()} onChange={(e) => setDraft({ ...draft, city: e.target.value })} placeholder={t('hotels.cityPlaceholder')} />
          </Field>
          <Field label={t('hotels.state')}>
            <input value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value })} placeholder={t('hotels.statePlaceholder')} />
          </Field>
          <DateInput label={t('hotels.checkIn')} value={draft.checkIn} error={problems.checkIn} onChange={(checkIn) => setDraft({ ...draft, checkIn })} />
          <DateInput label={t('hotels.checkOut')} value={draft.checkOut} error={problems.checkOut} onChange={(checkOut) => setDraft({ ...draft, checkOut })} />
          <div className="field">
            <span>{t('hotels.guests')}</span>
            <Stepper label={t('hotels.guests')} value={draft.guests} min={1} max={30} onChange={(guests) => setDraft({ ...draft, guests })} />
          </div>
          <div className="field">
            <span>{t('hotels.rooms')}</span>
            <Stepper label={t('hotels.rooms')} value={draft.rooms} min={1} max={10} onChange={(rooms) => setDraft({ ...draft, rooms })} />
          </div>
          <button type="submit" className="button button-primary button-large">
            {t('common.search')}
          </button>
        </div>

        <div className="chips" aria-label={t('hotels.popular')}>
          {popularCities.map((city) => (
            <Chip key={city} selected={search.city === city} onClick={() => apply({ ...draft, city: search.city === city ? '' : city, state: '' })}>
              {city}
            </Chip>
          ))}
        </div>
        <details className="filters">
          {/* A name the search holds (kept from the last search, say) is said here, closed: nothing filters the list unseen, and the list stays in view. */}
          <summary>
            {t('hotels.moreFilters')}
            {search.text.trim() !== '' && (
              <span className="muted">
                {' · '}
                {t('hotels.text')}
                {t('common.colon')}
                {search.text.trim()}
              </span>
            )}
          </summary>
          <div className="form-row form-row-top">
            <div className="field">
              <span>{t('hotels.propertyType')}</span>
              <div className="chips">
                <Chip selected={draft.propertyType === null} onClick={() => setDraft({ ...draft, propertyType: null })}>
                  {t('hotels.any')}
                </Chip>
                {propertyTypes.map((type) => (
                  <Chip key={type} selected={draft.propertyType === type} onClick={() => setDraft({ ...draft, propertyType: type })}>
                    {propertyTypeText(t, type)}
                  </Chip>
                ))}
              </div>
            </div>
            <label className="field">
              <span>{t('hotels.minPrice')}</span>
              <input inputMode="numeric" value={draft.minPriceNaira} onChange={(e) => setDraft({ ...draft, minPriceNaira: e.target.value })} />
            </label>
            <label className="field">
              <span>{t('hotels.maxPrice')}</span>
              <input inputMode="numeric" value={draft.maxPriceNaira} onChange={(e) => setDraft({ ...draft, maxPriceNaira: e.target.value })} />
            </label>
            <label className="field field-grow">
              <span>{t('hotels.text')}</span>
              <input type="search" value={draft.text} onChange={(e) => setDraft({ ...draft, text: e.target.value })} />
            </label>
          </div>
          <div className="field">
            <span>{t('hotels.mustHave')}</span>
            <div className="chips">
              {commonAmenities.map((amenity) => {
                const on = draft.amenities.includes(amenity);
                return (
                  <Chip key={amenity} selected={on} onClick={() => setDraft({ ...draft, amenities: on ? draft.amenities.filter((a) => a !== amenity) : [...draft.amenities, amenity] })}>
                    {amenityText(t, amenity)}
                  </Chip>
                );
              })}
              <Chip selected={draft.availableOnly} onClick={() => setDraft({ ...draft, availableOnly: !draft.availableOnly })}>
                {t('hotels.availableOnly')}
              </Chip>
            </div>
          </div>
        </details>
      </form>
      <HotelResults search={search} onOpen={(hotel) => go({ name: 'hotel', hotel, search })} />
    </div>
  );
}

function HotelResults({ search, onOpen }: { search: HotelSearch; onOpen: (hotel: Hotel) => void }) {
  const t = useT();
  const { results, hotels } = useHotelResults(search);
  const count = results.data?.pages[0]?.count ?? 0;
  const scroller = useRef<HTMLDivElement>(null);
  // Back from a hotel finds the list where it was left; another search starts at its top.
  const box = `hotels ${JSON.stringify(search)}`;
  const { depth, keptScroll } = useNavigation();
  const virtualizer = useVirtualizer({ count: hotels.length, getScrollElement: () => scroller.current, estimateSize: () => 128, overscan: 6, initialOffset: () => keptScroll(depth, box) ?? 0 });
  useKeptScroll(scroller, box, hotels.length > 0);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    // Fetch the next page a few rows before the end so scrolling never hits a wall.
    if (lastIndex >= hotels.length - 5 && results.hasNextPage && !results.isFetchingNextPage) void results.fetchNextPage();
  }, [lastIndex, hotels.length, results]);

  if (results.isPending) return <LoadingBlock label={t('hotels.searching')} rows={4} height={112} />;
  if (results.isError) return <ErrorPanel error={(results.error as PosCallError).error} onRetry={() => void results.refetch()} />;
  if (hotels.length === 0)
    return (
      <EmptyState title={t('hotels.noneTitle')}>
        <p>{t('hotels.noneBody')}</p>
        <JournalMatches search={search.city.trim() || search.text.trim()} />
      </EmptyState>
    );

  return (
    <section className="results" aria-label={t('hotels.list')}>
      <p className="results-count" role="status">
        {t('hotels.count', { count })}
      </p>
      <div ref={scroller} className="results-scroller">
        <ul style={{ height: virtualizer.getTotalSize() }} className="results-list">
          {items.map((item) => {
            const hotel = hotels[item.index]!;
            return (
              <li key={hotel.id} data-index={item.index} ref={virtualizer.measureElement} className="results-row" style={{ transform: `translateY(${item.start}px)` }}>
                <HotelCard hotel={hotel} onOpen={() => onOpen(hotel)} />
              </li>
            );
          })}
        </ul>
        {results.isFetchingNextPage && <p className="muted results-more">{t('hotels.loadingMore')}</p>}
      </div>
    </section>
  );
}

function HotelCard({ hotel, onOpen }: { hotel: Hotel; onOpen: () => void }) {
  const { t, money } = useI18n();
  const image = hotel.images[0];
  return (
    <button type="button" className="hotel-card" onClick={onOpen}>
      {image ? <img className="hotel-thumb" src={image.url} alt="" /> : <div className="hotel-thumb" />}
      <span className="hotel-card-text">
        <span className="hotel-name">{hotel.name}</span>
        <span className="muted">{[hotel.city, hotel.state].filter(Boolean).join(', ')} · {propertyTypeText(t, hotel.propertyType)}</span>
        <span className="amenities">{hotel.amenities.slice(0, 5).map((amenity) => amenityText(t, amenity)).join(' · ')}</span>
      </span>
      {hotel.priceFromKobo !== null && (
        <span className="hotel-price" data-testid="hotel-price">
          {t('hotels.priceFrom', { price: money(hotel.priceFromKobo) })}
        </span>
      )}
    </button>
  );
}
