import { useMutation } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { PartnerFinding, PartnerTarget, PartnerTestReport } from '@shared/partner/connection-report';
import type { EditableSettings } from '@shared/settings/settings';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap } from '@renderer/pos/queries';
import { Button } from '@ui/Button';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import styles from './PartnerConnectionTest.module.css';

/** How each setting a finding points at is labelled in the settings form above. */
const settingLabels: Record<NonNullable<PartnerFinding['setting']>, MessageKey> = {
  'partner.baseUrl': 'settings.partnerUrl',
  'partner.experiencePrefix': 'settings.experiencePrefix',
  'partner.hotelPrefix': 'settings.hotelPrefix',
  apiKey: 'settings.apiKey',
  network: 'partnerTest.network',
};

/** The five calls by the names main gives them, as the reader says them. */
const callNames: Record<string, MessageKey> = {
  'Experience list': 'partnerTest.call.experienceList',
  'Experience details': 'partnerTest.call.experienceDetails',
  'Show dates': 'partnerTest.call.showDates',
  'Ticket categories': 'partnerTest.call.ticketCategories',
  'Hotel list': 'partnerTest.call.hotelList',
};

/**
 * Settings -> Test partner connection: reads (never buys) a film list, details, dates, ticket
 * categories and a hotel list on the partner as typed in the form, saved or not, and shows each
 * call's status and time and what to change.
 */
export function PartnerConnectionTest({ form, saved, apiKey }: { form: UseFormReturn<EditableSettings>; saved: PartnerTarget; apiKey: string }) {
  const t = useT();
  const say = useErrorText();
  const label = (setting: string) => (setting in settingLabels ? t(settingLabels[setting as keyof typeof settingLabels]) : setting);
  const pos = usePos();
  const test = useMutation({
    mutationFn: async (): Promise<PartnerTestReport> => {
      const typed = form.getValues('partner');
      const partner = { baseUrl: typed.baseUrl.trim(), experiencePrefix: typed.experiencePrefix.trim(), hotelPrefix: typed.hotelPrefix.trim() };
      const unsaved = partner.baseUrl !== saved.baseUrl || partner.experiencePrefix !== saved.experiencePrefix || partner.hotelPrefix !== saved.hotelPrefix;
      const key = apiKey.trim();
      return unwrap(await pos['settings:test-partner']({ ...(unsaved || key ? { partner } : {}), ...(key.length >= 8 ? { apiKey: key } : {}) }));
    },
  });
  const report = test.data;
  /** The headline in the reader's language, from the calls themselves (main's own summary is English). */
  const summary = (done: PartnerTestReport) => {
    const count = done.calls.length;
    const failed = done.calls.filter((call) => call.outcome === 'failed').length;
    const skipped = done.calls.filter((call) => call.outcome === 'skipped').length;
    const ms = done.calls.reduce((sum, call) => sum + call.ms, 0);
    if (done.ok) return t(done.target.training ? 'partnerTest.allAnsweredTraining' : 'partnerTest.allAnswered', { count, ms });
    // Nothing sent: another address, and no key typed for it.
    if (failed === 0 && skipped === count) return t('partnerTest.needsKey', { label: t('settings.apiKey') });
    return skipped > 0 ? t('partnerTest.someFailedSkipped', { failed, count, skipped }) : t('partnerTest.someFailed', { failed, count });
  };

  return (
    <section className={styles.test} aria-labelledby="partner-test-title">
      <div className={styles.head}>
        <h3 id="partner-test-title">{t('partnerTest.title')}</h3>
        <Button variant="secondary" busy={test.isPending} onClick={() => test.mutate()}>
          {test.isPending ? t('partnerTest.testing') : t('partnerTest.title')}
        </Button>
      </div>
      <p className={styles.hint}>{t('partnerTest.hint')}</p>
      {test.error instanceof PosCallError && (
        <p className={styles.bad} role="alert">
          {say(test.error.error)} {Object.entries(test.error.error.fields ?? {}).map(([field, messages]) => `${label(field)} ${messages.join(', ')}.`).join(' ')}
        </p>
      )}
      {report && (
        <>
          <p className={report.ok ? styles.good : styles.bad} role="status" data-testid="partner-test-summary">
            {report.target.training ? t('partnerTest.training') : t('partnerTest.url', { url: report.target.baseUrl })}{' '}
            {summary(report)}
          </p>
          {report.findings.length > 0 && (
            <ul className={styles.findings} aria-label={t('partnerTest.findings')}>
              {report.findings.map((finding) => (
                <li key={finding.message}>
                  {finding.setting && (
                    <strong>
                      {label(finding.setting)}
                      {t('common.colon')}
                    </strong>
                  )}
                  {finding.message}
                </li>
              ))}
            </ul>
          )}
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className={styles.caption}>{t('partnerTest.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('partnerTest.col.call')}</th>
                  <th scope="col">{t('partnerTest.col.path')}</th>
                  <th scope="col">{t('partnerTest.col.status')}</th>
                  <th scope="col">{t('partnerTest.col.time')}</th>
                  <th scope="col">{t('partnerTest.col.result')}</th>
                </tr>
              </thead>
              <tbody>
                {report.calls.map((call) => (
                  <tr key={call.name} data-outcome={call.outcome}>
                    <th scope="row">{call.name in callNames ? t(callNames[call.name]!) : call.name}</th>
                    <td className={styles.path}>{call.path ? `${call.method} ${call.path}` : '—'}</td>
                    <td className={styles.nowrap}>{call.status ?? (call.outcome === 'skipped' ? '—' : t('partnerTest.noAnswer'))}</td>
                    <td className={styles.nowrap}>{call.outcome === 'skipped' ? '—' : t('partnerTest.ms', { ms: call.ms })}</td>
                    <td>
                      <span className={styles[call.outcome]}>{t(`partnerTest.outcome.${call.outcome}`)}</span> {call.detail}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
