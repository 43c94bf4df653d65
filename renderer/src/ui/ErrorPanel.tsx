import type { PosError } from '@shared/errors';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { Button } from './Button';

/** A failure in the middle of a screen: what happened (in the reader's language when main named a shared sentence) and a retry. */
export function ErrorPanel({ error, onRetry }: { error: PosError; onRetry?: () => void }) {
  const t = useT();
  const say = useErrorText();
  return (
    <div className="error-panel" role="alert">
      <h2>{t('error.title')}</h2>
      <p>{say(error)}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      )}
    </div>
  );
}
