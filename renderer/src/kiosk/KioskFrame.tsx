import type { ReactNode } from 'react';
import { useNavigation } from '@renderer/navigation';
import { useT } from '@renderer/i18n/I18nProvider';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { Button } from '@ui/Button';
import { stepOf, type KioskRoute } from './routes';
import { useKiosk } from './kiosk-context';
import { LanguageSwitch } from './LanguageSwitch';
import styles from './Kiosk.module.css';

/**
 * One kiosk step: Back, the language and Start over at the top (until payment), where the customer is in the
 * flow, the one question of this screen in large type, and its answer below; `footer` holds the
 * total and the button that goes on, pinned at the bottom within thumb reach.
 */
export function KioskFrame({ title, lead, children, footer, canGoBack = true }: { title: ReactNode; lead?: ReactNode; children: ReactNode; footer?: ReactNode; canGoBack?: boolean }) {
  const t = useT();
  const { route } = useNavigation();
  const { back, startOver } = useKiosk();
  const position = stepOf(route as KioskRoute);
  const index = position ? position.flow.indexOf(position.step) : -1;
  return (
    <div className={styles.frame}>
      <div className={styles.header}>
        {canGoBack ? (
          <Button variant="secondary" size="large" onClick={back}>
            ← {t('common.back')}
          </Button>
        ) : null}
        {canGoBack && <LanguageSwitch />}
        {canGoBack && (
          <Button variant="secondary" size="large" onClick={startOver}>
            {t('common.startOver')}
          </Button>
        )}
      </div>
      {position && (
          <ol className={styles.steps} aria-label={t('kiosk.steps')}>
            {position.flow.map((step, i) => (
              <li key={step} className={[styles.step, i < index && styles.stepDone, i === index && styles.stepCurrent].filter(Boolean).join(' ')} aria-current={i === index ? 'step' : undefined}>
                <span className={styles.stepDot} aria-hidden="true">
                  {i < index ? '✓' : i + 1}
                </span>
                <span>{t(`kiosk.step.${step}` as MessageKey)}</span>
              </li>
            ))}
          </ol>
      )}
      {position && (
        <p className="visually-hidden" aria-live="polite">
          {t('kiosk.stepOf', { step: index + 1, total: position.flow.length })}
        </p>
      )}
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      <div className={styles.body}>{children}</div>
      {footer && (
        <div className={styles.footer} data-testid="kiosk-footer">
          {footer}
        </div>
      )}
    </div>
  );
}
