import { useT } from '@renderer/i18n/I18nProvider';
import type { AppInfo } from '@shared/app';
import { useNavigation } from '@renderer/navigation';
import { hotelSearchAt } from './hotels/hotel-search';
import { StatusStrip } from '@ui/StatusStrip';
import { usePosQuery } from '@renderer/pos/queries';
import { ReadyBanner } from '@ui/ReadyBanner';
import { RestartNotice } from './staff/RestartNotice';
import { SaleRow } from './staff/SaleRow';
import { BedIcon, FilmIcon } from '@ui/icons';

const tiles = {
  cinema: { title: 'home.cinema', subtitle: 'home.cinemaSub', Icon: FilmIcon, key: 'F2' },
  hotels: { title: 'home.hotels', subtitle: 'home.hotelsSub', Icon: BedIcon, key: 'F3' },
} as const;

export function HomeScreen({ info }: { info: AppInfo }) {
  const t = useT();
  const { go, lastHotelPlace } = useNavigation();
  const open = (key: keyof typeof tiles) => go(key === 'cinema' ? { name: 'films' } : { name: 'hotels', search: hotelSearchAt(lastHotelPlace()) });
  // Receipts under Staff -> Printer's "Did not print" (none copied since): for signed-in staff only (the channel's access rule).
  const staff = usePosQuery('staff:status', {}, { staleTime: 0 });
  const failed = usePosQuery('print:jobs', { state: 'failed', limit: 20 }, { staleTime: 0, refetchInterval: 15_000, enabled: Boolean(staff.data?.signedIn) });
  const waiting = staff.data?.signedIn ? (failed.data?.jobs.filter((job) => job.supersededBy === null).length ?? 0) : 0;
  // A front desk sells rooms first; everyone else starts with the cinema.
  const order: (keyof typeof tiles)[] = info.profile === 'front-desk' ? ['hotels', 'cinema'] : ['cinema', 'hotels'];
  return (
    <div className="home">
      <ReadyBanner />
      <RestartNotice />
      <h1 className="home-title">{t('home.title')}</h1>
      <nav className="tiles" aria-label={t('home.sell')}>
        {order.map((key) => {
          const { title, subtitle, Icon, key: shortcut } = tiles[key];
          return (
            <button key={key} type="button" className={`tile tile-${key}`} onClick={() => open(key)} aria-keyshortcuts={shortcut}>
              <span className="tile-icon">
                <Icon size={72} />
              </span>
              <span className="tile-title">{t(title)}</span>
              <span className="tile-subtitle">{t(subtitle)}</span>
            </button>
          );
        })}
      </nav>
      {staff.data?.signedIn && <LastSale />}
      <StatusStrip health={info.health} printerWaiting={{ count: waiting, open: () => go({ name: 'staff', section: 'printer' }) }} />
      <p className="version muted">{t('home.keys')}</p>
      <p className="version muted">{t('app.version', { name: info.name, version: info.version })}</p>
    </div>
  );
}

/**
 * The till's newest sale, for signed-in staff: the customer back at the counter because the
 * receipt did not come out (a copy), or who wants it changed (a refund), is one tap away, not a
 * search in the journal.
 */
function LastSale() {
  const t = useT();
  const last = usePosQuery('sale:search', { limit: 1 }, { staleTime: 0 });
  const sale = last.data?.sales[0];
  if (!sale) return null;
  return (
    <section className="home-last-sale" aria-labelledby="home-last-sale">
      <h2 id="home-last-sale">{t('home.lastSale')}</h2>
      <ul className="sale-list">
        <SaleRow sale={sale} />
      </ul>
    </section>
  );
}
