import type { CashMovementRecorded } from '../../journal';
import type { ReceiptSettings } from './receipt-settings';
import type { SlipInputDraft } from './slip-input';

/**
 * The voucher for cash put into or taken out of the drawer outside a sale (change brought from the
 * safe, a supplier paid): it goes into the drawer in place of the cash, so the count at close has
 * paper for every naira that is not there. Numbered by the movement, in English like every staff
 * paper; it opens the drawer.
 */
export function cashVoucher(movement: CashMovementRecorded, context: { settings: ReceiptSettings; trainingMode: boolean }): SlipInputDraft {
  const out = movement.kind === 'out';
  return {
    title: out ? 'CASH OUT' : 'CASH IN',
    subtitle: out ? 'Taken out of the drawer' : 'Put into the drawer',
    merchant: context.settings.merchant,
    terminal: context.settings.terminal,
    training: context.trainingMode,
    issuedAt: movement.at,
    staffName: movement.staffName,
    sections: [
      {
        heading: null,
        rows: [
          { kind: 'amount', label: out ? 'Paid out' : 'Paid in', amountKobo: movement.amountKobo, bold: true },
          { kind: 'field', label: 'Reason', value: movement.reason },
          { kind: 'pair', label: 'Shift', value: String(movement.shiftNumber) },
          { kind: 'pair', label: 'Voucher no.', value: String(movement.id) },
          // A cashier's cash out on a till that keeps it to supervisors: whose PIN let the cash go.
          ...(movement.approvedByName === null ? [] : [{ kind: 'field' as const, label: 'Approved by', value: movement.approvedByName }]),
        ],
      },
    ],
    signatures: [out ? 'Cash received by' : 'Cash brought by'],
    cashMoves: true,
  };
}
