import { useState, type ReactNode } from 'react';
import type { FleetReport } from '@shared/fleet/report';
import type { CountSheet } from '@shared/sales/cash-count';
import { formatNairaWhole } from '@shared/money';
import { fleetTotals } from '@shared/fleet/totals';
import { useMutation } from '@tanstack/react-query';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { usePos } from '@renderer/pos/PosProvider';
import { downloadCsv } from '@renderer/screens/staff/download';
import { formatDate, formatMoney } from '@renderer/i18n/format';
import { useErrorText, useT } from '@renderer/i18n/I18nProvider';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { Banner } from '@ui/Banner';
import { Chip } from '@ui/Chip';
import { LoadingBlock, QueryState } from '@ui/Status';
import { SalesByHourChart } from './SalesByHourChart';
import { ageText, lagosDay, lagosTime, records } from './fleet-format';
import styles from './AllTerminals.module.css';

const ranges = [
  { label: 'fleet.range.today', from: 0, to: 0 },
  { label: 'fleet.range.yesterday', from: -1, to: -1 },
  { label: 'fleet.range.week', from: -6, to: 0 },
  { label: 'fleet.range.month', from: -29, to: 0 },
] as const satisfies readonly { label: MessageKey; from: number; to: number }[];

/**
 * Supervisors, with fleet set up: every terminal's figures as head office holds them (the same as
 * `npm run fleet -- report`): sales by hour and terminal, by day x terminal x product, tenders,
 * voids and refunds, Z reports, and what each terminal still has to send; above them, any till
 * head office refused its number, whose sales are in none of them.
 */
export default function AllTerminalsScreen() {
  const t = useT();
  const [range, setRange] = useState<(typeof ranges)[number]>(ranges[0]);
  const request = { from: lagosDay(range.from), to: lagosDay(range.to) };
  const report = usePosQuery('fleet:report', request, { refetchInterval: 30_000 });
  const say = useErrorText();
  const pos = usePos();
  // The days on screen, as a file: the owner's spreadsheet, or her accountant's.
  const exportCsv = useMutation({
    mutationFn: async () => unwrap(await pos['fleet:export'](request)),
    onSuccess: ({ csv, fileName }) => downloadCsv(fileName, csv),
  });
  return (
    <div className={`screen ${styles.screen}`}>
      <h1>{t('fleet.allTerminals')}</h1>
      <div className={styles.toolbar}>
        <div className={styles.ranges} role="group" aria-label={t('fleet.days')}>
          {ranges.map((r) => (
            <Chip key={r.label} selected={r === range} onClick={() => setRange(r)}>
              {t(r.label)}
            </Chip>
          ))}
        </div>
        <button type="button" className="button button-ghost-dark" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          {t('fleet.export')}
        </button>
      </div>
      {exportCsv.error instanceof PosCallError && (
        <p className="field-error" role="alert">
          {say(exportCsv.error.error)}
        </p>
      )}
      <QueryState query={report} loading={<LoadingBlock label={t('fleet.asking')} rows={3} height={120} />}>
        {(data) => <Report report={data} />}
      </QueryState>
    </div>
  );
}

function Report({ report }: { report: FleetReport }) {
  const t = useT();
  const totals = fleetTotals(report);
  const unsent = report.terminals.reduce((sum, t) => sum + t.unsentCount, 0);
  const broken = report.terminals.filter((terminal) => terminal.brokenAtSeq !== null);
  // A no sale or cash out a supervisor approved for a cashier is told apart: the owner reads how often the drawer needed one.
  const withApproved = (value: string | number, approved: number | null) => (approved ? t('fleet.withApproved', { value: String(value), approved }) : value);
  return (
    <>
      {/* Before any figure: a till refused its number sells outside all of them. */}
      {report.numberConflicts.map((c) => {
        const values = { name: c.name ?? '', terminal: c.terminalId, since: lagosTime(t, c.firstSeenAt), last: lagosTime(t, c.lastSeenAt) };
        return (
          <Banner key={`${c.terminalId} ${c.journalId}`} tone="warn" testId="fleet-number-conflict">
            {c.name ? t('fleet.numberConflict', values) : t('fleet.numberConflictUnnamed', values)}
            {/* Sales made under the shared number before the refusal never reach head office: support's case. */}
            {c.holdsRecords && ` ${t('fleet.numberConflictKept', values)}`}
          </Banner>
        );
      })}
      <div className={styles.summary} data-testid="fleet-figures">
        <Figure label={t('fleet.figure.sales')}>{formatMoney(totals.salesKobo)}</Figure>
        {/* Sales are counted before refunds: what went back and what was kept stand beside them. */}
        <Figure label={t('fleet.figure.refunded', { count: totals.refundCount })}>{formatMoney(totals.refundedKobo)}</Figure>
        <Figure label={t('fleet.figure.net')}>{formatMoney(totals.netKobo)}</Figure>
        <Figure label={t('fleet.figure.confirmed')}>{totals.salesCount.toLocaleString('en-NG')}</Figure>
        <Figure label={t('fleet.terminals')}>{report.terminals.length}</Figure>
        <Figure label={t('fleet.figure.unsent')}>{records(t, unsent)}</Figure>
      </div>
      {broken.length > 0 && (
        <p className="field-error" role="alert">
          {t('fleet.tampering', { terminals: broken.map((b) => t('fleet.tamperedAt', { terminal: b.terminalId, seq: b.brokenAtSeq ?? 0 })).join(', ') })}
        </p>
      )}
      <section className="panel" aria-labelledby="fleet-by-hour">
        <h2 id="fleet-by-hour">{t('fleet.byHour')}</h2>
        {report.byHour.length === 0 ? <p>{t('fleet.noSales')}</p> : <SalesByHourChart byHour={report.byHour} />}
      </section>
      <Table
        id="fleet-terminals"
        title={t('fleet.terminals')}
        columns={[t('fleet.col.terminal'), t('fleet.col.journal'), t('fleet.col.held'), t('fleet.col.unsent'), t('fleet.col.oldest'), t('fleet.col.lastContact')]}
        numeric={[2, 3]}
        rows={report.terminals.map((terminal) => [
          terminal.name ? `${terminal.terminalId} · ${terminal.name}` : terminal.terminalId,
          terminal.brokenAtSeq !== null ? (
            <span className={styles.broken}>{t('fleet.brokenAt', { seq: terminal.brokenAtSeq })}</span>
          ) : (
            <span className={styles.intact}>{t('fleet.intact')}</span>
          ),
          terminal.receivedSeq.toLocaleString('en-NG'),
          terminal.unsentCount > 0 ? <span className={styles.waiting}>{terminal.unsentCount.toLocaleString('en-NG')}</span> : '0',
          terminal.unsentCount > 0 && terminal.oldestUnsentAt ? t('fleet.ago', { age: ageText(t, terminal.oldestUnsentAt) }) : '',
          terminal.lastContactAt ? lagosTime(t, terminal.lastContactAt) : t('fleet.never'),
        ])}
      />
      <Table
        id="fleet-sales"
        title={t('fleet.salesByDay')}
        columns={[t('fleet.col.day'), t('fleet.col.terminal'), t('fleet.col.product'), t('fleet.col.sales'), t('common.total')]}
        numeric={[3, 4]}
        rows={report.sales.map((r) => [formatDate(t, r.day, 'short'), r.terminalId, r.product, r.count, formatMoney(r.totalKobo)])}
      />
      <Table
        id="fleet-tenders"
        title={t('fleet.tenders')}
        columns={[t('fleet.col.tender'), t('fleet.col.payments'), t('common.total')]}
        numeric={[1, 2]}
        rows={report.tenders.map((r) => [tenderLabel(t, r.kind), r.count, formatMoney(r.totalKobo)])}
      />
      <Table
        id="fleet-corrections"
        title={t('fleet.corrections')}
        columns={[t('fleet.col.terminal'), t('fleet.col.kind'), t('fleet.col.count'), t('common.total')]}
        numeric={[2, 3]}
        rows={report.corrections.map((r) => [r.terminalId, correctionLabel(t, r.kind), r.count, formatMoney(r.totalKobo)])}
      />
      <Table
        id="fleet-z"
        title={t('fleet.zReports')}
        columns={[t('fleet.col.terminal'), t('fleet.col.z'), t('fleet.col.closed'), t('fleet.col.sales'), t('fleet.col.sold'), t('fleet.col.counted'), t('fleet.col.byNotes'), t('fleet.col.difference'), t('fleet.col.noSale'), t('fleet.col.cashOut'), t('fleet.col.leftOpen'), t('fleet.col.chain')]}
        numeric={[1, 3, 4, 5, 7, 8, 9, 10]}
        rows={report.zReports.map((z) => [
          z.terminalId,
          z.zNumber,
          lagosTime(t, z.closedAt),
          z.confirmedCount,
          formatMoney(z.confirmedKobo),
          formatMoney(z.countedKobo),
          // Blank when the total was typed rather than counted note by note.
          z.countSheet ? countSheetText(t, z.countSheet) : '',
          formatMoney(z.differenceKobo),
          // Blank for a Z report closed before the till recorded a drawer opened without a sale.
          z.noSaleCount === null ? '' : withApproved(z.noSaleCount, z.noSaleApprovedCount),
          withApproved(formatMoney(z.cashOutKobo), z.cashOutApprovedCount),
          // Blank for a Z report closed before the till recorded the drawer left open.
          z.drawerLeftOpenCount ?? '',
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
  const t = useT();
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p>{t('fleet.none')}</p>
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

/** A tender or correction kind as head office reports it, in words when we know the code. */
function tenderLabel(t: ReturnType<typeof useT>, kind: string): string {
  return kind === 'cash' || kind === 'card' || kind === 'transfer' ? t(`report.tender.${kind}`) : kind;
}

function correctionLabel(t: ReturnType<typeof useT>, kind: string): string {
  return kind === 'refund' ? t('refunds.row.refund') : kind === 'void' ? t('refunds.row.void') : kind;
}

/** A close counted note by note, as one cell: "₦1,000 × 8 · ₦500 × 3 · coins ₦500.00". */
function countSheetText(t: ReturnType<typeof useT>, sheet: CountSheet): string {
  const notes = sheet.notes.map((line) => `${formatNairaWhole(line.noteKobo)} × ${line.count}`);
  return [...notes, ...(sheet.otherKobo > 0 ? [t('fleet.coins', { amount: formatMoney(sheet.otherKobo) })] : [])].join(' · ');
}
