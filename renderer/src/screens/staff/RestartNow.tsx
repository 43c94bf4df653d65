import { useState } from 'react';
import { Button } from '@ui/Button';
import { Sheet } from '@ui/Sheet';
import { useErrorText, useT } from '@renderer/i18n/I18nProvider';
import { usePos } from '@renderer/pos/PosProvider';
import { usePosMutation } from '@renderer/pos/mutations';

/**
 * Settings saved for the next start: "Restart now" starts the till again on them, after saying
 * what a restart does (everyone signs in again; a sale being sent finishes first). While it
 * restarts the screen says so; the first answer of the new till reloads the page (the preview).
 * Electron relaunches the whole app, window and all.
 */
export function RestartNow() {
  const t = useT();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {t('settings.restartNow')}
      </Button>
      {asking && <RestartSheet onClose={() => setAsking(false)} />}
    </>
  );
}

function RestartSheet({ onClose }: { onClose: () => void }) {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const [restarting, setRestarting] = useState(false);
  const restart = usePosMutation('settings:restart', {
    onSuccess: () => {
      setRestarting(true);
      // The till holds this call until it has started again; then the page starts afresh on it.
      void pos['app:info']({})
        .catch(() => undefined)
        .then(() => window.location.reload());
    },
  });
  if (restarting)
    return (
      <Sheet title={t('settings.restarting')} opaque>
        <p role="status">{t('settings.restartingBody')}</p>
      </Sheet>
    );
  return (
    <Sheet
      title={t('settings.restartTitle')}
      role="alertdialog"
      focusTitle
      onClose={restart.isPending ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" size="large" disabled={restart.isPending} onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="primary" size="large" busy={restart.isPending} onClick={() => restart.run({})}>
            {t('settings.restartNow')}
          </Button>
        </>
      }
    >
      <p>{t('settings.restartBody')}</p>
      {restart.error && (
        <p className="field-error" role="alert">
          {say(restart.error)}
        </p>
      )}
    </Sheet>
  );
}
