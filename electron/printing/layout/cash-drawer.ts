import type { CashDrawer } from '../../../shared/printing/cash-drawer';
import type { PrinterType } from './render-escpos';

const ESC = 0x1b;
const BEL = 0x07;
const SUB = 0x1a;

/**
 * The pulse that opens the drawer, in the printer's own commands; nothing for `off`.
 * EPSON: ESC p m t1 t2, a 50 ms pulse (t1 = 25 × 2 ms) then 500 ms rest (t2 = 250 × 2 ms), the
 * values drawer makers ask for. node-thermal-printer's `openCashDrawer()` sends ESC p m without
 * its two timing bytes, so the printer would take the next two bytes of the receipt as them.
 * STAR line mode: ESC BEL n1 n2 sets drawer 1's pulse, BEL drives it; SUB drives drawer 2.
 */
export function drawerPulse(type: PrinterType, drawer: CashDrawer): Buffer {
  if (drawer === 'off') return Buffer.alloc(0);
  if (type === 'star') return drawer === 'pin-2' ? Buffer.from([ESC, BEL, 0x0b, 0x37, BEL]) : Buffer.from([SUB]);
  return Buffer.from([ESC, 0x70, drawer === 'pin-2' ? 0 : 1, 25, 250]);
}
