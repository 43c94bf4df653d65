import { Fragment } from 'react';
import type { ShiftReport, ZReport } from '@shared/sales/reports';
import { formatNairaWhole } from '@shared/money';
import { approvalCodeScheme, cardBrandName } from '@shared/payments/card-schemes';
import { Money } from '@ui/Money';
import { useT } from '@renderer/i18n/I18nProvider';
import { ReportCorrections } from '@renderer/screens/refunds/ReportCorrections';

const tenderKey = { cash: 'report.tender.cash', card: 'report.tender.card', transfer: 'report.tender.transfer' } as const;

/**
 * The X report (running) or Z report (closed): the sales as a table (item, count, amount) and the
 * drawer's figures a supervisor counts against.
 */
export function ReportView({ report }: { report: ShiftReport | ZReport }) {
  const t = useT();
  const z = 'zNumber' in report ? report : null;
  const rows: { key: string; label: string; count: number; kobo?: number }[] = [
    { key: 'confirmed', label: t('report.confirmed'), count: report.sales.confirmedCount, kobo: report.sales.confirmedKobo },
    ...report.byKind.map((k) => ({ key: `kind-${k.kind}`, label: t(k.kind === 'cinema' ? 'report.cinema' : 'report.hotels'), count: k.count, kobo: k.totalKobo })),
    ...report.byTender.map((x) => ({ key: `tender-${x.kind}`, label: t(tenderKey[x.kind]), count: x.count, kobo: x.totalKobo })),
    // Card takings by scheme, to match against the acquirer's statement; reports closed before terminals have none.
    ...(report.cardByScheme ?? []).map((c) => ({
      key: `scheme-${c.scheme}`,
      label: t('report.cardScheme', { scheme: c.scheme === approvalCodeScheme ? t('report.scheme.approvalCode') : (cardBrandName(c.scheme) ?? c.scheme) }),
      count: c.count,
      kobo: c.totalKobo,
    })),
    ...(report.cardReversals && report.cardReversals.count > 0 ? [{ key: 'card-reversals', label: t('report.cardReversals'), count: report.cardReversals.count, kobo: report.cardReversals.totalKobo }] : []),
    ...report.byCashier.map((c) => ({ key: `staff-${c.staffId}`, label: c.name, count: c.count, kobo: c.totalKobo })),
    { key: 'rejected', label: t('report.rejected'), count: report.sales.rejectedCount },
    { key: 'unsettled', label: t('report.unsettledCount'), count: report.sales.unsettledCount },
    // The drawer opened without a sale: its reasons are on the paper. Z reports closed before it was recorded have none.
    ...(report.drawerOpenings ? [{ key: 'no-sale', label: t('report.noSale'), count: report.drawerOpenings.length }] : []),
    // Only where the drawer's sensor saw it left open: a till without a sensor says nothing of it.
    ...(report.drawerLeftOpen?.length ? [{ key: 'drawer-left-open', label: t('report.drawerLeftOpen'), count: report.drawerLeftOpen.length }] : []),
  ];
  return (
    <div className="report" data-testid={z ? 'z-report' : 'x-report'}>
      <h3>{z ? t('report.z', { number: z.zNumber, shift: report.shiftNumber }) : t('report.x', { shift: report.shiftNumber })}</h3>
      <table className="report-table">
        <thead>
          <tr>
            <th scope="col">{t('report.item')}</th>
            <th scope="col" className="num">{t('report.count')}</th>
            <th scope="col" className="num">{t('report.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid={`report-row-${row.key}`}>
              <th scope="row">{row.label}</th>
              <td className="num">{row.count}</td>
              <td className="num">{row.kobo === undefined ? '' : <Money kobo={row.kobo} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* The product mix: what sold, film by film and hotel by hotel. Z reports closed before it was kept have none. */}
      {report.byTitle && report.byTitle.length > 0 && (
        <table className="report-table" data-testid="report-by-title">
          <caption>{t('report.byTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.filmOrHotel')}</th>
              <th scope="col" className="num">{t('report.sold')}</th>
              <th scope="col" className="num">{t('report.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {report.byTitle.map((line) => (
              <tr key={`${line.kind}-${line.title}`}>
                <th scope="row">{line.title || t(line.kind === 'cinema' ? 'report.cinema' : 'report.hotels')}</th>
                <td className="num">{line.kind === 'cinema' ? t('film.ticketCount', { count: line.units }) : t('report.roomNights', { count: line.units })}</td>
                <td className="num"><Money kobo={line.totalKobo} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="report-grid">
        <ReportCorrections report={report} />
        <dt>{t('report.float')}</dt>
        <dd><Money kobo={report.cash.floatKobo} /></dd>
        <dt>{t('report.cashIn')} / {t('report.cashOut')}</dt>
        <dd><Money kobo={report.cash.cashInKobo} /> / <Money kobo={report.cash.cashOutKobo} /></dd>
        <dt>{t('report.expected')}</dt>
        <dd data-testid="expected-cash"><Money kobo={report.cash.expectedKobo} /></dd>
        {z && (
          <>
            <dt>{t('report.counted')}</dt>
            <dd><Money kobo={z.countedKobo} /></dd>
            {/* Counted by notes at the close: the notes as the paper lists them, so a supervisor checking a shortage sees how it was counted. */}
            {z.countSheet && (
              <>
                {z.countSheet.notes.map((line) => (
                  <Fragment key={line.noteKobo}>
                    <dt className="report-sub" data-testid={`count-line-${line.noteKobo}`}>{t('report.countLine', { note: formatNairaWhole(line.noteKobo), count: line.count })}</dt>
                    <dd><Money kobo={line.noteKobo * line.count} /></dd>
                  </Fragment>
                ))}
                <dt className="report-sub">{t('report.countOther')}</dt>
                <dd><Money kobo={z.countSheet.otherKobo} /></dd>
              </>
            )}
            <dt>{t('report.difference')}</dt>
            <dd data-testid="difference" className={z.differenceKobo === 0 ? '' : 'field-error'}>
              <Money kobo={z.differenceKobo} /> {z.differenceKobo < 0 ? t('report.short') : z.differenceKobo > 0 ? t('report.over') : ''}
            </dd>
            {z.chain && (
              <>
                <dt>{t('report.grandTotal')}</dt>
                <dd><Money kobo={z.chain.grandTotalKobo} /></dd>
                <dt>{t('report.seal')}</dt>
                <dd data-testid="journal-seal">#{z.chain.seq} {z.chain.hash.slice(0, 8)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {report.unsettled.length > 0 && <p className="field-error">{t('report.unsettled', { count: report.unsettled.length })}</p>}
    </div>
  );
}
