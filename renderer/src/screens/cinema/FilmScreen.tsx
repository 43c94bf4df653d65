import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Film, Showtime, TicketCategory } from '@shared/catalog/cinema';
import { addDays, lagosDate } from '@shared/dates';
import { useT, useErrorText, useLanguage } from '@renderer/i18n/I18nProvider';
import { formatDate, formatDay, formatShowtime } from '@renderer/i18n/format';
import { useShortcuts } from '@ui/shortcuts';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { useNavigation } from '@renderer/navigation';
import { newSaleId } from '@renderer/screens/checkout/order';
import { seatsReleased } from '@renderer/screens/checkout/release-holds';
import { useShowDates } from './use-show-dates';
import { Chip } from '@ui/Chip';
import { ErrorPanel } from '@ui/ErrorPanel';
import { Money } from '@ui/Money';
import { EmptyState, LoadingBlock, QueryState } from '@ui/Status';
import { Stepper } from '@ui/Stepper';

/** Most a single sale may take of one category: a queue moves faster than a group booking. */
const maxPerCategory = 10;

/**
 * What the cashier chose on this screen before going to checkout: Back from checkout brings the
 * screen back with it chosen again, so "make it 3 tickets" is one change, not four choices. The
 * seats are not kept: leaving checkout gave them back, and Checkout holds the tickets afresh.
 */
export interface FilmChoice {
  locationId: number;
  date: string;
  showtimeId: number;
  counts: Record<string, number>;
}

export function FilmScreen({ filmId, choice }: { filmId: string; choice?: FilmChoice }) {
  const t = useT();
  const film = usePosQuery('cinema:film', { filmId });
  return (
    <div className="screen">
      <QueryState query={film} loading={<LoadingBlock label={t('film.loading')} rows={1} height={240} />}>
        {(data) => <FilmDetails film={data} choice={choice} />}
      </QueryState>
    </div>
  );
}

function FilmDetails({ film, choice }: { film: Film; choice?: FilmChoice }) {
  const t = useT();
  const { lastCinema, keepCinema } = useNavigation();
  const chosen = choice && film.locations.some((l) => l.id === choice.locationId) ? choice : undefined;
  const shows = (id: number | undefined) => (id !== undefined && film.locations.some((l) => l.id === id) ? id : undefined);
  const [locationId, setLocationId] = useState<number | null>(chosen?.locationId ?? (film.locations.length === 1 ? film.locations[0]!.id : shows(lastCinema()) ?? null));
  const chooseCinema = (id: number) => {
    setLocationId(id);
    keepCinema(id);
  };
  const facts = [film.rating, film.durationMinutes ? t('films.minutes', { minutes: film.durationMinutes }) : null, film.genre].filter(Boolean).join(' · ');
  return (
    <>
      <header className="film-header">
        {film.posterUrl ? <img className="poster poster-large" src={film.posterUrl} alt="" /> : null}
        <div>
          <h1>{film.title}</h1>
          {facts && <p className="muted">{facts}</p>}
          {film.description && <p className="film-description">{film.description}</p>}
        </div>
      </header>
      <section aria-labelledby="where">
        <h2 id="where">{t('film.cinema')}</h2>
        {film.locations.length === 0 ? (
          <p>{t('film.notShowing')}</p>
        ) : (
          <div className="chips">
            {film.locations.map((location) => (
              <Chip key={location.id} selected={location.id === locationId} onClick={() => chooseCinema(location.id)}>
                {location.name}
                {location.city ? <span className="chip-note">{location.city}</span> : null}
              </Chip>
            ))}
          </div>
        )}
      </section>
      {locationId !== null && <Schedule key={locationId} film={film} locationId={locationId} choice={chosen?.locationId === locationId ? chosen : undefined} />}
    </>
  );
}

function Schedule({ film, locationId, choice }: { film: Film; locationId: number; choice?: FilmChoice }) {
  const t = useT();
  const filmId = film.id;
  const today = lagosDate(new Date());
  const { dates, date, choose, error: datesError, pending: datesPending, retry: retryDates } = useShowDates(filmId, [locationId], { limit: 14, initialDate: choice?.date });
  const [showtimeId, setShowtimeId] = useState<number | null>(choice?.showtimeId ?? null);

  if (datesError) return <ErrorPanel error={datesError} onRetry={retryDates} />;
  if (datesPending) return <LoadingBlock label={t('film.loadingDates')} rows={1} height={56} />;
  if (dates.length === 0) return <EmptyState title={t('film.noShowsTitle')}>{t('film.noShowsBody')}</EmptyState>;

  return (
    <>
      <section aria-labelledby="when">
        <h2 id="when">{t('film.date')}</h2>
        <div className="chips chips-scroll">
          {dates.map((d) => (
            <Chip key={d} selected={d === date} onClick={() => (choose(d), setShowtimeId(null))}>
              {formatDay(t, d, today, addDays(today, 1))}
            </Chip>
          ))}
        </div>
      </section>
      {date && <Showtimes filmId={filmId} locationId={locationId} date={date} selected={showtimeId} onSelect={setShowtimeId} />}
      {date && showtimeId !== null && (
        <Tickets film={film} locationId={locationId} date={date} showtimeId={showtimeId} initialCounts={choice?.date === date && choice.showtimeId === showtimeId ? choice.counts : undefined} />
      )}
    </>
  );
}

function Showtimes({ filmId, locationId, date, selected, onSelect }: { filmId: string; locationId: number; date: string; selected: number | null; onSelect: (id: number) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const showtimes = usePosQuery('cinema:showtimes', { filmId, locationId, date }, { staleTime: 60_000 });
  return (
    <section aria-labelledby="showtime">
      <h2 id="showtime">{t('film.showtime')}</h2>
      <QueryState query={showtimes} loading={<LoadingBlock label={t('film.loadingShowtimes')} rows={1} height={56} />}>
        {({ showtimes: list }) =>
          list.length === 0 ? (
            <p>{t('film.noShowtimes')}</p>
          ) : (
            <div className="chips">
              {list.map((showtime) => (
                <Chip key={showtime.id} selected={showtime.id === selected} onClick={() => onSelect(showtime.id)}>
                  {formatShowtime(showtime.start, language)}
                  <span className="chip-note">{t('film.ends', { time: formatShowtime(showtime.end, language) })}</span>
                </Chip>
              ))}
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

function Tickets({ film, locationId, date, showtimeId, initialCounts }: { film: Film; locationId: number; date: string; showtimeId: number; initialCounts?: Record<string, number> }) {
  const t = useT();
  const { language } = useLanguage();
  const say = useErrorText();
  const pos = usePos();
  const { go, replace } = useNavigation();
  const tickets = usePosQuery('cinema:tickets', { filmId: film.id, locationId }, { staleTime: 0 });
  const showtime = useQueryClient().getQueryData<{ showtimes: Showtime[] }>(['cinema:showtimes', { filmId: film.id, locationId, date }])?.showtimes.find((s) => s.id === showtimeId);
  const [counts, setCounts] = useState<Record<string, number>>(initialCounts ?? {});
  const hold = useMutation({
    mutationFn: async () => {
      const selection = { filmId: film.id, locationId, date, showtimeId, tickets: Object.entries(counts).filter(([, n]) => n > 0).map(([categoryId, count]) => ({ categoryId, count })) };
      // Back from checkout gave its seats back: that release is answered before these are held.
      await seatsReleased();
      return { selection, hold: unwrap(await pos['sale:hold'](selection)) };
    },
    onSuccess: ({ selection, hold: held }) => {
      const location = film.locations.find((l) => l.id === locationId)?.name ?? '';
      // This screen, as chosen, is what Back from checkout returns to.
      replace({ name: 'film', filmId: film.id, choice: { locationId, date, showtimeId, counts } });
      go({ name: 'checkout', order: { kind: 'cinema', saleId: newSaleId(), selection, hold: held, title: film.title, subtitle: `${location} · ${formatDate(t, date)}, ${showtime ? formatShowtime(showtime.start, language) : ''}`, place: location, start: showtime?.start } });
    },
    // Someone else may have taken the seats: show the fresh counts.
    onError: () => void tickets.refetch(),
  });
  // Back from checkout: the seats it held are being given back; once they are, the counts left
  // are asked again, so they include them.
  const { refetch } = tickets;
  const cameBack = initialCounts !== undefined;
  useEffect(() => {
    if (cameBack) void seatsReleased().then(() => refetch());
  }, [cameBack, refetch]);
  // Focus moves here once a showtime is chosen, so number keys and Enter act on the tickets.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // Once the prices are in, the whole list and its Checkout bar are brought into view: on a
  // 1366×768 screen the pinned bar otherwise sat over the first ticket type and its − and +.
  const section = useRef<HTMLElement>(null);
  const loaded = tickets.data !== undefined;
  useEffect(() => {
    if (loaded) section.current?.scrollIntoView({ block: 'nearest' });
  }, [loaded]);
  const first = tickets.data?.categories.find((c) => !c.soldOut);
  const count = Object.values(counts).reduce((a, b) => a + b, 0);
  // Number keys: how many of the first ticket type; Enter: on to checkout.
  useShortcuts({
    ...Object.fromEntries(
      Array.from({ length: 10 }, (_, n) => [String(n), first ? () => setCounts({ ...counts, [first.id]: Math.min(n, first.slotsRemaining, maxPerCategory) }) : undefined]),
    ),
    Enter: count > 0 && !hold.isPending ? () => hold.mutate() : undefined,
  });
  return (
    <section aria-labelledby="tickets" ref={section}>
      <h2 id="tickets" tabIndex={-1} ref={heading}>
        {t('film.tickets')}
      </h2>
      <QueryState query={tickets} loading={<LoadingBlock label={t('film.loadingPrices')} rows={2} />}>
        {({ categories }) => {
          const total = categories.reduce((sum, c) => sum + c.priceKobo * (counts[c.id] ?? 0), 0);
          return (
            <>
              <ul className="ticket-list">
                {categories.map((category) => (
                  <TicketRow key={category.id} category={category} count={counts[category.id] ?? 0} onChange={(n) => setCounts({ ...counts, [category.id]: n })} />
                ))}
              </ul>
              <div className="action-bar">
                <span className="action-total">
                  {t('film.ticketCount', { count })} · <Money kobo={total} />
                </span>
                {hold.error instanceof PosCallError && (
                  <p className="field-error" role="alert">
                    {say(hold.error.error)}
                  </p>
                )}
                <button type="button" className="button button-primary button-large" disabled={count === 0 || hold.isPending} onClick={() => hold.mutate()}>
                  {hold.isPending ? t('film.holding') : t('film.checkout')}
                </button>
              </div>
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function TicketRow({ category, count, onChange }: { category: TicketCategory; count: number; onChange: (count: number) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const max = Math.min(category.slotsRemaining, maxPerCategory);
  return (
    <li className={`ticket-row${category.soldOut ? ' ticket-sold-out' : ''}`}>
      <div className="ticket-main">
        <span className="ticket-title">{category.title}</span>
        <Money kobo={category.priceKobo} className="ticket-price" />
        <span className="muted">{category.soldOut ? t('film.soldOut') : t('film.left', { count: category.slotsRemaining })}</span>
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('film.hideBreakdown') : t('film.breakdown')}
        </button>
      </div>
      {category.soldOut ? <span className="sold-out-label">{t('film.soldOut')}</span> : <Stepper label={category.title} value={count} max={max} onChange={onChange} />}
      {open && (
        <dl className="breakdown">
          <dt>{t('film.breakdownTicket')}</dt>
          <dd><Money kobo={category.breakdown.ticketKobo} /></dd>
          <dt>{t('film.fee')}</dt>
          <dd><Money kobo={category.breakdown.convenienceFeeKobo} /></dd>
          <dt>{t('film.commission')}</dt>
          <dd><Money kobo={category.breakdown.merchantCommissionKobo} /></dd>
        </dl>
      )}
    </li>
  );
}
