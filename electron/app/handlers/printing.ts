import { saidError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import type { Caller } from '../access-gate';
import type { PrintQueue, RequestedBy } from '../../printing';
import type { PosContext } from '../context';
import type { ReportPrintRequest } from '../../../shared/printing/print-jobs';
import type { ShiftReport, ZReport } from '../../../shared/sales/reports';
import type { Handlers } from '../dispatch';

type PrintChannel = 'printer:status' | 'printer:test-page' | 'receipt:reprint' | 'receipt:preview' | 'receipt:status' | 'print:jobs' | 'print:retry' | 'report:print' | 'report:preview';

/**
 * Printing channels. Who may call each is written in the contract and checked by dispatch; here
 * the signed-in caller is only recorded with the jobs they ask for.
 */
export function createPrintingHandlers(ctx: PosContext): Pick<Handlers, PrintChannel> {
  const printing = async <T>(work: (queue: PrintQueue) => Result<T> | Promise<Result<T>>): Promise<Result<T>> =>
    ctx.printing.ok ? work(ctx.printing.value) : ctx.printing;

  /** The report a print or its preview is of: the open shift's running totals (X), or a closed shift's by number (Z). */
  const shiftReport = (request: ReportPrintRequest): Result<ShiftReport | ZReport> => {
    if (!ctx.sales.ok) return ctx.sales;
    const shifts = ctx.sales.value.shifts;
    if (request.kind === 'z') return shifts.zReport({ zNumber: request.zNumber });
    const current = shifts.current();
    if (!current.ok) return current;
    return current.value.report ? ok(current.value.report) : fail(saidError('SHIFT_REQUIRED', 'said.noXReport'));
  };
  const bind = <A, B>(first: Result<A>, next: (value: A) => Result<B> | Promise<Result<B>>): Result<B> | Promise<Result<B>> => (first.ok ? next(first.value) : first);

  const requestedBy = (caller: Caller): RequestedBy => (caller.staff ? { staffId: caller.staff.id, name: caller.staff.name } : null);

  return {
    'printer:status': ({ refresh }) => printing(async (queue) => ok(await queue.status({ refresh }))),
    'printer:test-page': (_request, caller) => printing((queue) => queue.printTestPage(requestedBy(caller))),
    'receipt:reprint': ({ saleId }, caller) => printing((queue) => queue.reprint(saleId, requestedBy(caller))),
    'receipt:preview': ({ saleId, jobId }) => printing((queue) => queue.preview(saleId, jobId)),
    'receipt:status': ({ saleId }) => printing((queue) => queue.jobs({ saleId, limit: 20 })),
    'print:jobs': (query) => printing((queue) => queue.jobs(query)),
    'print:retry': ({ jobId }, caller) => printing((queue) => queue.retry(jobId, requestedBy(caller))),
    'report:print': (request, caller) => printing((queue) => bind(shiftReport(request), (report) => queue.printReport(report, requestedBy(caller)))),
    'report:preview': (request, caller) => printing((queue) => bind(shiftReport(request), (report) => queue.previewReport(report, requestedBy(caller)))),
  };
}
