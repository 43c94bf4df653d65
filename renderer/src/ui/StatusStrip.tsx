import { useT } from '@renderer/i18n/I18nProvider';
import { useHealthWords } from '@renderer/i18n/health-words';
import type { Health, HealthItem } from '@shared/app';

const parts = [
  ['partner', 'status.partner'],
  ['printer', 'status.printer'],
  ['journal', 'status.journal'],
] as const;

/** The state is written out in words as well as colour, so nobody has to tell green from amber. */
export function StatusStrip({ health, printerWaiting }: { health: Health; printerWaiting?: { count: number; open(): void } }) {
  const t = useT();
  const words = useHealthWords();
  return (
    <section className="status-strip" aria-label={t('status.title')}>
      {parts.map(([key, title]) =>
        key === 'printer' && printerWaiting && printerWaiting.count > 0 ? (
          // The printer may answer "ready" while receipts that did not print wait for staff: say that first, and lead there.
          <div key={key} className={`status-item status-${health.printer.state === 'ok' ? 'degraded' : health.printer.state}`} data-testid="status-printer">
            <span className="status-dot" aria-hidden="true" />
            <div>
              <div className="status-title">
                {t(title)}
                {t('common.colon')}
                <strong>{t('status.printerWaiting', { count: printerWaiting.count })}</strong>
              </div>
              <div className="status-detail">{words(health.printer).label}</div>
              <button type="button" className="button" onClick={printerWaiting.open}>
                {t('status.printerWaitingOpen')}
              </button>
            </div>
          </div>
        ) : (
          <StatusItem key={key} testId={key} title={t(title)} item={health[key]} />
        ),
      )}
      {/* Only on a till that ships to head office: "12 records not sent, oldest 2 h 5 min ago". */}
      {health.fleet && <StatusItem testId="head office" title={t('fleet.headOffice')} item={health.fleet} />}
    </section>
  );
}

function StatusItem({ title, item, testId }: { title: string; item: HealthItem; testId: string }) {
  const t = useT();
  const { label, detail } = useHealthWords()(item);
  return (
    <div className={`status-item status-${item.state}`} data-testid={`status-${testId}`}>
      <span className="status-dot" aria-hidden="true" />
      <div>
        <div className="status-title">
          {title}
          {t('common.colon')}
          <strong>{label}</strong>
        </div>
        <div className="status-detail">{detail}</div>
      </div>
    </div>
  );
}
