import { useT } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';
import { useKiosk } from './kiosk-context';
import { KioskFrame } from './KioskFrame';
import styles from './Kiosk.module.css';

/**
 * A kiosk step that stopped working while drawing (ui/ScreenBoundary.tsx). A stranger reads that a
 * payment already made is safe (the till, not this screen, pays and books), and starts over; left
 * alone, the idle reset starts over for her.
 */
export function KioskBroken() {
  const t = useT();
  const { startOver } = useKiosk();
  return (
    <KioskFrame title={t('broken.kioskTitle')} canGoBack={false} footer={<Button variant="primary" size="hero" wide onClick={startOver}>{t('common.startOver')}</Button>}>
      <p className={styles.lead} role="alert">
        {t('broken.kioskBody')}
      </p>
    </KioskFrame>
  );
}
