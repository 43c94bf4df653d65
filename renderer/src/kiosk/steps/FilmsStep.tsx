import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { useT } from '@renderer/i18n/I18nProvider';
import { LoadingBlock, QueryState } from '@ui/Status';
import { CustomerError } from '../CustomerError';
import { KioskFrame } from '../KioskFrame';
import styles from '../Kiosk.module.css';

/** Step 1 of a cinema sale: the posters; one touch opens the film's times. */
export function FilmsStep() {
  const t = useT();
  const { go } = useNavigation();
  const films = usePosQuery('cinema:films', { perPage: 60 });
  return (
    <KioskFrame title={t('kiosk.films.title')}>
      <QueryState query={films} loading={<LoadingBlock label={t('films.loading')} rows={2} height={360} />} failed={(error, retry) => <CustomerError error={error} onRetry={retry} />}>
        {({ films: list }) => (
          <ul className={styles.grid} aria-label={t('films.list')}>
            {list.map((film) => (
              <li key={film.id}>
                <button type="button" className={styles.card} onClick={() => go({ name: 'k-show', filmId: film.id })}>
                  {film.posterUrl ? <img className={styles.poster} src={film.posterUrl} alt="" /> : <span className={styles.poster} />}
                  <span className={styles.cardText}>
                    <span className={styles.cardTitle}>{film.title}</span>
                    <span className={styles.muted}>{[film.rating, film.durationMinutes ? t('films.minutes', { minutes: film.durationMinutes }) : null, film.genre].filter(Boolean).join(' · ')}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </KioskFrame>
  );
}
