import type { PosError } from '@shared/errors';
import { useT } from '@renderer/i18n/I18nProvider';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { Banner } from '@ui/Banner';
import { Button } from '@ui/Button';

const known = new Set(['PARTNER_UNAVAILABLE', 'SOLD_OUT', 'HOLD_EXPIRED', 'SHIFT_REQUIRED']);

/** A failure told to a kiosk customer in their language, without the till's technical detail. */
export function customerMessageKey(error: PosError): MessageKey {
  return known.has(error.code) ? (`error.code.${error.code}` as MessageKey) : 'error.code.other';
}

export function CustomerError({ error, onRetry }: { error: PosError; onRetry?: () => void }) {
  const t = useT();
  return (
    <Banner
      tone="danger"
      action={
        onRetry && (
          <Button variant="primary" size="large" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        )
      }
    >
      {t(customerMessageKey(error))}
    </Banner>
  );
}
