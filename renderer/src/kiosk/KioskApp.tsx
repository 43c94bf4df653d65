import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppInfo } from '@shared/app';
import type { ResponseOf } from '@shared/ipc/contract';
import { useNavigation } from '@renderer/navigation';
import { usePos } from '@renderer/pos/PosProvider';
import { useLanguage, useT } from '@renderer/i18n/I18nProvider';
import { defaultLanguage } from '@renderer/i18n/languages';
import { releaseHeldSeats } from '@renderer/screens/checkout/release-holds';
import { StaffScreen } from '@renderer/screens/staff/StaffScreen';
import { SaleScreen } from '@renderer/screens/checkout/SaleScreen';
import { ConnectionBanner } from '@ui/ConnectionBanner';
import { useKeptScroll } from '@ui/kept-scroll';
import { Button } from '@ui/Button';
import { IdleReset } from './IdleReset';
import { KioskBroken } from './KioskBroken';
import { ScreenBoundary } from '@ui/ScreenBoundary';
import { reportScreenError } from '@renderer/pos/report-screen-error';
import { OnScreenKeyboard } from './OnScreenKeyboard';
import { AttractScreen } from './AttractScreen';
import { KioskContext } from './kiosk-context';
import { FilmsStep } from './steps/FilmsStep';
import { ShowStep } from './steps/ShowStep';
import { TicketsStep } from './steps/TicketsStep';
import { DetailsStep } from './steps/DetailsStep';
import { PayStep } from './steps/PayStep';
import { DoneStep } from './steps/DoneStep';
import { WhereStep } from './steps/WhereStep';
import { WhenStep } from './steps/WhenStep';
import { HotelsStep } from './steps/HotelsStep';
import { RoomsStep } from './steps/RoomsStep';
import appStyles from '@renderer/App.module.css';

// Head office's screen brings Chart.js: it loads only when a supervisor opens it, here as at a counter.
const AllTerminalsScreen = lazy(() => import('@renderer/screens/fleet/AllTerminalsScreen'));

/** The self-service kiosk: attract screen, guided steps, idle reset, on-screen keyboard. */
export function KioskApp({ info }: { info: AppInfo }) {
  const t = useT();
  const { route, stack, back, home } = useNavigation();
  const pos = usePos();
  const client = useQueryClient();
  const { setLanguage } = useLanguage();
  // Each customer gets a keyboard of their own: nothing of the last one's (open, shifted) stays.
  const [customerNo, setCustomerNo] = useState(0);
  useEffect(() => {
    // A kiosk serves one stranger after another: a screen's data is worth keeping only while the
    // customer might step back to it. Queries left behind linger a few seconds, not a minute, so
    // a busy kiosk does not carry the last hundred customers' queries (and a timer each).
    const defaults = client.getDefaultOptions();
    client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, gcTime: 5_000 } });
  }, [client]);

  const startOver = useCallback(() => {
    releaseHeldSeats(pos, stack);
    // Ends the customer's session in main too (their sale is no longer theirs to read) and any staff sign-in.
    void pos['staff:sign-out']({});
    // Everything about this customer goes; what the attract screen shows everyone (the till's
    // info, the films now showing) stays, so the next customer does not wait for it again. This
    // runs once the steps have unmounted. The till's state the attract screen reads (a shift open,
    // the card terminal, a restart's notice) is nobody's in particular: it stays and is asked
    // again. Removed under the mounted attract screen, such a query was left waiting for an answer
    // it never asked for, and the screen offered the next customer nothing.
    const tillState = ['staff:status', 'payment:terminal', 'kiosk:restart-notice'];
    const shared = new Set(['app:info', 'cinema:films', ...tillState]);
    setTimeout(() => {
      client.removeQueries({ predicate: (query) => !shared.has(String(query.queryKey[0])) });
      // Signed out above: nobody is signed in for the next customer, even before the till says so.
      client.setQueryData<ResponseOf<'staff:status'>>(['staff:status', {}], (was) => was && { ...was, signedIn: null });
      void client.invalidateQueries({ predicate: (query) => tillState.includes(String(query.queryKey[0])) });
      // Holds and sales the last customer made live on in the mutation cache: forget them too.
      client.getMutationCache().clear();
    }, 0);
    setLanguage(defaultLanguage);
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    setCustomerNo((n) => n + 1);
    home();
  }, [pos, stack, client, setLanguage, home]);
  const goBack = useCallback(() => {
    if (stack.length < 2) return;
    releaseHeldSeats(pos, [stack.at(-1)!], stack.slice(0, -1));
    if (route.name === 'staff') void pos['staff:sign-out']({});
    back();
  }, [pos, stack, route.name, back]);
  // Staff leave the back office for the customer's screens by Back, or by a sale screen's New
  // sale (which goes home): either way signed out and started over, so the next stranger never
  // finds staff signed in behind the Staff button.
  const staffSide = route.name === 'staff' || route.name === 'sale' || route.name === 'fleet';
  const wasStaffSide = useRef(false);
  useEffect(() => {
    if (wasStaffSide.current && !staffSide) startOver();
    wasStaffSide.current = staffSide;
  }, [staffSide, startOver]);
  const controls = useMemo(() => ({ back: goBack, startOver }), [goBack, startOver]);
  // A step that breaks while drawing: its error to the log, and the stranger told her payment is safe.
  const report = useMemo(() => reportScreenError(pos), [pos]);
  // Every screen starts at its top, and Back finds the one under it as the customer left it: the
  // scrolling box outlives the screens. Start over forgets every position (navigation's home()),
  // so the next customer never finds the attract screen scrolled to where the last one typed.
  const content = useRef<HTMLDivElement>(null);
  useKeptScroll(content, 'screen', route);

  return (
    <KioskContext.Provider value={controls}>
      <div className={appStyles.app} data-profile="kiosk">
        <main className={appStyles.kioskMain}>
          <ConnectionBanner partner={info.health.partner} trainingMode={info.trainingMode} customerFacing />
          {info.trainingMode && route.name !== 'home' && (
            <p className={appStyles.training} role="status">
              {t('kiosk.training')}
            </p>
          )}
          <div className={appStyles.content} ref={content}>
          <IdleReset idleSeconds={info.kiosk.idleSeconds} warningSeconds={info.kiosk.warningSeconds} atRest={route.name === 'home' && stack.length === 1} onReset={startOver}>
            <ScreenBoundary key={`${stack.length}:${route.name}:${customerNo}`} screen={`kiosk ${route.name}`} report={report} fallback={<KioskBroken />}>
              {kioskScreen()}
            </ScreenBoundary>
          </IdleReset>
          </div>
          <OnScreenKeyboard key={customerNo} />
        </main>
      </div>
    </KioskContext.Provider>
  );

  function kioskScreen() {
    switch (route.name) {
      case 'home':
        return <AttractScreen info={info} />;
      case 'k-films':
        return <FilmsStep />;
      case 'k-show':
        return <ShowStep filmId={route.filmId} />;
      case 'k-tickets':
        return <TicketsStep route={route} />;
      case 'k-details':
        return <DetailsStep order={route.order} customer={route.customer} />;
      case 'k-pay':
        return <PayStep order={route.order} customer={route.customer} />;
      case 'k-done':
        return <DoneStep saleId={route.saleId} order={route.order} />;
      case 'k-where':
        return <WhereStep search={route.search} />;
      case 'k-when':
        return <WhenStep search={route.search} />;
      case 'k-hotels':
        return <HotelsStep search={route.search} />;
      case 'k-rooms':
        return <RoomsStep hotel={route.hotel} search={route.search} />;
      case 'staff':
      case 'sale':
      case 'fleet':
        // Staff at a kiosk: behind a PIN, and signed out again on the way back to the customer. The
        // back office opens a sale (from Journal, Needs attention, Refunds) or head office's screen
        // as it does at a counter; the kiosk had no such screens, and a sale opened there was blank.
        return (
          <>
            <div>
              <Button variant="secondary" size="large" onClick={goBack}>
                ← {t('common.back')}
              </Button>
            </div>
            {route.name === 'sale' ? (
              <SaleScreen saleId={route.saleId} order={route.order} />
            ) : route.name === 'fleet' ? (
              <Suspense fallback={null}>
                <AllTerminalsScreen />
              </Suspense>
            ) : (
              // Signed out: back to the customers (leaving the staff side starts over, above).
              <StaffScreen onSignedOut={home} />
            )}
          </>
        );
      default:
        return null;
    }
  }
}
