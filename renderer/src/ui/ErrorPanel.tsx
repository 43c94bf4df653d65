import type { PosError } from '@shared/errors';
import { useT } from '@renderer/i18n/I18nProvider';
import { Button } from './Button';

/** A failure in the middle of a screen: what happened (main's words) and a retry. */
export function ErrorPanel({ error, onRetry }: { error: PosError; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="error-panel" role="alert">
      <h2>{t('error.title')}</h2>
      <p>{error.message}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      )}
    </div>
  );
}
