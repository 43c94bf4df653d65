import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { printWhyIn } from '@renderer/i18n/error-text';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZReport } from '@shared/sales/reports';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { LoadingBlock, QueryState } from '@ui/Status';
import { ReportView } from './ReportView';
import { UnsentWarning } from '@renderer/screens/fleet/UnsentWarning';

const toKobo = (text: string) => {
  const n = Number(text.replace(/[,\s₦]/g, ''));
  return text.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : null;
};

export function ShiftPanel({ isSupervisor }: { isSupervisor: boolean }) {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const client = useQueryClient();
  const shift = usePosQuery('shift:current', {}, { staleTime: 0 });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [closed, setClosed] = useState<ZReport | null>(null);
  const refresh = () => client.invalidateQueries();
  const open = useMutation({ mutationFn: async (floatKobo: number) => unwrap(await pos['shift:open']({ floatKobo })), onSuccess: () => (setAmount(''), refresh()) });
  const cash = useMutation({
    mutationFn: async (kind: 'in' | 'out') => unwrap(await pos['shift:cash']({ kind, amountKobo: toKobo(amount) ?? 0, reason })),
    onSuccess: () => (setAmount(''), setReason(''), refresh()),
  });
  const close = useMutation({ mutationFn: async (countedKobo: number) => unwrap(await pos['shift:close']({ countedKobo })), onSuccess: (z) => (setAmount(''), setClosed(z), refresh()) });
  const printReport = useMutation({ mutationFn: async (request: { kind: 'x' } | { kind: 'z'; zNumber: number }) => unwrap(await pos['report:print'](request)) });
  const error = [open, cash, close, printReport].map((m) => m.error).find((e) => e instanceof PosCallError) as PosCallError | undefined;

  return (
    <section className="panel" aria-labelledby="shift-title">
      <h2 id="shift-title">{t('shift.title')}</h2>
      {closed && (
        <>
          <ReportView report={closed} />
          <button type="button" className="button button-ghost-dark" disabled={printReport.isPending} onClick={() => printReport.mutate({ kind: 'z', zNumber: closed.zNumber })}>
            {t('shift.printZ', { number: closed.zNumber })}
          </button>
        </>
      )}
      <QueryState query={shift} loading={<LoadingBlock label={t('shift.loading')} rows={1} />}>
        {({ report, overTwelveHours }) =>
          report === null ? (
            <form className="form-row" onSubmit={(e) => (e.preventDefault(), toKobo(amount) !== null && open.mutate(toKobo(amount)!))}>
              <label className="field">
                <span>{t('shift.float')}</span>
                <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
              </label>
              <button type="submit" className="button button-primary button-large" disabled={toKobo(amount) === null || open.isPending}>
                {t('shift.open')}
              </button>
            </form>
          ) : (
            <>
              {overTwelveHours && <p className="field-error" role="alert">{t('shift.over12')}</p>}
              <ReportView report={report} />
              <button type="button" className="button button-ghost-dark" disabled={printReport.isPending} onClick={() => printReport.mutate({ kind: 'x' })}>
                {t('shift.printX')}
              </button>
              <div className="form-row">
                <label className="field">
                  <span>{t('shift.amount')}</span>
                  <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
                </label>
                <label className="field field-grow">
                  <span>{t('shift.reason')}</span>
                  <input value={reason} onChange={(e) => setReason(e.target.value)} />
                </label>
                <button type="button" className="button button-ghost-dark" disabled={toKobo(amount) === null || cash.isPending} onClick={() => cash.mutate('in')}>
                  {t('shift.cashIn')}
                </button>
                <button type="button" className="button button-ghost-dark" disabled={toKobo(amount) === null || cash.isPending} onClick={() => cash.mutate('out')}>
                  {t('shift.cashOut')}
                </button>
                {isSupervisor && (
                  <button type="button" className="button button-primary" disabled={toKobo(amount) === null || close.isPending} onClick={() => close.mutate(toKobo(amount)!)}>
                    {t('shift.close')}
                  </button>
                )}
              </div>
              {isSupervisor && <UnsentWarning />}
            </>
          )
        }
      </QueryState>
      {printReport.isSuccess && <p role="status">{printReport.data.state === 'printed' ? t('shift.printedJob', { title: printReport.data.title }) : printReport.data.lastError ? t('shift.failedJob', { title: printReport.data.title, reason: printWhyIn(t)(printReport.data) ?? printReport.data.lastError }) : t('shift.sentJob', { title: printReport.data.title })}</p>}
      {error && <p className="field-error" role="alert">{say(error.error)}</p>}
    </section>
  );
}
