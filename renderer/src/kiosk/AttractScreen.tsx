import type { AppInfo } from '@shared/app';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { useLanguage, useT } from '@renderer/i18n/I18nProvider';
import { languages } from '@renderer/i18n/languages';
import { newHotelSearch } from '@renderer/screens/hotels/hotel-search';
import { BedIcon, FilmIcon } from '@ui/icons';
import { TerminalProblem } from '@renderer/screens/checkout/TerminalProblem';
import { Banner } from '@ui/Banner';
import styles from './AttractScreen.module.css';

/**
 * The kiosk's resting screen, made to sell from across the lobby: the language, the two things this
 * kiosk sells (above the fold), what is showing (posters from the catalogue, one touch to its
 * times). With no open shift it says the kiosk is not selling and offers nothing to start.
 */
export function AttractScreen({ info }: { info: AppInfo }) {
  const t = useT();
  const { go } = useNavigation();
  const { language, setLanguage } = useLanguage();
  const films = usePosQuery('cinema:films', { perPage: 12 }, { staleTime: 5 * 60_000 });
  const showing = (films.data?.films ?? []).filter((film) => film.posterUrl).slice(0, 6);
  // No open shift: nothing can be sold, so say it here rather than at the third step, and invite nobody in.
  const staff = usePosQuery('staff:status', {}, { staleTime: 0, refetchInterval: 30_000 });
  // Not known yet (the kiosk just started): neither invite nor turn away, so nobody starts a sale
  // that the next moment says cannot be made. A failed answer invites in: each step says why it fails.
  const selling = staff.isPending ? null : staff.data?.shiftOpen !== false;
  const restart = usePosQuery('kiosk:restart-notice', {}, { staleTime: 0, refetchInterval: 30_000 });
  return (
    <div className={styles.attract}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('kiosk.welcome')}</h1>
          <p className={styles.tagline}>{t('kiosk.tagline')}</p>
        </div>
      </header>
      {/* A kiosk that cannot take cards says so before anyone chooses anything. */}
      <TerminalProblem />
      {/* Restarted while someone was paying: that customer, back at Welcome, is told what becomes of the money. */}
      {restart.data?.restartedAt && (
        <Banner tone="warn" testId="kiosk-restart-notice">
          {t('kiosk.restarted')}
        </Banner>
      )}
      <nav className={styles.languages} aria-label={t('kiosk.chooseLanguage')}>
        {languages.map((l) => (
          <button key={l.code} type="button" lang={l.intl} className={styles.language} aria-pressed={l.code === language} onClick={() => setLanguage(l.code)}>
            {l.name}
          </button>
        ))}
      </nav>
      {/* The two things sold here come first: in view without scrolling, whatever the screen's shape. */}
      {selling === null ? null : selling ? (
        <nav className={styles.tiles} aria-label={t('kiosk.choose')}>
          <button type="button" className={`${styles.tile} ${styles.cinema}`} onClick={() => go({ name: 'k-films' })}>
            <FilmIcon size={88} />
            <span className={styles.tileTitle}>{t('kiosk.cinemaTile')}</span>
            <span className={styles.tileSub}>{t('kiosk.cinemaTileSub')}</span>
          </button>
          <button type="button" className={`${styles.tile} ${styles.hotels}`} onClick={() => go({ name: 'k-where', search: newHotelSearch() })}>
            <BedIcon size={88} />
            <span className={styles.tileTitle}>{t('kiosk.hotelTile')}</span>
            <span className={styles.tileSub}>{t('kiosk.hotelTileSub')}</span>
          </button>
        </nav>
      ) : (
        <p className={styles.notSelling} role="status" data-testid="kiosk-not-selling">
          {t('kiosk.notSelling')}
        </p>
      )}
      {selling && showing.length > 0 && (
        <section className={styles.showing} aria-labelledby="showing-title">
          <h2 id="showing-title" className={styles.sectionTitle}>
            {t('kiosk.showing')}
          </h2>
          <ul className={styles.posters}>
            {showing.map((film) => (
              <li key={film.id}>
                <button type="button" className={styles.posterButton} onClick={() => go({ name: 'k-show', filmId: film.id })}>
                  <img className={styles.poster} src={film.posterUrl!} alt="" />
                  <span className={styles.posterTitle}>{film.title}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <footer className={styles.foot}>
        <p>
          {t('kiosk.payNote')}
          {info.trainingMode && <strong> {t('kiosk.training')}</strong>}
        </p>
        <button type="button" className={styles.staff} onClick={() => go({ name: 'staff' })}>
          {t('common.staff')}
        </button>
      </footer>
    </div>
  );
}
