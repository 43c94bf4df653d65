import type { Film } from '@shared/catalog/cinema';
import { addDays, lagosDate } from '@shared/dates';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { formatDay, formatShowtime } from '@renderer/i18n/format';
import { useShowDates } from '@renderer/screens/cinema/use-show-dates';
import { useT, useLanguage } from '@renderer/i18n/I18nProvider';
import { Chip, Chips } from '@ui/Chip';
import { LoadingBlock, QueryState } from '@ui/Status';
import { CustomerError } from '../CustomerError';
import { KioskFrame } from '../KioskFrame';
import styles from '../Kiosk.module.css';

/** Step 2: when and where, as one choice: today's times at every cinema showing the film. */
export function ShowStep({ filmId }: { filmId: string }) {
  const t = useT();
  const film = usePosQuery('cinema:film', { filmId });
  return (
    <KioskFrame title={t('kiosk.show.title')} lead={film.data?.title}>
      <QueryState query={film} loading={<LoadingBlock label={t('film.loading')} rows={1} height={240} />} failed={(error, retry) => <CustomerError error={error} onRetry={retry} />}>
        {(data) => <Times film={data} />}
      </QueryState>
    </KioskFrame>
  );
}

function Times({ film }: { film: Film }) {
  const t = useT();
  const today = lagosDate(new Date());
  const tomorrow = addDays(today, 1);
  const { dates, date, choose, error: datesError, pending: datesPending, retry: retryDates } = useShowDates(
    film.id,
    film.locations.map((location) => location.id),
    { limit: 7, staleTimeMs: 60_000 },
  );

  if (datesError) return <CustomerError error={datesError} onRetry={retryDates} />;
  if (datesPending) return <LoadingBlock label={t('film.loadingDates')} rows={2} height={88} />;
  if (dates.length === 0 || !date) return <p className={styles.lead}>{t('kiosk.show.none')}</p>;
  return (
    <>
      <section className={styles.section} aria-labelledby="k-days">
        <h2 id="k-days" className={styles.sectionTitle}>
          {t('kiosk.show.days')}
        </h2>
        <Chips scroll>
          {dates.map((d) => (
            <Chip key={d} selected={d === date} onClick={() => choose(d)}>
              {formatDay(t, d, today, tomorrow)}
            </Chip>
          ))}
        </Chips>
      </section>
      {film.locations.map((location) => (
        <LocationTimes key={`${location.id}-${date}`} film={film} locationId={location.id} name={location.name} city={location.city ?? null} date={date} />
      ))}
    </>
  );
}

function LocationTimes({ film, locationId, name, city, date }: { film: Film; locationId: number; name: string; city: string | null; date: string }) {
  const t = useT();
  const { language } = useLanguage();
  const { go } = useNavigation();
  const showtimes = usePosQuery('cinema:showtimes', { filmId: film.id, locationId, date }, { staleTime: 60_000 });
  const list = showtimes.data?.showtimes ?? [];
  if (showtimes.isSuccess && list.length === 0) return null;
  return (
    <section className={styles.section} aria-label={name}>
      <h2 className={styles.sectionTitle}>
        {name}
        {city ? <span className={styles.muted}> · {city}</span> : null}
      </h2>
      <QueryState query={showtimes} loading={<LoadingBlock label={t('film.loadingShowtimes')} rows={1} height={88} />} failed={(error, retry) => <CustomerError error={error} onRetry={retry} />}>
        {() => (
          <div className={styles.times}>
            {list.map((showtime) => (
              <button
                key={showtime.id}
                type="button"
                className={styles.time}
                onClick={() => go({ name: 'k-tickets', film, locationId, date, showtimeId: showtime.id, place: name, start: showtime.start })}
              >
                {formatShowtime(showtime.start, language)}
              </button>
            ))}
          </div>
        )}
      </QueryState>
    </section>
  );
}
