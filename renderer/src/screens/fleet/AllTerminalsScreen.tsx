import { useState, type ReactNode } from 'react';
import type { FleetReport } from '@shared/fleet/report';
import { usePosQuery } from '@renderer/pos/queries';
import { formatMoney } from '@renderer/i18n/format';
import { Chip } from '@ui/Chip';
import { LoadingBlock, QueryState } from '@ui/Status';
import { SalesByHourChart } from './SalesByHourChart';
import { ageText, lagosDay, lagosTime, records } from './fleet-format';
import styles from './AllTerminals.module.css';

const ranges = [
  { label: 'Today', from: 0, to: 0 },
  { label: 'Yesterday', from: -1, to: -1 },
  { label: 'Last 7 days', from: -6, to: 0 },
  { label: 'Last 30 days', from: -29, to: 0 },
] as const;

/**
 * Supervisors, with fleet set up: every terminal's figures as head office holds them (the same as
 * `npm run fleet -- report`): sales by hour and terminal, by day x terminal x product, tenders,
 * voids and refunds, Z reports, and what each terminal still has to send.
 */
export default function AllTerminalsScreen() {
  const [range, setRange] = useState<(typeof ranges)[number]>(ranges[0]);
  const request = { from: lagosDay(range.from), to: lagosDay(range.to) };
  const report = usePosQuery('fleet:report', request, { refetchInterval: 30_000 });
  return (
    <div className={`screen ${styles.screen}`}>
      <h1>All terminals</h1>
      <div className={styles.ranges} role="group" aria-label="Days">
        {ranges.map((r) => (
          <Chip key={r.label} selected={r === range} onClick={() => setRange(r)}>
            {r.label}
          </Chip>
        ))}
      </div>
      <QueryState query={report} loading={<LoadingBlock label="Asking head office" rows={3} height={120} />}>
        {(data) => <Report report={data} />}
      </QueryState>
    </div>
  );
}

function Report({ report }: { report: FleetReport }) {
  const salesKobo = report.sales.reduce((sum, r) => sum + r.totalKobo, 0);
  const salesCount = report.sales.reduce((sum, r) => sum + r.count, 0);
  const unsent = report.terminals.reduce((sum, t) => sum + t.unsentCount, 0);
  const broken = report.terminals.filter((t) => t.brokenAtSeq !== null);
  return (
    <>
      <div className={styles.summary}>
        <Figure label="Sales">{formatMoney(salesKobo)}</Figure>
        <Figure label="Confirmed sales">{salesCount.toLocaleString('en-NG')}</Figure>
        <Figure label="Terminals">{report.terminals.length}</Figure>
        <Figure label="Not yet at head office">{records(unsent)}</Figure>
      </div>
      {broken.length > 0 && (
        <p className="field-error" role="alert">
          Tampering or damage found in the journal of {broken.map((t) => `${t.terminalId} (from record #${t.brokenAtSeq})`).join(', ')}. Call support before trusting those figures.
        </p>
      )}
      <section className="panel" aria-labelledby="fleet-by-hour">
        <h2 id="fleet-by-hour">Sales by hour and terminal</h2>
        {report.byHour.length === 0 ? <p>No confirmed sales on these days.</p> : <SalesByHourChart byHour={report.byHour} />}
      </section>
      <Table
        id="fleet-terminals"
        title="Terminals"
        columns={['Terminal', 'Journal', 'Records held', 'Not sent', 'Oldest not sent', 'Last contact']}
        numeric={[2, 3]}
        rows={report.terminals.map((t) => [
          t.name ? `${t.terminalId} · ${t.name}` : t.terminalId,
          t.brokenAtSeq !== null ? <span className={styles.broken}>Broken at #{t.brokenAtSeq}</span> : <span className={styles.intact}>Intact</span>,
          t.receivedSeq.toLocaleString('en-NG'),
          t.unsentCount > 0 ? <span className={styles.waiting}>{t.unsentCount.toLocaleString('en-NG')}</span> : '0',
          t.unsentCount > 0 && t.oldestUnsentAt ? `${ageText(t.oldestUnsentAt)} ago` : '',
          t.lastContactAt ? lagosTime(t.lastContactAt) : 'never',
        ])}
      />
      <Table
        id="fleet-sales"
        title="Sales by day, terminal and product"
        columns={['Day', 'Terminal', 'Product', 'Sales', 'Total']}
        numeric={[3, 4]}
        rows={report.sales.map((r) => [r.day, r.terminalId, r.product, r.count, formatMoney(r.totalKobo)])}
      />
      <Table id="fleet-tenders" title="Totals by tender" columns={['Tender', 'Payments', 'Total']} numeric={[1, 2]} rows={report.tenders.map((r) => [r.kind, r.count, formatMoney(r.totalKobo)])} />
      <Table
        id="fleet-corrections"
        title="Voids and refunds"
        columns={['Terminal', 'Kind', 'Count', 'Total']}
        numeric={[2, 3]}
        rows={report.corrections.map((r) => [r.terminalId, r.kind, r.count, formatMoney(r.totalKobo)])}
      />
      <Table
        id="fleet-z"
        title="Z reports"
        columns={['Terminal', 'Z', 'Closed', 'Sales', 'Sold', 'Counted', 'Difference', 'Chain']}
        numeric={[1, 3, 4, 5, 6]}
        rows={report.zReports.map((z) => [
          z.terminalId,
          z.zNumber,
          lagosTime(z.closedAt),
          z.confirmedCount,
          formatMoney(z.confirmedKobo),
          formatMoney(z.countedKobo),
          formatMoney(z.differenceKobo),
          z.chainHash ? `#${z.chainSeq} ${z.chainHash}` : '',
        ])}
      />
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.figure}>
      <span>{label}</span>
      <strong>{children}</strong>
    </div>
  );
}

function Table({ id, title, columns, numeric, rows }: { id: string; title: string; columns: string[]; numeric: number[]; rows: ReactNode[][] }) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>None on these days.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                {columns.map((c, i) => (
                  <th key={c} scope="col" className={numeric.includes(i) ? styles.num : undefined}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, i) => (
                    <td key={i} className={numeric.includes(i) ? styles.num : undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
