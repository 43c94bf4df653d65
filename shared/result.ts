import type { PosError } from './errors';

/** Every contract call resolves to one of these; failures are values, never thrown across. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: PosError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: PosError): Result<never> => ({ ok: false, error });
