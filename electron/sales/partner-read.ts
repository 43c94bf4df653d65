import type { PosError } from '../../shared/errors';
import type { PartnerError } from '../partner/partner-error';
import { toPosError } from '../partner/to-pos-error';

/** A failed partner read (catalogue, prices, rooms, holds): nothing was bought, so never OUTCOME_UNKNOWN. */
export const readFailure = (error: PartnerError, service: 'cinema' | 'hotels'): PosError => toPosError(error, { service });
