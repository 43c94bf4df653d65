import type { DrawerOpeningRecorded } from '../../journal';
import type { ReceiptSettings } from './receipt-settings';
import type { SlipInputDraft } from './slip-input';

/**
 * The slip of a "no sale": the drawer opened without a sale (change for a note, a note checked).
 * It is the drawer's pulse and its paper trail at once: numbered by the opening, who and why, kept
 * in the drawer with the cash vouchers. No money line: nothing was paid in or out.
 */
export function noSaleSlip(opening: DrawerOpeningRecorded, context: { settings: ReceiptSettings; trainingMode: boolean }): SlipInputDraft {
  return {
    title: 'NO SALE',
    subtitle: 'Drawer opened without a sale',
    merchant: context.settings.merchant,
    terminal: context.settings.terminal,
    training: context.trainingMode,
    issuedAt: opening.at,
    staffName: opening.staffName,
    sections: [
      {
        heading: null,
        rows: [
          { kind: 'field', label: 'Reason', value: opening.reason },
          { kind: 'pair', label: 'Shift', value: String(opening.shiftNumber) },
          { kind: 'pair', label: 'No sale no.', value: String(opening.id) },
          // A cashier's no sale on a till that keeps it to supervisors: whose PIN let the drawer open.
          ...(opening.approvedByName === null ? [] : [{ kind: 'field' as const, label: 'Approved by', value: opening.approvedByName }]),
        ],
      },
    ],
    signatures: [],
    cashMoves: true,
  };
}
