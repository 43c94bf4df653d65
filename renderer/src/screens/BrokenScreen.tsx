import { useT } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';

/**
 * A counter screen that stopped working while drawing (ui/ScreenBoundary.tsx): the top bar stays,
 * and this says that no sale is lost (the journal has them before anything is sent) and how on.
 */
export function BrokenScreen({ onRetry, onHome }: { onRetry: () => void; onHome?: () => void }) {
  const t = useT();
  return (
    <div className="screen">
      <div className="error-panel" role="alert">
        <h1>{t('broken.title')}</h1>
        <p>{t('broken.body')}</p>
        <div className="form-row">
          <Button variant="primary" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
          {onHome && (
            <Button variant="secondary" onClick={onHome}>
              {t('common.home')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
