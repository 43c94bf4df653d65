import { useT } from '@renderer/i18n/I18nProvider';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { Button } from '@ui/Button';

/**
 * A search that looks like a code (six or more characters, no spaces, a digit among them): a
 * receipt's reference, a booking number or a phone number, typed or scanned, not a title or a city.
 */
const looksLikeCode = (text: string) => /^\S{6,}$/.test(text) && /\d/.test(text);

/**
 * Beside "nothing matches" on the film and hotel searches: a code that finds nothing there but is
 * in the journal (a receipt scanned while the search field had the cursor, as it does when those
 * screens open) says so, with the way to the sales it names. Says nothing otherwise.
 */
export function JournalMatches({ search }: { search: string }) {
  const t = useT();
  const { go } = useNavigation();
  const code = search.trim();
  const asked = looksLikeCode(code);
  const sales = usePosQuery('sale:search', { text: code, limit: 20 }, { enabled: asked });
  const count = sales.data?.sales.length ?? 0;
  if (!asked || count === 0) return null;
  return (
    <div className="journal-matches" role="status">
      <p>{t('search.inJournal', { search: code, count })}</p>
      <Button variant="primary" onClick={() => go({ name: 'staff', section: 'journal', search: code })}>
        {t('search.openJournal')}
      </Button>
    </div>
  );
}
