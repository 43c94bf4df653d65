import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrintJobView } from '@shared/printing/print-jobs';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { useErrorText, useT } from '@renderer/i18n/I18nProvider';

/** The search a customer's code or receipt number is typed in: upper case, no spaces or dashes. */
const key = (text: string) => text.toUpperCase().replace(/[\s-]/g, '');

const matches = (job: PrintJobView, search: string) =>
  [job.sale?.code, job.receiptNumber, job.saleId].some((field) => field !== null && field !== undefined && key(field).includes(key(search)));

/**
 * Kiosk receipts held for their customer (they did not print while the customer was there, and
 * never print by themselves): each named by its receipt number, what was sold and the code the
 * customer was shown, with Print now (the original, once; a later print is a COPY). With `search`,
 * only those whose code, receipt number or sale matches it (the desk's code lookup), and nothing
 * at all when none does.
 */
export function HeldReceipts({ search }: { search?: string }) {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const client = useQueryClient();
  const held = usePosQuery('print:jobs', { state: 'held', limit: 50 }, { staleTime: 0, refetchInterval: 5_000 });
  const print = useMutation({ mutationFn: async (jobId: number) => unwrap(await pos['print:retry']({ jobId })), onSettled: () => client.invalidateQueries({ queryKey: ['print:jobs'] }) });
  const jobs = (held.data?.jobs ?? []).filter((job) => search === undefined || (key(search) !== '' && matches(job, search)));
  if (jobs.length === 0) return null;
  return (
    <div data-testid="held-receipts">
      <h3>{t('printer.held')}</h3>
      <p className="muted">{t('printer.heldHint')}</p>
      <ul className="sale-list">
        {jobs.map((job) => (
          <li key={job.id} className="form-row">
            <span className="field-grow">
              <strong>{t('printer.heldJob', { number: job.receiptNumber ?? '', what: job.sale?.what ?? job.title, code: job.sale?.code ?? job.saleId ?? '' })}</strong>
              {job.sale?.customer ? ` · ${job.sale.customer}` : ''}
            </span>
            <button type="button" className="button button-primary" disabled={print.isPending} onClick={() => print.mutate(job.id)}>
              {t('printer.printNow')}
            </button>
          </li>
        ))}
      </ul>
      {print.error instanceof PosCallError && <p className="field-error" role="alert">{say(print.error.error)}</p>}
    </div>
  );
}
