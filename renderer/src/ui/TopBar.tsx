import type { AppInfo } from '@shared/app';
import { useT } from '@renderer/i18n/I18nProvider';
import { Button } from './Button';
import { DrawerChip } from './DrawerChip';
import styles from './TopBar.module.css';

/** The bar that stays at the top of every staff screen: where you are, Back, Home, the back office. */
export function TopBar({ info, onBack, onHome, onStaff }: { info: AppInfo; onBack?: () => void; onHome?: () => void; onStaff?: () => void }) {
  const t = useT();
  return (
    <header className={styles.bar}>
      {onBack ? (
        <Button variant="ghost" onClick={onBack} aria-keyshortcuts="Escape">
          ← {t('common.back')}
        </Button>
      ) : (
        <span className={styles.brand}>{t('app.brand')}</span>
      )}
      {onHome && (
        <Button variant="ghost" onClick={onHome}>
          {t('common.home')}
        </Button>
      )}
      <span className={styles.terminal} aria-label={t('app.terminal')}>
        {info.terminalName} <span className={styles.muted}>· {info.terminalId}</span>
      </span>
      <span className={styles.spacer} />
      <DrawerChip />
      {onStaff && (
        <Button variant="ghost" onClick={onStaff} aria-keyshortcuts="F9">
          {t('common.staff')}
        </Button>
      )}
      {info.trainingMode && (
        <span className={styles.training} role="status" title={t('app.trainingHint')}>
          {t('app.training')}
        </span>
      )}
    </header>
  );
}
