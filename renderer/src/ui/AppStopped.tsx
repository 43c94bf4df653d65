import { catalogues } from '@renderer/i18n/catalogues';
import { languages } from '@renderer/i18n/languages';

/**
 * The last resort, when what holds every screen (the top bar, the language, the till's connection)
 * broke while drawing. No translation machinery (it may be what broke): the catalogue of the
 * language the page was in (its lang attribute), English otherwise. Reloading the page loses
 * nothing: the till, not the page, keeps every sale.
 */
export function AppStopped() {
  const code = languages.find((language) => language.intl === document.documentElement.lang)?.code ?? 'en';
  const words = catalogues[code];
  return (
    <main className="screen">
      <div className="error-panel" role="alert">
        <h1>{words['broken.title']}</h1>
        <p>{words['stopped.body']}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {words['stopped.reload']}
        </button>
      </div>
    </main>
  );
}
