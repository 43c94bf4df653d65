import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PrinterStatusView } from '@shared/printing/printer-status';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosEvent, usePosQuery } from '@renderer/pos/queries';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import { useHealthWords } from '@renderer/i18n/health-words';
import { printWhyIn } from '@renderer/i18n/error-text';
import { HeldReceipts } from './HeldReceipts';

/**
 * The printer as it is now (pushed on change), a test page, receipts waiting to print (Print now
 * asks the printer at once) and receipts that did not print. One that may already be on paper is
 * never sent again: its button prints a COPY, and once that is done the failed one leaves the list.
 * Kiosk receipts held for their customer (who left before it printed) are listed to print at the desk.
 */
export function PrinterPanel() {
  const t = useT();
  const say = useErrorText();
  const healthWords = useHealthWords();
  const pos = usePos();
  const client = useQueryClient();
  const status = usePosQuery('printer:status', {}, { staleTime: 0 });
  const failed = usePosQuery('print:jobs', { state: 'failed', limit: 20 }, { staleTime: 0 });
  const waiting = usePosQuery('print:jobs', { state: 'queued', limit: 20 }, { staleTime: 0, refetchInterval: 2_000 });
  const toDo = failed.data?.jobs.filter((job) => job.supersededBy === null) ?? [];
  const onStatus = useCallback((payload: PrinterStatusView, c: QueryClient) => {
    c.setQueryData(['printer:status', {}], payload);
    void c.invalidateQueries({ queryKey: ['print:jobs'] });
  }, []);
  usePosEvent('printer:status-changed', onStatus);
  const refresh = () => client.invalidateQueries({ queryKey: ['print:jobs'] });
  const testPage = useMutation({ mutationFn: async () => unwrap(await pos['printer:test-page']({})), onSettled: refresh });
  const retry = useMutation({ mutationFn: async (jobId: number) => unwrap(await pos['print:retry']({ jobId })), onSettled: refresh });
  const error = [testPage.error, retry.error].find((e) => e instanceof PosCallError) as PosCallError | undefined;
  const words = status.data ? healthWords(status.data) : null;

  return (
    <section className="panel" aria-labelledby="printer-title">
      <h2 id="printer-title">{t('printer.title')}</h2>
      {status.data && words && (
        <div className={`status-item status-${status.data.health}`} data-testid="printer-status">
          <span className="status-dot" aria-hidden="true" />
          <div>
            <div className="status-title">
              <strong>{words.label}</strong> · {status.data.printer}
            </div>
            <div className="status-detail">{words.detail}</div>
          </div>
        </div>
      )}
      <div className="form-row">
        <button type="button" className="button button-ghost-dark" disabled={testPage.isPending} onClick={() => testPage.mutate()}>
          {t('printer.test')}
        </button>
        <button type="button" className="button button-ghost-dark" onClick={() => void status.refetch()}>
          {t('printer.check')}
        </button>
      </div>
      {waiting.data && waiting.data.jobs.length > 0 && (
        <>
          <h3>{t('printer.waiting')}</h3>
          <ul className="sale-list">
            {[...waiting.data.jobs].reverse().map((job) => (
              <li key={job.id} className="form-row">
                <span className="field-grow">
                  <strong>{job.title}</strong>
                  {job.receiptNumber ? ` ${job.receiptNumber}` : ''}
                  {job.attempts > 0 ? ` — ${t('printer.tried', { count: job.attempts })}` : ''}
                </span>
                <button type="button" className="button button-primary" disabled={retry.isPending} onClick={() => retry.mutate(job.id)}>
                  {t('printer.printNow')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <HeldReceipts />
      {toDo.length > 0 && (
        <>
          <h3>{t('printer.failed')}</h3>
          <ul className="sale-list">
            {toDo.map((job) => (
              <li key={job.id} className="form-row">
                <span className="field-grow">
                  {/* Which receipt, as on its paper: after a restart several may be listed, and a copy is printed by its number. */}
                  <strong>{job.title}</strong>
                  {job.receiptNumber ? ` ${job.receiptNumber}` : ''} — {printWhyIn(t)(job)}
                </span>
                <button type="button" className="button button-primary" disabled={retry.isPending} onClick={() => retry.mutate(job.id)}>
                  {job.mayHavePrinted && job.saleId !== null ? t('printer.copy') : t('printer.again')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && <p className="field-error" role="alert">{say(error.error)}</p>}
    </section>
  );
}
