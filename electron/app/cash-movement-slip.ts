import type { ShiftReport } from '../../shared/sales/reports';
import { isTrainingMode, type PosConfig } from '../core/config/schema';
import type { Logger } from '../core/logger';
import { receiptSettingsFrom, type PrintQueue, type SlipInputDraft } from '../printing';

export interface CashMovement {
  kind: 'in' | 'out';
  amountKobo: number;
  reason: string;
}

/**
 * The voucher for cash put into or taken out of the drawer outside a sale (change brought from the
 * safe, a supplier paid): it goes into the drawer in place of the cash, so the count at close has
 * paper for every naira that is not there. In English like every staff paper; it opens the drawer.
 */
export function cashMovementSlip(move: CashMovement, shift: Pick<ShiftReport, 'shiftNumber'>, staffName: string, config: PosConfig, issuedAt: string): SlipInputDraft {
  const settings = receiptSettingsFrom(config);
  const out = move.kind === 'out';
  return {
    title: out ? 'CASH OUT' : 'CASH IN',
    subtitle: out ? 'Taken out of the drawer' : 'Put into the drawer',
    merchant: settings.merchant,
    terminal: settings.terminal,
    training: isTrainingMode(config),
    issuedAt,
    staffName,
    sections: [
      {
        heading: null,
        rows: [
          { kind: 'amount', label: out ? 'Paid out' : 'Paid in', amountKobo: move.amountKobo, bold: true },
          { kind: 'field', label: 'Reason', value: move.reason },
          { kind: 'pair', label: 'Shift', value: String(shift.shiftNumber) },
        ],
      },
    ],
    signatures: [out ? 'Cash received by' : 'Cash brought by'],
    cashMoves: true,
  };
}

/**
 * Queues the voucher once the movement is in the journal. Printing never touches the movement: a
 * voucher that cannot be queued is logged, and one the printer cannot take waits in the queue.
 */
export async function printCashMovementSlip(
  deps: { printing: Pick<PrintQueue, 'printSlip'>; config: PosConfig; logger: Logger; clock: () => Date },
  move: CashMovement,
  shift: Pick<ShiftReport, 'shiftNumber'>,
  staffName: string,
): Promise<void> {
  const slip = cashMovementSlip(move, shift, staffName, deps.config, deps.clock().toISOString());
  const job = await deps.printing.printSlip(slip, { saleId: null, requestedBy: null });
  if (!job.ok) deps.logger.error('cash voucher not printed', { kind: move.kind, shiftNumber: shift.shiftNumber, code: job.error.code });
}
