import { useState } from 'react';
import { usePosQuery } from '@renderer/pos/queries';
import { usePosMutation } from '@renderer/pos/mutations';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { formatLagosDateTime } from '@renderer/i18n/format';
import { Button } from '@ui/Button';
import { Money } from '@ui/Money';
import { LoadingBlock, QueryState } from '@ui/Status';
import { ReportView } from './ReportView';
import { ReportPaperButton, ReportPrintStatus } from './ReportPaper';
import styles from './StaffPanel.module.css';

const pageSize = 20;

/**
 * Staff -> Shift -> Past Z reports (supervisor): every Z report this till closed, newest first,
 * to open (the same report the close showed) and print again.
 */
export function PastZReports() {
  const t = useT();
  const [shown, setShown] = useState(pageSize);
  const [open, setOpen] = useState<number | null>(null);
  const list = usePosQuery('shift:z-reports', { limit: shown }, { staleTime: 0, placeholderData: (previous) => previous });
  return (
    <section className="panel" aria-labelledby="past-z-title">
      <h2 id="past-z-title">{t('zlist.title')}</h2>
      {open !== null ? (
        <OneZReport zNumber={open} onBack={() => setOpen(null)} />
      ) : (
        <QueryState query={list} loading={<LoadingBlock label={t('zlist.loading')} rows={2} />}>
          {({ reports }) =>
            reports.length === 0 ? (
              <p className="muted">{t('zlist.none')}</p>
            ) : (
              <>
                <ul className={styles.reports} data-testid="z-report-list">
                  {reports.map((z) => (
                    <li key={z.zNumber} className={styles.report} data-testid={`z-row-${z.zNumber}`}>
                      <div className={styles.who}>
                        <strong>{t('report.z', { number: z.zNumber, shift: z.shiftNumber })}</strong>
                        <span className={styles.facts}>
                          <span data-testid="z-closed-at">{t('zlist.closed', { at: formatLagosDateTime(z.closedAt), name: z.closedBy.name })}</span>
                          <span className={z.differenceKobo === 0 ? undefined : styles.locked} data-testid="z-difference">
                            {t('report.difference')}
                            {t('common.colon')}
                            <Money kobo={z.differenceKobo} /> {z.differenceKobo < 0 ? t('report.short') : z.differenceKobo > 0 ? t('report.over') : ''}
                          </span>
                        </span>
                      </div>
                      <Button variant="secondary" onClick={() => setOpen(z.zNumber)} aria-label={t('zlist.openNumber', { number: z.zNumber })}>
                        {t('zlist.open')}
                      </Button>
                    </li>
                  ))}
                </ul>
                {reports.length >= shown && (
                  <Button variant="secondary" onClick={() => setShown((n) => n + pageSize)}>
                    {t('zlist.more')}
                  </Button>
                )}
              </>
            )
          }
        </QueryState>
      )}
    </section>
  );
}

function OneZReport({ zNumber, onBack }: { zNumber: number; onBack: () => void }) {
  const t = useT();
  const say = useErrorText();
  const report = usePosQuery('shift:z-report', { zNumber });
  const print = usePosMutation('report:print');
  return (
    <>
      <div className="form-row">
        <Button variant="secondary" onClick={onBack}>
          {t('zlist.back')}
        </Button>
        <Button variant="primary" busy={print.isPending} onClick={() => print.run({ kind: 'z', zNumber })}>
          {t('shift.printZ', { number: zNumber })}
        </Button>
        <ReportPaperButton request={{ kind: 'z', zNumber }} printLabel={t('shift.printZ', { number: zNumber })} printing={print.isPending} onPrint={() => print.run({ kind: 'z', zNumber })} />
      </div>
      {print.isSuccess && <ReportPrintStatus job={print.data} request={{ kind: 'z', zNumber }} />}
      {print.error && <p className="field-error" role="alert">{say(print.error)}</p>}
      <QueryState query={report} loading={<LoadingBlock label={t('zlist.loading')} rows={3} />}>
        {(z) => <ReportView report={z} />}
      </QueryState>
    </>
  );
}
