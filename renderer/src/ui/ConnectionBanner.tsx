import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppInfo, HealthItem } from '@shared/app';
import { useT } from '@renderer/i18n/I18nProvider';
import { useHealthWords } from '@renderer/i18n/health-words';
import { usePosQuery } from '@renderer/pos/queries';
import { usePosMutation } from '@renderer/pos/mutations';
import { Banner } from './Banner';
import { Button } from './Button';

/**
 * Says, on every screen, when selling cannot work: the computer is offline, or the partner is not
 * answering. `partner` follows the pushed health; it is re-checked every 30 s and on "Check again".
 * A kiosk customer gets one plain sentence instead of the technical detail.
 */
export function ConnectionBanner({ partner, trainingMode, customerFacing }: { partner: HealthItem; trainingMode: boolean; customerFacing?: boolean }) {
  const t = useT();
  const healthWords = useHealthWords();
  const client = useQueryClient();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  // Polling asks the till to probe; a change comes back as app:health-changed.
  usePosQuery('app:health', {}, { refetchInterval: 30_000, staleTime: 0 });
  const check = usePosMutation<'app:health', void>('app:health', {
    request: () => ({ refresh: true }),
    onSuccess: (health) => client.setQueryData<AppInfo>(['app:info', {}], (old) => (old ? { ...old, health } : old)),
  });

  // The training sandbox runs inside the till: a lost network does not stop it.
  const offline = !online && !trainingMode;
  if (!offline && partner.state !== 'down') return null;
  if (customerFacing) return <Banner tone="danger" strip testId="connection-banner">{t('error.kioskDown')}</Banner>;
  if (offline) return <Banner tone="danger" strip testId="connection-banner">{t('error.offline')}</Banner>;
  const words = healthWords(partner);
  return (
    <Banner
      tone="danger"
      strip
      testId="connection-banner"
      action={
        <Button variant="primary" busy={check.isPending} onClick={() => check.run()}>
          {check.isPending ? t('error.checking') : t('error.checkAgain')}
        </Button>
      }
    >
      <strong>{words.label}.</strong> {words.detail}
    </Banner>
  );
}
