import { createHash, timingSafeEqual } from 'node:crypto';
import { reject, type PartnerRejection } from './envelope';

/**
 * Every partner route needs the key (X-API-KEY, or Authorization: Bearer as a working client
 * sends) and a TransactionMedium. The key is never echoed back.
 */

export const TRANSACTION_MEDIUMS = ['Web', 'Mobile', 'POS'] as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

export function createKeyCheck(apiKey: string) {
  const expected = digest(apiKey);
  const matches = (candidate: string) => timingSafeEqual(digest(candidate), expected);

  return function checkRequest(headers: Headers): PartnerRejection | undefined {
    const apiKeyHeader = headers.get('x-api-key')?.trim();
    const authorization = headers.get('authorization')?.trim();
    const bearer = authorization && /^bearer\s+/i.test(authorization) ? authorization.replace(/^bearer\s+/i, '').trim() : undefined;
    const offered = [apiKeyHeader, bearer].filter((v): v is string => v !== undefined && v !== '');
    if (offered.length === 0) {
      return reject(401, 'Unauthenticated: send your API key in the X-API-KEY header or as Authorization: Bearer.');
    }
    if (!offered.every(matches)) return reject(401, 'Unauthenticated: the API key is not valid.');
    const medium = headers.get('transactionmedium')?.trim();
    if (!medium || !(TRANSACTION_MEDIUMS as readonly string[]).includes(medium)) {
      return reject(400, 'The TransactionMedium header is required.', { TransactionMedium: [`must be one of ${TRANSACTION_MEDIUMS.join(', ')}`] });
    }
    return undefined;
  };
}
