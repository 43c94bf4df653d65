import { useEffect, useState } from 'react';
import { drawerLeftOpenMs } from '@shared/printing/cash-drawer';
import { useT } from '@renderer/i18n/I18nProvider';
import { formatLagosClock } from '@renderer/i18n/format';
import { usePrinterStatus } from '@renderer/pos/printer-status';
import styles from './DrawerChip.module.css';

/**
 * The cash drawer, on a till whose drawer has a sensor (`printer.drawerSensor`): a chip in the top
 * bar while it is open, which turns red once it has been left open a minute. In the bar rather
 * than a banner, so the screen does not jump under her finger each time she makes change.
 */
export function DrawerChip() {
  const t = useT();
  const status = usePrinterStatus();
  const since = status.data?.drawer === 'open' ? (status.data.drawerOpenSince ?? null) : null;
  const leftOpen = useLeftOpen(since);
  if (status.data?.drawer !== 'open') return null;
  return (
    <span className={[styles.chip, leftOpen && styles.leftOpen].filter(Boolean).join(' ')} role="status" data-testid="drawer-open">
      {since && leftOpen ? t('drawer.leftOpen', { time: formatLagosClock(since) }) : t('drawer.open')}
    </span>
  );
}

/** Whether the drawer has been open since `since` for a minute or more, turning true when it has. */
function useLeftOpen(since: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const at = since === null ? null : Date.parse(since) + drawerLeftOpenMs;
  useEffect(() => {
    if (at === null || Number.isNaN(at) || at <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), at - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [at]);
  return at !== null && !Number.isNaN(at) && at <= Math.max(now, Date.now());
}
