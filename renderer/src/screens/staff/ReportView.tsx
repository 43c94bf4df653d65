import type { ShiftReport, ZReport } from '@shared/sales/reports';
import { Money } from '@ui/Money';
import { ReportCorrections } from '@renderer/screens/refunds/ReportCorrections';

const tenderLabel = { cash: 'Cash', card: 'Card', transfer: 'Transfer' } as const;

/** The X report (running) or Z report (closed): the figures a supervisor counts the drawer against. */
export function ReportView({ report }: { report: ShiftReport | ZReport }) {
  const z = 'zNumber' in report ? report : null;
  return (
    <div className="report" data-testid={z ? 'z-report' : 'x-report'}>
      <h3>{z ? `Z report #${z.zNumber}` : 'X report (shift running)'} · shift {report.shiftNumber}</h3>
      <dl className="report-grid">
        <dt>Sales confirmed</dt>
        <dd>{report.sales.confirmedCount} · <Money kobo={report.sales.confirmedKobo} /></dd>
        {report.byKind.map((k) => (
          <Row key={k.kind} label={k.kind === 'cinema' ? 'Cinema' : 'Hotels'} count={k.count} kobo={k.totalKobo} />
        ))}
        {report.byTender.map((t) => (
          <Row key={t.kind} label={tenderLabel[t.kind]} count={t.count} kobo={t.totalKobo} />
        ))}
        {report.byCashier.map((c) => (
          <Row key={`${c.staffId}`} label={c.name} count={c.count} kobo={c.totalKobo} />
        ))}
        <dt>Rejected / unsettled</dt>
        <dd>{report.sales.rejectedCount} / {report.sales.unsettledCount}</dd>
        <ReportCorrections report={report} />
        <dt>Float</dt>
        <dd><Money kobo={report.cash.floatKobo} /></dd>
        <dt>Cash in / out</dt>
        <dd><Money kobo={report.cash.cashInKobo} /> / <Money kobo={report.cash.cashOutKobo} /></dd>
        <dt>Cash expected in drawer</dt>
        <dd data-testid="expected-cash"><Money kobo={report.cash.expectedKobo} /></dd>
        {z && (
          <>
            <dt>Cash counted</dt>
            <dd><Money kobo={z.countedKobo} /></dd>
            <dt>Difference</dt>
            <dd data-testid="difference" className={z.differenceKobo === 0 ? '' : 'field-error'}>
              <Money kobo={z.differenceKobo} /> {z.differenceKobo < 0 ? '(short)' : z.differenceKobo > 0 ? '(over)' : ''}
            </dd>
            {z.chain && (
              <>
                <dt>Grand total</dt>
                <dd><Money kobo={z.chain.grandTotalKobo} /></dd>
                <dt>Journal seal</dt>
                <dd data-testid="journal-seal">#{z.chain.seq} {z.chain.hash.slice(0, 8)}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {report.unsettled.length > 0 && <p className="field-error">{report.unsettled.length} sale(s) still waiting for the partner's answer.</p>}
    </div>
  );
}

function Row({ label, count, kobo }: { label: string; count: number; kobo: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{count} · <Money kobo={kobo} /></dd>
    </>
  );
}
