import fs from 'node:fs';
import path from 'node:path';

export const paystackKeyEnv = 'POS_PAYSTACK_SECRET_KEY';
export const paystackKeyFileName = 'paystack-secret-key';

/**
 * The Paystack secret key, kept like the partner key: `POS_PAYSTACK_SECRET_KEY` wins, else
 * `<dataDir>/paystack-secret-key`, readable by its owner only (a key file others could read is
 * refused, not used). Only main reads it; no channel returns it, and nothing logs or prints it.
 */
export function paystackSecretKey(options: { dataDir: string; env?: NodeJS.ProcessEnv }): () => string | null {
  const env = options.env ?? process.env;
  const file = path.join(options.dataDir, paystackKeyFileName);
  return () => {
    const fromEnv = env[paystackKeyEnv]?.trim();
    if (fromEnv) return fromEnv;
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) throw new Error(`${file} is readable by other users; run: chmod 600 "${file}"`);
    return fs.readFileSync(file, 'utf8').trim() || null;
  };
}
