import { posError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import type { PrintQueue, RequestedBy } from '../../printing';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';

type PrintChannel = 'printer:status' | 'printer:test-page' | 'receipt:reprint' | 'receipt:preview' | 'print:jobs' | 'print:retry' | 'report:print';

/**
 * Printing channels. The printer's status and a sale's receipt text are open like `sale:get` (the
 * status strip and the kiosk's "your receipt" screen show them before anyone signs in); anything
 * that prints, and the queue itself, needs signed-in staff, and who asked is kept with the job.
 */
export function createPrintingHandlers(ctx: PosContext): Pick<Handlers, PrintChannel> {
  const printing = async <T>(work: (queue: PrintQueue) => Result<T> | Promise<Result<T>>): Promise<Result<T>> =>
    ctx.printing.ok ? work(ctx.printing.value) : ctx.printing;

  const signedIn = (): Result<NonNullable<RequestedBy>> => {
    if (!ctx.sales.ok) return ctx.sales;
    const status = ctx.sales.value.staff.status();
    if (!status.ok) return status;
    const who = status.value.signedIn;
    return who ? ok({ staffId: who.id, name: who.name }) : fail(posError('UNAUTHORIZED', 'Sign in first.'));
  };
  const asStaff = <T>(work: (queue: PrintQueue, who: NonNullable<RequestedBy>) => Result<T> | Promise<Result<T>>) =>
    printing((queue) => {
      const who = signedIn();
      return who.ok ? work(queue, who.value) : who;
    });

  return {
    'printer:status': ({ refresh }) => printing(async (queue) => ok(await queue.status({ refresh }))),
    'printer:test-page': () => asStaff((queue, who) => queue.printTestPage(who)),
    'receipt:reprint': ({ saleId }) => asStaff((queue, who) => queue.reprint(saleId, who)),
    'receipt:preview': ({ saleId }) => printing((queue) => queue.preview(saleId)),
    'print:jobs': (query) => asStaff((queue) => queue.jobs(query)),
    'print:retry': ({ jobId }) => asStaff((queue) => queue.retry(jobId)),
    'report:print': (request) =>
      asStaff(async (queue, who) => {
        if (!ctx.sales.ok) return ctx.sales;
        const shifts = ctx.sales.value.shifts;
        if (request.kind === 'z') {
          const report = shifts.zReport({ zNumber: request.zNumber });
          return report.ok ? queue.printReport(report.value, who) : report;
        }
        const current = shifts.current();
        if (!current.ok) return current;
        if (!current.value.report) return fail(posError('SHIFT_REQUIRED', 'No shift is open, so there is no X report to print. Open a shift first.'));
        return queue.printReport(current.value.report, who);
      }),
  };
}
