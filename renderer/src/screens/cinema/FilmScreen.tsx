import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Film, Showtime, TicketCategory } from '@shared/catalog/cinema';
import { addDays, lagosDate, monthOf, shortDateLabel } from '@shared/dates';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { useNavigation } from '@renderer/navigation';
import { newSaleId } from '@renderer/screens/checkout/order';
import { Chip } from '@ui/Chip';
import { ErrorPanel } from '@ui/ErrorPanel';
import { Money } from '@ui/Money';
import { EmptyState, LoadingBlock, QueryState } from '@ui/Status';
import { Stepper } from '@ui/Stepper';
import { plural } from '@ui/plural';

/** Most a single sale may take of one category: a queue moves faster than a group booking. */
const maxPerCategory = 10;

export function FilmScreen({ filmId }: { filmId: string }) {
  const film = usePosQuery('cinema:film', { filmId });
  return (
    <div className="screen">
      <QueryState query={film} loading={<LoadingBlock label="Loading the film" rows={1} height={240} />}>
        {(data) => <FilmDetails film={data} />}
      </QueryState>
    </div>
  );
}

function FilmDetails({ film }: { film: Film }) {
  const [locationId, setLocationId] = useState<number | null>(film.locations.length === 1 ? film.locations[0]!.id : null);
  const facts = [film.rating, film.durationMinutes ? `${film.durationMinutes} min` : null, film.genre].filter(Boolean).join(' · ');
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
        <h2 id="where">Cinema</h2>
        {film.locations.length === 0 ? (
          <p>This film is not showing at any cinema right now.</p>
        ) : (
          <div className="chips">
            {film.locations.map((location) => (
              <Chip key={location.id} selected={location.id === locationId} onClick={() => setLocationId(location.id)}>
                {location.name}
                {location.city ? <span className="chip-note">{location.city}</span> : null}
              </Chip>
            ))}
          </div>
        )}
      </section>
      {locationId !== null && <Schedule key={locationId} film={film} locationId={locationId} />}
    </>
  );
}

function Schedule({ film, locationId }: { film: Film; locationId: number }) {
  const pos = usePos();
  const filmId = film.id;
  const today = lagosDate(new Date());
  const months = [monthOf(today), monthOf(addDays(today, 31))];
  // This month and next: enough to sell today's and next weekend's shows at a glance.
  const dateQueries = useQueries({
    queries: months.map((month) => ({
      queryKey: ['cinema:dates', { filmId, locationId, month }],
      queryFn: async () => unwrap(await pos['cinema:dates']({ filmId, locationId, month })),
    })),
  });
  const dates = useMemo(
    () => [...new Set(dateQueries.flatMap((q) => q.data?.dates ?? []))].filter((d) => d >= today).sort().slice(0, 14),
    [dateQueries, today],
  );
  const [date, setDate] = useState<string | null>(null);
  const [showtimeId, setShowtimeId] = useState<number | null>(null);
  useEffect(() => {
    if (date === null && dates.length > 0) setDate(dates[0]!);
  }, [date, dates]);

  const failed = dateQueries.find((q) => q.isError);
  if (failed) return <ErrorPanel error={(failed.error as PosCallError).error} onRetry={() => dateQueries.forEach((q) => void q.refetch())} />;
  if (dateQueries.some((q) => q.isPending)) return <LoadingBlock label="Loading show dates" rows={1} height={56} />;
  if (dates.length === 0) return <EmptyState title="No upcoming shows">Try another cinema.</EmptyState>;

  return (
    <>
      <section aria-labelledby="when">
        <h2 id="when">Date</h2>
        <div className="chips chips-scroll">
          {dates.map((d) => (
            <Chip key={d} selected={d === date} onClick={() => (setDate(d), setShowtimeId(null))}>
              {d === today ? 'Today' : shortDateLabel(d)}
            </Chip>
          ))}
        </div>
      </section>
      {date && <Showtimes filmId={filmId} locationId={locationId} date={date} selected={showtimeId} onSelect={setShowtimeId} />}
      {date && showtimeId !== null && <Tickets film={film} locationId={locationId} date={date} showtimeId={showtimeId} />}
    </>
  );
}

function Showtimes({ filmId, locationId, date, selected, onSelect }: { filmId: string; locationId: number; date: string; selected: number | null; onSelect: (id: number) => void }) {
  const showtimes = usePosQuery('cinema:showtimes', { filmId, locationId, date }, { staleTime: 60_000 });
  return (
    <section aria-labelledby="showtime">
      <h2 id="showtime">Showtime</h2>
      <QueryState query={showtimes} loading={<LoadingBlock label="Loading showtimes" rows={1} height={56} />}>
        {({ showtimes: list }) =>
          list.length === 0 ? (
            <p>No shows on this date. Pick another date.</p>
          ) : (
            <div className="chips">
              {list.map((showtime) => (
                <Chip key={showtime.id} selected={showtime.id === selected} onClick={() => onSelect(showtime.id)}>
                  {showtime.start}
                  <span className="chip-note">ends {showtime.end}</span>
                </Chip>
              ))}
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

function Tickets({ film, locationId, date, showtimeId }: { film: Film; locationId: number; date: string; showtimeId: number }) {
  const pos = usePos();
  const { go } = useNavigation();
  const tickets = usePosQuery('cinema:tickets', { filmId: film.id, locationId }, { staleTime: 0 });
  const showtime = useQueryClient().getQueryData<{ showtimes: Showtime[] }>(['cinema:showtimes', { filmId: film.id, locationId, date }])?.showtimes.find((s) => s.id === showtimeId);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const hold = useMutation({
    mutationFn: async () => {
      const selection = { filmId: film.id, locationId, date, showtimeId, tickets: Object.entries(counts).filter(([, n]) => n > 0).map(([categoryId, count]) => ({ categoryId, count })) };
      return { selection, hold: unwrap(await pos['sale:hold'](selection)) };
    },
    onSuccess: ({ selection, hold: held }) => {
      const location = film.locations.find((l) => l.id === locationId)?.name ?? '';
      go({ name: 'checkout', order: { kind: 'cinema', saleId: newSaleId(), selection, hold: held, title: film.title, subtitle: `${location} · ${shortDateLabel(date)}, ${showtime?.start ?? ''}` } });
    },
    // Someone else may have taken the seats: show the fresh counts.
    onError: () => void tickets.refetch(),
  });
  return (
    <section aria-labelledby="tickets">
      <h2 id="tickets">Tickets</h2>
      <QueryState query={tickets} loading={<LoadingBlock label="Loading ticket prices" rows={2} />}>
        {({ categories }) => {
          const total = categories.reduce((sum, c) => sum + c.priceKobo * (counts[c.id] ?? 0), 0);
          const count = Object.values(counts).reduce((a, b) => a + b, 0);
          return (
            <>
              <ul className="ticket-list">
                {categories.map((category) => (
                  <TicketRow key={category.id} category={category} count={counts[category.id] ?? 0} onChange={(n) => setCounts({ ...counts, [category.id]: n })} />
                ))}
              </ul>
              <div className="action-bar">
                <span className="action-total">
                  {plural(count, 'ticket')} · <Money kobo={total} />
                </span>
                {hold.error instanceof PosCallError && (
                  <p className="field-error" role="alert">
                    {hold.error.error.message}
                  </p>
                )}
                <button type="button" className="button button-primary button-large" disabled={count === 0 || hold.isPending} onClick={() => hold.mutate()}>
                  {hold.isPending ? 'Holding seats…' : 'Checkout'}
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
  const [open, setOpen] = useState(false);
  const max = Math.min(category.slotsRemaining, maxPerCategory);
  return (
    <li className={`ticket-row${category.soldOut ? ' ticket-sold-out' : ''}`}>
      <div className="ticket-main">
        <span className="ticket-title">{category.title}</span>
        <Money kobo={category.priceKobo} className="ticket-price" />
        <span className="muted">{category.soldOut ? 'Sold out' : `${category.slotsRemaining} left`}</span>
        <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide price breakdown' : 'Price breakdown'}
        </button>
      </div>
      {category.soldOut ? <span className="sold-out-label">Sold out</span> : <Stepper label={category.title} value={count} max={max} onChange={onChange} />}
      {open && (
        <dl className="breakdown">
          <dt>Ticket</dt>
          <dd><Money kobo={category.breakdown.ticketKobo} /></dd>
          <dt>Convenience fee</dt>
          <dd><Money kobo={category.breakdown.convenienceFeeKobo} /></dd>
          <dt>Merchant commission</dt>
          <dd><Money kobo={category.breakdown.merchantCommissionKobo} /></dd>
        </dl>
      )}
    </li>
  );
}
