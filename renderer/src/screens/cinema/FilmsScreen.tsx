import { useT } from '@renderer/i18n/I18nProvider';
import { useState } from 'react';
import type { Film } from '@shared/catalog/cinema';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { Chip } from '@ui/Chip';
import { EmptyState, LoadingBlock, QueryState } from '@ui/Status';
import { JournalMatches } from '../JournalMatches';

export function FilmsScreen() {
  const t = useT();
  const { go } = useNavigation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState<string | undefined>();
  const [featured, setFeatured] = useState(false);
  const films = usePosQuery('cinema:films', { search, featured: featured || undefined, perPage: 60 });

  return (
    <div className="screen">
      <h1>{t('films.title')}</h1>
      <form
        className="search-bar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(draft.trim() || undefined);
        }}
      >
        <label className="field field-grow">
          <span>{t('films.searchLabel')}</span>
          {/* Type to search: the cursor is here when the screen opens; Enter searches. */}
          <input type="search" autoFocus aria-keyshortcuts="Enter" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder={t('films.searchPlaceholder')} />
        </label>
        <button type="submit" className="button button-primary">
          {t('common.search')}
        </button>
        <Chip selected={featured} onClick={() => setFeatured(!featured)}>
          {t('films.featuredOnly')}
        </Chip>
      </form>
      <QueryState query={films} loading={<LoadingBlock label={t('films.loading')} rows={2} height={260} />}>
        {(page) =>
          page.films.length === 0 ? (
            <EmptyState title={t('films.noneTitle')}>
              <p>{search ? t('films.noneMatch', { search }) : t('films.noneShowing')}</p>
              {search && <JournalMatches search={search} />}
              {search && (
                <button type="button" className="button button-primary" onClick={() => (setDraft(''), setSearch(undefined))}>
                  {t('films.showAll')}
                </button>
              )}
            </EmptyState>
          ) : (
            <ul className="film-grid" aria-label={t('films.list')}>
              {page.films.map((film) => (
                <li key={film.id}>
                  <FilmCard film={film} onOpen={() => go({ name: 'film', filmId: film.id })} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function FilmCard({ film, onOpen }: { film: Film; onOpen: () => void }) {
  const t = useT();
  const facts = [film.rating, film.durationMinutes ? t('films.minutes', { minutes: film.durationMinutes }) : null, film.genre].filter(Boolean).join(' · ');
  return (
    <button type="button" className="film-card" onClick={onOpen}>
      {film.posterUrl ? <img className="poster" src={film.posterUrl} alt="" /> : <div className="poster poster-empty" />}
      <span className="film-card-text">
        <span className="film-title">{film.title}</span>
        {facts && <span className="muted">{facts}</span>}
        {film.featured && <span className="badge">{t('films.featured')}</span>}
      </span>
    </button>
  );
}
