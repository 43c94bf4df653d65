import type { TerminalProfile } from '../../shared/app';
import { saidError, saidInEnglish, type Said } from '../../shared/errors';
import { formatNairaPlain } from '../../shared/money';
import { fail, ok, type Result } from '../../shared/result';
import type { TenderRequest } from '../../shared/sales/checkout';
import type { TenderInput } from '../journal';

/**
 * How the sale is paid, as the journal records it. The amount is always the sale's own total,
 * worked out in main; the screen only says how. Change is computed by the journal.
 */
export function tenderFor(request: TenderRequest, totalKobo: number, profile: TerminalProfile): Result<TenderInput[]> {
  const allowed = tenderAllowed(request, profile);
  if (!allowed.ok) return allowed;
  if (totalKobo === 0) return ok([]);
  switch (request.kind) {
    case 'cash':
      if (request.tenderedKobo < totalKobo) {
        return fail(
          saidError('VALIDATION', 'said.cashShort', { total: formatNairaPlain(totalKobo) }, {
            'tender.tenderedKobo': [`must be at least ${formatNairaPlain(totalKobo)}`],
          }),
        );
      }
      return ok([{ kind: 'cash', amountKobo: totalKobo, tenderedKobo: request.tenderedKobo }]);
    case 'card':
      return ok([{ kind: 'card', amountKobo: totalKobo, ...(request.approvalCode ? { approvalCode: request.approvalCode } : {}) }]);
    case 'transfer':
      return ok([{ kind: 'transfer', amountKobo: totalKobo, transferReference: request.reference }]);
  }
}

/** What this till takes at all, whatever the amount: a kiosk has no drawer, only a card terminal. */
export function tenderAllowed(request: TenderRequest, profile: TerminalProfile): Result<void> {
  if (profile === 'kiosk' && request.kind !== 'card') {
    return fail(saidError('VALIDATION', 'said.kioskCardOnly', undefined, { 'tender.kind': ['must be card at a kiosk'] }));
  }
  return ok(undefined);
}

/** A card tender taken on the integrated terminal (no approval code typed from a stand-alone machine). */
export const cardAtTerminal = (tender: TenderInput): boolean => tender.kind === 'card' && !tender.approvalCode;

/**
 * Whether card can be taken here: at the integrated terminal when there is one (and it can work),
 * by approval code from a stand-alone machine otherwise. A kiosk never takes an approval code: a
 * customer could type anything, and nobody would have checked that money was taken.
 */
export function cardTenderProblem(request: TenderRequest, profile: TerminalProfile, terminal: { problem(): Said | null } | null): Result<void> {
  if (request.kind !== 'card') return ok(undefined);
  if (profile === 'kiosk') {
    if (!terminal) {
      return fail(saidError('VALIDATION', 'said.kioskNoTerminal', undefined, { 'tender.kind': ['needs a card terminal on this kiosk'] }));
    }
    if (request.approvalCode) return fail(saidError('VALIDATION', 'said.kioskOwnTerminal', undefined, { 'tender.approvalCode': ['is not taken at a kiosk'] }));
  }
  const problem = terminal && !request.approvalCode ? terminal.problem() : null;
  return problem ? fail(saidError('VALIDATION', problem.key, problem.values, { 'tender.kind': [saidInEnglish(problem)] })) : ok(undefined);
}
