import type { AppInfo } from '@shared/app';
import { useNavigation } from '@renderer/navigation';
import { newHotelSearch } from './hotels/hotel-search';
import { StatusStrip } from '@ui/StatusStrip';
import { ReadyBanner } from '@ui/ReadyBanner';
import { BedIcon, FilmIcon } from '@ui/icons';

const tiles = {
  cinema: { title: 'Cinema', subtitle: 'Films, showtimes and tickets', Icon: FilmIcon },
  hotels: { title: 'Hotels', subtitle: 'Rooms for tonight or later', Icon: BedIcon },
} as const;

export function HomeScreen({ info }: { info: AppInfo }) {
  const { go } = useNavigation();
  const open = (key: keyof typeof tiles) => go(key === 'cinema' ? { name: 'films' } : { name: 'hotels', search: newHotelSearch() });
  // A front desk sells rooms first; everyone else starts with the cinema.
  const order: (keyof typeof tiles)[] = info.profile === 'front-desk' ? ['hotels', 'cinema'] : ['cinema', 'hotels'];
  return (
    <div className="home">
      <ReadyBanner />
      <h1 className="home-title">What would you like to sell?</h1>
      <nav className="tiles" aria-label="Sell">
        {order.map((key) => {
          const { title, subtitle, Icon } = tiles[key];
          return (
            <button key={key} type="button" className={`tile tile-${key}`} onClick={() => open(key)}>
              <span className="tile-icon">
                <Icon size={72} />
              </span>
              <span className="tile-title">{title}</span>
              <span className="tile-subtitle">{subtitle}</span>
            </button>
          );
        })}
      </nav>
      <StatusStrip health={info.health} />
      <p className="version muted">
        {info.name} {info.version}
      </p>
    </div>
  );
}
