import { lagosDayBounds } from '../../shared/dates';
import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';

/** Calendar days as staff mean them (Lagos) to the journal's instants, refusing a reversed range. */
export function lagosDayRange(range: { from?: string; to?: string }): Result<{ from?: string; to?: string }> {
  if (range.from && range.to && range.from > range.to) {
    return fail(saidError('VALIDATION', 'said.dayRangeReversed', undefined, { from: ['must be on or before the last day'] }));
  }
  return ok(lagosDayBounds(range));
}

/** `lobby-pos-T01-2026-11-01-to-2026-11-21.csv`; an open start reads "start", an open end today. */
export const exportFileName = (terminalId: string, range: { from?: string; to?: string }, today: string) =>
  `lobby-pos-${terminalId}-${range.from ?? 'start'}-to-${range.to ?? today}.csv`;
