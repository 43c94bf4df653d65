/**
 * `payments.terminal`: how this till takes card payments.
 * - `none`: a standalone card machine; the cashier types its approval code (counter and front desk only).
 * - `simulated`: the simulated terminal (training mode only: it takes no real money).
 * - `paystack:TERMINAL_ID`: a Paystack Terminal driven by the till.
 * - empty: automatic, `simulated` in training mode and `none` with a live partner.
 */
export type TerminalSetting =
  | { kind: 'auto' }
  | { kind: 'none' }
  | { kind: 'simulated' }
  | { kind: 'paystack'; terminalId: string };

export const terminalSettingHint = 'must be none, simulated or paystack:TERMINAL_ID (or empty for automatic)';

export function parseTerminalSetting(value: string): { ok: true; setting: TerminalSetting } | { ok: false; why: string } {
  const text = value.trim();
  if (text === '' || text === 'auto') return { ok: true, setting: { kind: 'auto' } };
  if (text === 'none') return { ok: true, setting: { kind: 'none' } };
  if (text === 'simulated') return { ok: true, setting: { kind: 'simulated' } };
  const paystack = /^paystack:(.*)$/.exec(text);
  if (paystack) {
    const terminalId = paystack[1]!.trim();
    // Paystack's terminal ids are opaque; they only have to be safe in a URL path.
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(terminalId)) return { ok: false, why: 'paystack:TERMINAL_ID needs the terminal id from the Paystack dashboard (letters, digits, - or _)' };
    return { ok: true, setting: { kind: 'paystack', terminalId } };
  }
  return { ok: false, why: terminalSettingHint };
}
