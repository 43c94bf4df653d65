import { useCallback } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PrintJobView } from '@shared/printing/print-jobs';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosEvent, usePosQuery } from '@renderer/pos/queries';

const jobState = (job: PrintJobView | undefined): string => {
  if (!job) return 'Receipt not printed yet.';
  if (job.state === 'printed') return job.copyNumber === 0 ? `Receipt ${job.receiptNumber ?? ''} printed.`.replace('  ', ' ') : `COPY ${job.copyNumber} printed.`;
  if (job.state === 'failed') return `Receipt not printed: ${job.lastError ?? 'the printer did not take it.'}`;
  // The reason is on the status strip and in Staff -> Printer; here the cashier needs to know it is not lost.
  return job.attempts > 0 ? 'Waiting for the printer: it prints by itself as soon as the printer answers.' : 'Printing…';
};

/** The receipt as it printed (or will), whether the printer took it, and a reprint marked COPY. */
export function ReceiptPanel({ saleId, canReprint }: { saleId: string; canReprint: boolean }) {
  const pos = usePos();
  const client = useQueryClient();
  const jobs = usePosQuery('print:jobs', { saleId, limit: 5 }, { staleTime: 0, refetchInterval: (q) => (q.state.data?.jobs.some((j) => j.state === 'queued' || j.state === 'printing') ? 1000 : 10_000) });
  const preview = usePosQuery('receipt:preview', { saleId }, { staleTime: 0 });
  const refresh = useCallback((_: unknown, c: QueryClient) => void c.invalidateQueries({ queryKey: ['print:jobs'] }), []);
  usePosEvent('printer:status-changed', refresh);
  const reprint = useMutation({
    mutationFn: async () => unwrap(await pos['receipt:reprint']({ saleId })),
    onSettled: () => client.invalidateQueries({ queryKey: ['print:jobs'] }).then(() => client.invalidateQueries({ queryKey: ['receipt:preview'] })),
  });
  const latest = jobs.data?.jobs[0];
  return (
    <section className="receipt-panel" aria-label="Receipt">
      <p className={`print-state print-${latest?.state ?? 'none'}`} role="status" data-testid="print-state">
        {jobState(latest)}
      </p>
      {preview.data && (
        <pre className="receipt-paper" aria-label="Receipt preview" data-testid="receipt-preview">
          {preview.data.text}
        </pre>
      )}
      {canReprint && (
        <button type="button" className="button button-ghost-dark" disabled={reprint.isPending} onClick={() => reprint.mutate()}>
          {reprint.isPending ? 'Printing…' : latest?.state === 'printed' || latest?.mayHavePrinted ? 'Print again (COPY)' : 'Print now'}
        </button>
      )}
      {reprint.error instanceof PosCallError && <p className="field-error" role="alert">{reprint.error.error.message}</p>}
    </section>
  );
}
