import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt at Node's defaults (about 50 ms and 16 MB per check): slow enough to make guessing a 4-digit PIN from a stolen file costly. */
const cost = { N: 16_384, r: 8, p: 1 } as const;
export type PinHashCost = { N: number; r: number; p: number };
const keyLength = 32;

function derive(pin: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(pin, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/**
 * `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash so they can be raised
 * later, and a check uses the ones stored. The till always hashes at `cost`; another cost is for the
 * kill tests, whose hundreds of processes each check PINs and are not about what a check costs.
 */
export async function hashPin(pin: string, at: PinHashCost = cost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, at, keyLength);
  return ['scrypt', at.N, at.r, at.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length === 0) return false;
  const actual = await derive(pin, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** Spends the same time as a real check, so "no such person" cannot be told apart from "wrong PIN". */
export async function spendPinCheckTime(pin: string): Promise<void> {
  await derive(pin, randomBytes(16), cost, keyLength);
}
