import type { AppInfo } from '@shared/app';
import { useNavigation } from '@renderer/navigation';
import { newHotelSearch } from '@renderer/screens/hotels/hotel-search';
import { BedIcon, FilmIcon } from '@ui/icons';

/** The kiosk's resting screen: two big choices a stranger understands from across the lobby. */
export function AttractScreen({ info }: { info: AppInfo }) {
  const { go } = useNavigation();
  return (
    <div className="attract">
      <h1 className="attract-title">Welcome</h1>
      <p className="attract-subtitle">Buy cinema tickets or book a room here. Touch to start.</p>
      <nav className="tiles" aria-label="Start">
        <button type="button" className="tile tile-cinema" onClick={() => go({ name: 'films' })}>
          <span className="tile-icon"><FilmIcon size={96} /></span>
          <span className="tile-title">Cinema tickets</span>
          <span className="tile-subtitle">See what's showing</span>
        </button>
        <button type="button" className="tile tile-hotels" onClick={() => go({ name: 'hotels', search: newHotelSearch() })}>
          <span className="tile-icon"><BedIcon size={96} /></span>
          <span className="tile-title">Book a room</span>
          <span className="tile-subtitle">Hotels, apartments and more</span>
        </button>
      </nav>
      <footer className="attract-foot">
        <p>
          Pay by card on the terminal beside this screen.
          {info.trainingMode && <strong> Training mode: nothing is charged.</strong>}
        </p>
        <button type="button" className="staff-corner" onClick={() => go({ name: 'staff' })}>
          Staff
        </button>
      </footer>
    </div>
  );
}
