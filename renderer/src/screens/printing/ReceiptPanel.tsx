import { useCallback, useRef, useState } from 'react';
import { Chip } from '@ui/Chip';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PrintJobView } from '@shared/printing/print-jobs';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosEvent, usePosQuery } from '@renderer/pos/queries';
import { useT, useErrorText } from '@renderer/i18n/I18nProvider';
import type { Translate } from '@renderer/i18n/format';
import { printWhyIn } from '@renderer/i18n/error-text';
import { PaperPreview } from './PaperPreview';

const jobState = (t: Translate, job: PrintJobView | undefined, printerDown: boolean): string => {
  if (!job) return t('receipt.none');
  if (job.state === 'printed') {
    if (job.copyNumber !== 0) return t('receipt.copyPrinted', { copy: job.copyNumber });
    return job.receiptNumber ? t('receipt.printedNumber', { number: job.receiptNumber }) : t('receipt.printed');
  }
  // Main's reason, in the reader's language when it named a sentence; the default is ours.
  if (job.state === 'held') return t('receipt.held');
  if (job.state === 'failed') return t('receipt.failed', { reason: printWhyIn(t)(job) ?? t('receipt.failedDefault') });
  // The reason is on the status strip and in Staff -> Printer; here the cashier needs to know it is not lost.
  // A receipt kept back untried (out of paper, cover open) is waiting, not printing.
  return job.attempts > 0 || printerDown ? t('receipt.waiting') : t('receipt.printing');
};

/** Taps on Print again closer together than this are one tap (a double tap is ~0.3 s apart). */
const copyTapGapMs = 1500;

/** The receipt as it printed (or will), whether the printer took it, and a reprint marked COPY. */
export function ReceiptPanel({ saleId, canReprint }: { saleId: string; canReprint: boolean }) {
  const t = useT();
  const say = useErrorText();
  const pos = usePos();
  const client = useQueryClient();
  const jobs = usePosQuery('print:jobs', { saleId, limit: 50 }, { staleTime: 0, refetchInterval: (q) => (q.state.data?.jobs.some((j) => j.state === 'queued' || j.state === 'printing') ? 1000 : 10_000) });
  // Which paper is shown: the latest receipt (null), or a slip of the sale (a refund's two copies),
  // so a till on the preview printer shows what the customer and the drawer would have been handed.
  const [shown, setShown] = useState<number | null>(null);
  const preview = usePosQuery('receipt:preview', shown === null ? { saleId } : { saleId, jobId: shown }, { staleTime: 0 });
  const slips = [...(jobs.data?.jobs ?? [])].filter((job) => job.kind === 'slip').reverse();
  const refresh = useCallback((_: unknown, c: QueryClient) => void c.invalidateQueries({ queryKey: ['print:jobs'] }), []);
  usePosEvent('printer:status-changed', refresh);
  const reprint = useMutation({
    mutationFn: async () => unwrap(await pos['receipt:reprint']({ saleId })),
    onSettled: () => client.invalidateQueries({ queryKey: ['print:jobs'] }).then(() => client.invalidateQueries({ queryKey: ['receipt:preview'] })),
  });
  // One tap, one COPY. A double tap (or a second tap while the first copy comes out) printed two
  // papers, and a cinema receipt is the admission ("ADMIT 4"): the second tap within a moment of
  // the first is taken as the same tap. A copy asked for after that still prints.
  const lastTap = useRef(0);
  const printCopy = () => {
    const now = Date.now();
    if (reprint.isPending || now - lastTap.current < copyTapGapMs) return;
    lastTap.current = now;
    reprint.mutate();
  };
  // The line above the paper is about the receipt (its newest print), not a slip printed later.
  const latest = jobs.data?.jobs.find((job) => job.kind === 'receipt' || job.kind === 'reprint') ?? jobs.data?.jobs[0];
  const waiting = latest?.state === 'queued' || latest?.state === 'printing';
  const printer = usePosQuery('printer:status', {}, { staleTime: 0, enabled: waiting, refetchInterval: waiting ? 1000 : false });
  return (
    <section className="receipt-panel" aria-label={t('receipt.label')}>
      <p className={`print-state print-${latest?.state ?? 'none'}`} role="status" data-testid="print-state">
        {jobState(t, latest, waiting && printer.data?.health === 'down')}
      </p>
      {slips.length > 0 && (
        <div className="chips" role="radiogroup" aria-label={t('receipt.papers')}>
          <Chip selected={shown === null} onClick={() => setShown(null)}>
            {t('receipt.label')}
          </Chip>
          {slips.map((job, index) => (
            <Chip key={job.id} selected={shown === job.id} onClick={() => setShown(job.id)}>
              {t('receipt.slipNumber', { number: index + 1 })}
            </Chip>
          ))}
        </div>
      )}
      {preview.data && <PaperPreview text={preview.data.text} label={t('receipt.preview')} testId="receipt-preview" />}
      {canReprint && (
        <button type="button" className="button button-ghost-dark" disabled={reprint.isPending} onClick={printCopy}>
          {reprint.isPending ? t('receipt.printing') : latest?.state === 'printed' || latest?.mayHavePrinted ? t('receipt.printAgainCopy') : t('printer.printNow')}
        </button>
      )}
      {reprint.error instanceof PosCallError && <p className="field-error" role="alert">{say(reprint.error.error)}</p>}
    </section>
  );
}
