import type { AppInfo } from '@shared/app';
import { useNavigation } from '@renderer/navigation';
import { CurrentScreen } from '@renderer/App';
import { TopBar } from '@ui/TopBar';
import { ConnectionBanner } from '@ui/ConnectionBanner';
import { IdleReset } from './IdleReset';
import { OnScreenKeyboard } from './OnScreenKeyboard';
import { AttractScreen } from './AttractScreen';
import styles from '@renderer/App.module.css';

/** The self-service kiosk: attract screen, guided steps, idle reset, on-screen keyboard. */
export function KioskApp({ info }: { info: AppInfo }) {
  const { route, depth, back } = useNavigation();
  return (
    <div className={styles.app} data-profile="kiosk">
      <TopBar info={info} onBack={depth > 1 ? back : undefined} />
      <ConnectionBanner partner={info.health.partner} trainingMode={info.trainingMode} customerFacing />
      <main className={styles.content}>
        {route.name === 'home' ? <AttractScreen info={info} /> : <CurrentScreen route={route} info={info} />}
        <IdleReset idleSeconds={info.kiosk.idleSeconds} warningSeconds={info.kiosk.warningSeconds} />
        <OnScreenKeyboard />
      </main>
    </div>
  );
}
