import { useState } from 'react';
import type { PrintJobView, ReportPrintRequest } from '@shared/printing/print-jobs';
import { printWhyIn } from '@renderer/i18n/error-text';
import { usePosQuery } from '@renderer/pos/queries';
import { useT } from '@renderer/i18n/I18nProvider';
import { Button } from '@ui/Button';
import { Sheet } from '@ui/Sheet';
import { LoadingBlock, QueryState } from '@ui/Status';
import { PaperPreview } from '@renderer/screens/printing/PaperPreview';

/**
 * "See the paper" beside a report's Print button: the X or Z report as the printer lays it out
 * (`report:preview`, the same builder as `report:print`), on screen before printing or without a
 * printer at all. The sheet prints it too.
 */
export function ReportPaperButton({ request, printLabel, printing, onPrint }: { request: ReportPrintRequest; printLabel: string; printing: boolean; onPrint: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('report.paper.show')}
      </Button>
      {open && (
        <Sheet
          title={request.kind === 'z' ? t('report.paper.titleZ', { number: request.zNumber }) : t('report.paper.titleX')}
          onClose={() => setOpen(false)}
          actions={
            <>
              <Button variant="secondary" size="large" onClick={() => setOpen(false)}>
                {t('common.close')}
              </Button>
              <Button variant="primary" size="large" busy={printing} onClick={() => (onPrint(), setOpen(false))}>
                {printLabel}
              </Button>
            </>
          }
        >
          <ReportPaper request={request} />
        </Sheet>
      )}
    </>
  );
}

function ReportPaper({ request }: { request: ReportPrintRequest }) {
  const t = useT();
  // Asked afresh each time it is opened: an X report's figures move with every sale.
  const paper = usePosQuery('report:preview', request, { staleTime: 0, gcTime: 0 });
  return (
    <QueryState query={paper} loading={<LoadingBlock label={t('report.paper.loading')} rows={4} />}>
      {({ text }) => (
        <>
          <p className="muted">{t('report.paper.hint')}</p>
          {/* The paper scrolls inside the sheet (by touch, or by keys once focused): Print and Close stay in view. */}
          <PaperPreview text={text} label={t('report.paper.label')} testId="report-paper" scrolls />
        </>
      )}
    </QueryState>
  );
}

/**
 * What became of a report sent to the printer, in the reader's language: the report is named from
 * what was asked (main's job title is English, for the print queue's log).
 */
export function ReportPrintStatus({ job, request, shiftNumber }: { job: PrintJobView; request: ReportPrintRequest; shiftNumber?: number }) {
  const t = useT();
  const title = request.kind === 'z' ? t('shift.jobZ', { number: request.zNumber }) : shiftNumber ? t('shift.jobXShift', { shift: shiftNumber }) : t('shift.jobX');
  return (
    <p role="status">
      {job.state === 'printed'
        ? t('shift.printedJob', { title })
        : job.lastError
          ? t('shift.failedJob', { title, reason: printWhyIn(t)(job) ?? job.lastError })
          : t('shift.sentJob', { title })}
    </p>
  );
}
