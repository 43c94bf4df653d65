import { randomInt } from 'node:crypto';
import type { SandboxState } from './records';

/**
 * Partner references: a prefix and 10 random digits (EX for experiences, HTL for hotels). Random
 * rather than sequential so references from before a sandbox reset are never reissued.
 */
export function newReference(prefix: 'EX' | 'HTL', state: SandboxState): string {
  for (;;) {
    const reference = `${prefix}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}${randomInt(0, 10)}`;
    if (!state.transactions.some((t) => t.reference === reference)) return reference;
  }
}

const BOOKING_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread at a front desk

export function newBookingNumber(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += BOOKING_ALPHABET[randomInt(0, BOOKING_ALPHABET.length)];
  return `BK-${code}`;
}
