import type { CountSheet } from '../../shared/sales/cash-count';
import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { ShiftReport, ZReport, ZReportSummary } from '../../shared/sales/reports';
import type { Journal, Staff } from '../journal';
import type { Logger } from '../core/logger';
import type { DrawerRule } from '../../shared/printing/cash-drawer';
import { onlySupervisors, type StaffDesk } from './staff-desk';
import type { Approvals } from './approvals';
import type { Approval } from '../../shared/sales/staff';
import type { DrawerWatchPort } from './drawer-watch-port';

const twelveHoursMs = 12 * 3_600_000;

export interface ShiftDesk {
  /** The open shift's X report (null when none) and whether it has run past 12 hours; no sign-in needed. */
  current(): Result<{ report: ShiftReport | null; overTwelveHours: boolean; firstShift: boolean }>;
  open(input: { floatKobo: number }): Result<ShiftReport>;
  /**
   * Cash put into the drawer or taken out, with a reason, each with its voucher. Cash out is
   * anyone's, or, where the till keeps it to supervisors, a supervisor's or a cashier's with another
   * supervisor's PIN typed on her screen (`approval`), recorded beside the movement.
   */
  cash(input: { kind: 'in' | 'out'; amountKobo: number; reason: string; approval?: Approval }): Promise<Result<ShiftReport>>;
  /**
   * The drawer opened without a sale, with a reason: on the shift's reports. By whoever is signed
   * in, or, where the till keeps it to supervisors, by a supervisor signed in or by a cashier with
   * another supervisor's PIN typed on her screen (`approval`), recorded beside the opening.
   */
  noSale(input: { reason: string; approval?: Approval }): Promise<Result<ShiftReport>>;
  /** Supervisor only. */
  close(input: { countedKobo: number; countSheet?: CountSheet }): Result<ZReport>;
  zReport(input: { zNumber: number }): Result<ZReport>;
  /** Supervisor only: the till's Z reports, newest first. */
  zReports(input: { limit: number; before?: number }): Result<{ reports: ZReportSummary[] }>;
  /** Whether the journal holds any shift yet (the till's number may change only before the first). */
  anyRecorded(): Result<boolean>;
}

/** The drawer: every figure comes from the journal; this only says who may do what. */
export function createShiftDesk(deps: {
  journal: Journal;
  staff: StaffDesk;
  approvals: Approvals;
  clock: () => Date;
  logger: Logger;
  salesInFlight: () => number;
  noSaleBy: DrawerRule;
  cashOutBy: DrawerRule;
  drawerWatch: DrawerWatchPort | null;
}): ShiftDesk {
  const { journal, staff, logger } = deps;

  /**
   * Who let `who` do what the till's rule keeps to supervisors: nobody needed (undefined) when the
   * rule is anyone's or `who` is a supervisor; else the supervisor whose PIN approves it, or the refusal.
   */
  const approvedFor = async (who: Staff, rule: DrawerRule, action: 'noSale' | 'cashOut', approval: Approval | undefined): Promise<Result<number | undefined>> => {
    if (rule === 'anyone' || who.role === 'supervisor') return ok(undefined);
    if (!approval) return fail(onlySupervisors(action));
    const approver = await deps.approvals.approve(who, approval, action);
    return approver.ok ? ok(approver.value.id) : approver;
  };

  return {
    // Open to the screen before sign-in: it decides what to ask for (sign in, open a shift).
    current() {
      const shift = journal.shifts.current();
      if (!shift.ok) return shift;
      if (!shift.value) {
        const recorded = journal.shifts.anyRecorded();
        if (!recorded.ok) return recorded;
        return ok({ report: null, overTwelveHours: false, firstShift: !recorded.value });
      }
      const report = journal.shifts.xReport(shift.value.id);
      if (!report.ok) return report;
      const overTwelveHours = deps.clock().getTime() - Date.parse(shift.value.openedAt) > twelveHoursMs;
      return ok({ report: report.value, overTwelveHours, firstShift: false });
    },

    open({ floatKobo }) {
      const who = staff.signedIn();
      if (!who.ok) return who;
      const opened = journal.shifts.open({ staffId: who.value.id, floatKobo });
      if (!opened.ok) return opened;
      logger.info('shift opened', { shiftId: opened.value.id, number: opened.value.number, by: who.value.id });
      return journal.shifts.xReport(opened.value.id);
    },

    async cash({ kind, amountKobo, reason, approval }) {
      const who = staff.signedIn();
      if (!who.ok) return who;
      const approvedBy = kind === 'out' ? await approvedFor(who.value, deps.cashOutBy, 'cashOut', approval) : ok(undefined);
      if (!approvedBy.ok) return approvedBy;
      const moved = journal.shifts.moveCash({ kind, amountKobo, reason, staffId: who.value.id, ...(approvedBy.value !== undefined && { approvedBy: approvedBy.value }) });
      if (!moved.ok) return moved;
      if (approvedBy.value !== undefined) logger.info('cash out approved', { movementId: moved.value.id, by: who.value.id, approvedBy: approvedBy.value });
      return journal.shifts.xReport(moved.value.shiftId);
    },

    async noSale({ reason, approval }) {
      const who = staff.signedIn();
      if (!who.ok) return who;
      const approvedBy = await approvedFor(who.value, deps.noSaleBy, 'noSale', approval);
      if (!approvedBy.ok) return approvedBy;
      const opened = journal.shifts.openDrawer({ reason, staffId: who.value.id, ...(approvedBy.value !== undefined && { approvedBy: approvedBy.value }) });
      if (!opened.ok) return opened;
      logger.info('drawer opened without a sale', { openingId: opened.value.id, shiftId: opened.value.shiftId, by: who.value.id, approvedBy: approvedBy.value ?? null });
      return journal.shifts.xReport(opened.value.shiftId);
    },

    close({ countedKobo, countSheet }) {
      const boss = staff.supervisor('closeShift');
      if (!boss.ok) return boss;
      // A purchase in flight would land in a shift whose Z report is already frozen.
      if (deps.salesInFlight() > 0) {
        return fail(saidError('CONFLICT', 'said.saleInProgress'));
      }
      // A drawer standing open now belongs on this Z report: once closed, the shift takes no more.
      deps.drawerWatch?.leftOpenUntil(deps.clock());
      const closed = journal.shifts.close({ staffId: boss.value.id, countedKobo, ...(countSheet && { countSheet }) });
      if (!closed.ok) return closed;
      logger.info('shift closed', { shiftId: closed.value.shift.id, zNumber: closed.value.zReport.zNumber, differenceKobo: closed.value.zReport.differenceKobo });
      return ok(closed.value.zReport);
    },

    anyRecorded: () => journal.shifts.anyRecorded(),

    zReports(input) {
      const boss = staff.supervisor('viewZReports');
      if (!boss.ok) return boss;
      const reports = journal.shifts.zReports(input);
      return reports.ok ? ok({ reports: reports.value }) : reports;
    },

    zReport({ zNumber }) {
      const who = staff.signedIn();
      if (!who.ok) return who;
      const report = journal.shifts.zReport(zNumber);
      if (!report.ok) return report;
      return report.value ? ok(report.value) : fail(saidError('NOT_FOUND', 'said.noZReport', { number: String(zNumber) }));
    },
  };
}
