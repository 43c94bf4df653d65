import { addDays } from '../../shared/dates';
import { posError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';

/**
 * Calendar days as the tills' staff mean them (Lagos) to the journal's instants. Lagos keeps
 * West Africa Time, UTC+1 all year, so the offset is fixed. `to` is the last day included.
 */
export function lagosDayRange(range: { from?: string; to?: string }): Result<{ from?: string; to?: string }> {
  if (range.from && range.to && range.from > range.to) {
    return fail(posError('VALIDATION', 'The first day must not be after the last.', { from: ['must be on or before the last day'] }));
  }
  return ok({
    ...(range.from ? { from: `${range.from}T00:00:00+01:00` } : {}),
    ...(range.to ? { to: `${addDays(range.to, 1)}T00:00:00+01:00` } : {}),
  });
}

/** `lobby-pos-T01-2026-11-01-to-2026-11-21.csv`; an open start reads "start", an open end today. */
export const exportFileName = (terminalId: string, range: { from?: string; to?: string }, today: string) =>
  `lobby-pos-${terminalId}-${range.from ?? 'start'}-to-${range.to ?? today}.csv`;
