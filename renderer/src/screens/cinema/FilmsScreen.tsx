import { useState } from 'react';
import type { Film } from '@shared/catalog/cinema';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { Chip } from '@ui/Chip';
import { EmptyState, LoadingBlock, QueryState } from '@ui/Status';

export function FilmsScreen() {
  const { go } = useNavigation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState<string | undefined>();
  const [featured, setFeatured] = useState(false);
  const films = usePosQuery('cinema:films', { search, featured: featured || undefined, perPage: 60 });

  return (
    <div className="screen">
      <h1>Now showing</h1>
      <form
        className="search-bar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(draft.trim() || undefined);
        }}
      >
        <label className="field field-grow">
          <span>Film title, city or state</span>
          <input type="search" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="e.g. Lagos, or a film title" />
        </label>
        <button type="submit" className="button button-primary">
          Search
        </button>
        <Chip selected={featured} onClick={() => setFeatured(!featured)}>
          Featured only
        </Chip>
      </form>
      <QueryState query={films} loading={<LoadingBlock label="Loading films" rows={2} height={260} />}>
        {(page) =>
          page.films.length === 0 ? (
            <EmptyState title="No films found">
              <p>{search ? `Nothing matches “${search}”. Try another title, city or state.` : 'No films are showing right now.'}</p>
              {search && (
                <button type="button" className="button button-primary" onClick={() => (setDraft(''), setSearch(undefined))}>
                  Show all films
                </button>
              )}
            </EmptyState>
          ) : (
            <ul className="film-grid" aria-label="Films">
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
  const facts = [film.rating, film.durationMinutes ? `${film.durationMinutes} min` : null, film.genre].filter(Boolean).join(' · ');
  return (
    <button type="button" className="film-card" onClick={onOpen}>
      {film.posterUrl ? <img className="poster" src={film.posterUrl} alt="" /> : <div className="poster poster-empty" />}
      <span className="film-card-text">
        <span className="film-title">{film.title}</span>
        {facts && <span className="muted">{facts}</span>}
        {film.featured && <span className="badge">Featured</span>}
      </span>
    </button>
  );
}
