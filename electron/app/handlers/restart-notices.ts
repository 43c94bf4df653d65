import { ok } from '../../../shared/result';
import { unsettledStates } from '../../../shared/sales/sale-states';
import type { RestartOutcome, StaffRestartNotice } from '../../../shared/sales/restart-notice';
import type { Journal } from '../../journal';
import type { Sale } from '../../journal/sale-records';
import { receiptNumberText } from '../../printing/layout/receipt-format';
import type { Handlers } from '../dispatch';
import type { PosContext } from '../context';
import { withSales } from './with-sales';

/** How long a kiosk's attract screen tells the customer a restart interrupted about it. */
const KIOSK_NOTICE_MS = 10 * 60_000;
/** A self-service sale begun this recently, cut off by the stop: its customer may still stand there. */
const KIOSK_CUSTOMER_MS = 15 * 60_000;

/**
 * What this start found the stop had cut off, read before the start's own settling moves those
 * sales on (the card terminal's lookups, the reconciler, the print queue failing jobs left printing):
 * the one source of both restart notices, the kiosk customer's and the staff's.
 */
export interface StartFound {
  at: Date;
  /** Sales left in flight (pending or sent: at the card terminal, or the partner called) and sales whose receipt was printing. */
  cut: { saleId: string; cut: 'inFlight' | 'atTerminal' | 'printing'; printJobId: number | null }[];
  /** A self-service sale begun in the last quarter of an hour was among them: its customer saw Welcome come back. */
  kioskCustomer: boolean;
  /** Staff read the notice on this till (kept for this start only: the next start finds afresh). */
  seen: boolean;
}

export function whatTheStartFound(journal: Journal | null, clock: () => Date): StartFound {
  const at = clock();
  const found: StartFound = { at, cut: [], kioskCustomer: false, seen: false };
  if (!journal) return found;
  const open = journal.sales.listByState([...unsettledStates]);
  if (open.ok) {
    // An `unknown` sale was already waiting for a lookup before the stop: Needs attention has it; the stop cut nothing.
    const inFlight = open.value.filter((sale) => sale.state === 'pending' || sale.state === 'sent');
    for (const sale of inFlight) found.cut.push({ saleId: sale.id, cut: atTerminal(sale) ? 'atTerminal' : 'inFlight', printJobId: null });
    found.kioskCustomer = open.value.some((sale) => sale.staffId === null && at.getTime() - Date.parse(sale.createdAt) < KIOSK_CUSTOMER_MS);
  }
  const printing = journal.printJobs.list({ states: ['printing'] });
  if (printing.ok) {
    for (const job of printing.value) {
      if ((job.kind === 'receipt' || job.kind === 'reprint') && job.saleId && !found.cut.some((c) => c.saleId === job.saleId)) found.cut.push({ saleId: job.saleId, cut: 'printing', printJobId: job.id });
    }
  }
  return found;
}

/** A card sale not yet sent: only one paid at the till's own terminal waits unsent (the others are sent as they are written). */
const atTerminal = (sale: Sale) => sale.state === 'pending' && sale.tenders.some((t) => t.kind === 'card');

/** The kiosk's public notice (a time only) and the staff's (each sale, where it stands), from one StartFound. */
export function createRestartNoticeHandlers(ctx: PosContext, found: StartFound, journal: Journal | null): Pick<Handlers, 'kiosk:restart-notice' | 'sale:restart-notice' | 'sale:restart-notice-seen'> {
  const sales = withSales(ctx);
  /** The sale's receipt number as printed, and whether the receipt the stop cut off still waits for staff (not printed since, no copy). */
  const receiptOf = (saleId: string, cutJobId: number | null) => {
    const jobs = journal?.printJobs.list({ saleId });
    const original = jobs?.ok ? jobs.value.find((job) => job.kind === 'receipt') : undefined;
    const cutJob = cutJobId === null || !jobs?.ok ? undefined : jobs.value.find((job) => job.id === cutJobId);
    return {
      number: original?.receiptNumber ? receiptNumberText(original.terminalId, original.receiptNumber) : null,
      waiting: cutJob !== undefined && cutJob.state !== 'printed' && cutJob.supersededBy === null,
    };
  };
  const staffNotice = () =>
    sales((s) => {
      if (found.seen || found.cut.length === 0) return ok<StaffRestartNotice>({ notice: null });
      // The rejected sales Needs attention lists for their money to be given back by hand.
      const rejectedToGiveBack = journal ? journal.sales.listMoneyToGiveBack() : ok([]);
      if (!rejectedToGiveBack.ok) return rejectedToGiveBack;
      const toGiveBack = new Set(rejectedToGiveBack.value.map((sale) => sale.id));
      const entries: NonNullable<StaffRestartNotice['notice']>['sales'] = [];
      for (const cut of found.cut) {
        const view = s.get(cut.saleId);
        if (!view.ok) continue;
        const sale = view.value;
        const receipt = receiptOf(sale.id, cut.printJobId);
        const outcome: RestartOutcome = unsettledStates.includes(sale.state)
          ? cut.cut === 'atTerminal' && sale.state === 'pending'
            ? 'atTerminal'
            : 'checking'
          : sale.state === 'rejected'
            ? toGiveBack.has(sale.id)
              ? 'giveBack'
              : sale.tenders.some((t) => t.paidAtTerminal)
                ? 'cardBack'
                : 'nothingTaken'
            : receipt.waiting
              ? 'checkReceipt'
              : 'done';
        entries.push({ cut: cut.cut, outcome, receiptNumber: receipt.number, sale });
      }
      // Nothing left to do about any of them: the notice has said all it had to.
      const settled = entries.every((e) => e.outcome === 'done' || e.outcome === 'nothingTaken' || e.outcome === 'cardBack');
      return ok<StaffRestartNotice>({ notice: settled ? null : { restartedAt: found.at.toISOString(), sales: entries } });
    });
  return {
    'kiosk:restart-notice': async () =>
      ok({ restartedAt: ctx.config.terminal.profile === 'kiosk' && found.kioskCustomer && ctx.clock().getTime() - found.at.getTime() < KIOSK_NOTICE_MS ? found.at.toISOString() : null }),
    'sale:restart-notice': staffNotice,
    // Whoever is signed in (the channel's access rule) read it for the till: staff signing in after them are not told again.
    'sale:restart-notice-seen': async () => {
      found.seen = true;
      return ok<StaffRestartNotice>({ notice: null });
    },
  };
}
