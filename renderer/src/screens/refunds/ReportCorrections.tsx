import type { ShiftReport } from '@shared/sales/reports';
import { useI18n } from '@renderer/i18n/I18nProvider';
import { Money } from '@ui/Money';

/**
 * The X/Z report's own lines for voids and refunds (count and ₦, per tender and per approver),
 * the drawer's cash of rejected sales and cash given back, and the cancellations still owed.
 * Rows of the report's definition list; nothing on a Z report from before they existed.
 */
export function ReportCorrections({ report }: { report: ShiftReport }) {
  const { t } = useI18n();
  const c = report.corrections;
  if (!c) return null;
  const row = (label: string, count: number, kobo: number, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {count} · <Money kobo={-kobo} />
      </dd>
    </>
  );
  return (
    <>
      {row(t('refunds.report.voids'), c.voids.count, c.voids.totalKobo, 'report-voids')}
      {row(t('refunds.report.refunds'), c.refunds.count, c.refunds.totalKobo, 'report-refunds')}
      {c.byTender
        .filter((line) => line.count > 0)
        .map((line) => (
          <Row key={`${line.kind}-${line.tender}`} label={t('refunds.report.line', { kind: t(line.kind === 'void' ? 'refunds.row.void' : 'refunds.row.refund'), tender: t(`refunds.sheet.tender.${line.tender}`) })} count={line.count} kobo={line.totalKobo} />
        ))}
      {c.byApprover.map((line) => (
        <Row key={line.staffId} label={t('refunds.report.approvedBy', { name: line.name })} count={line.count} kobo={line.totalKobo} />
      ))}
      {c.inProgress.count > 0 && row(t('refunds.report.inProgress'), c.inProgress.count, c.inProgress.totalKobo)}
      {(report.cash.rejectedCashKobo ?? 0) > 0 && (
        <>
          <dt>{t('refunds.report.rejectedCash')}</dt>
          <dd>
            <Money kobo={report.cash.rejectedCashKobo ?? 0} />
          </dd>
        </>
      )}
      {(report.cash.cashBackKobo ?? 0) > 0 && (
        <>
          <dt>{t('refunds.report.cashBack')}</dt>
          <dd data-testid="report-cash-back">
            <Money kobo={-(report.cash.cashBackKobo ?? 0)} />
          </dd>
        </>
      )}
      {(report.cancellationsOwed?.length ?? 0) > 0 && (
        <>
          <dt>{t('refunds.report.owed', { count: report.cancellationsOwed!.length })}</dt>
          <dd data-testid="report-owed">{report.cancellationsOwed!.map((o) => o.partnerReference ?? o.saleId).join(', ')}</dd>
        </>
      )}
    </>
  );
}

function Row({ label, count, kobo }: { label: string; count: number; kobo: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {count} · <Money kobo={-kobo} />
      </dd>
    </>
  );
}
