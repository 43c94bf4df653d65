import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeptSecret, type SecretCodec } from '../../electron/core/secrets';
import { looseSecretFile } from '../../electron/core/private-files';
import { readSecretsOnce, secretFileNames } from '../../electron/app/secret-files';
import { createFleetPasswordStore } from '../../electron/fleet/fleet-password';
import { paystackKeyStore } from '../../electron/payments/paystack/paystack-secret';
import { createSafeStorageSecretStore } from '../../electron/main/safe-storage-secrets';
import type { SafeStorage } from 'electron';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-kept-'));
  dirs.push(dir);
  return dir;
};

/**
 * Electron's safeStorage cannot run in plain Node; this codec seals with AES-256-GCM under a key
 * only this process holds, which is what matters here: the file on disk is not the secret.
 */
function processKeychain(available = true): SecretCodec {
  const key = crypto.randomBytes(32);
  return {
    available: () => available,
    encrypt(text) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(data) {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

describe('the till\u2019s other secrets (Paystack key, head office password)', () => {
  it('keeps the Paystack key in a 0600 file without a codec; its environment variable wins', () => {
    const dataDir = tempDir();
    const store = paystackKeyStore({ dataDir, env: {} });
    expect(store.has()).toBe(false);
    store.set('  sk_test_plain_key_1  ');
    expect(store.get()).toBe('sk_test_plain_key_1');
    expect(fs.statSync(path.join(dataDir, 'paystack-secret-key')).mode & 0o777).toBe(0o600);
    expect(store.describe()).toMatch(/file .*paystack-secret-key$/);
    const fromEnv = paystackKeyStore({ dataDir, env: { POS_PAYSTACK_SECRET_KEY: 'sk_test_from_env' } });
    expect([fromEnv.get(), fromEnv.fromEnvironment(), fromEnv.describe()]).toEqual(['sk_test_from_env', true, 'environment variable POS_PAYSTACK_SECRET_KEY']);
  });

  it('seals the Paystack key and the fleet password with the secret store\u2019s codec, as the partner key is', () => {
    const dataDir = tempDir();
    const codec = processKeychain();
    const paystack = paystackKeyStore({ dataDir, env: {}, codec });
    paystack.set('sk_live_sealed_key_42');
    const fleet = createFleetPasswordStore({ dataDir, env: {}, codec });
    fleet.set('head office pass');
    for (const name of ['paystack-secret-key.enc', 'fleet-db-password.enc']) {
      const file = path.join(dataDir, name);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file).toString('latin1')).not.toMatch(/sealed_key|head office/);
    }
    expect(fs.existsSync(path.join(dataDir, 'paystack-secret-key'))).toBe(false);
    expect([paystack.get(), paystack.describe()]).toEqual(['sk_live_sealed_key_42', 'the encrypted key store']);
    expect(fleet.get()).toBe('head office pass');
    // The logger's mask reads them the way they were written.
    expect(readSecretsOnce(dataDir, codec).sort()).toEqual(['head office pass', 'sk_live_sealed_key_42']);
    expect(readSecretsOnce(dataDir)).toEqual([]);
  });

  it('refuses to store a secret when the computer has no keychain, rather than write it in clear', () => {
    const dataDir = tempDir();
    const codec = processKeychain(false);
    expect(() => paystackKeyStore({ dataDir, env: {}, codec }).set('sk_live_nowhere_safe')).toThrow(/no secure storage.*POS_PAYSTACK_SECRET_KEY/);
    expect(() => createFleetPasswordStore({ dataDir, env: {}, codec }).set('pw')).toThrow(/no secure storage.*POS_FLEET_PASSWORD/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('stops the start on a sealed secret file others can read, like a plain one', () => {
    const dataDir = tempDir();
    const kept = createKeptSecret({ dataDir, envName: 'POS_X', fileName: 'paystack-secret-key', codec: processKeychain(), env: {} });
    kept.set('sk_live_loose_file_1');
    fs.chmodSync(path.join(dataDir, 'paystack-secret-key.enc'), 0o644);
    expect(looseSecretFile(dataDir, secretFileNames)).toMatch(/paystack-secret-key\.enc.*chmod 600/);
    expect(() => kept.get()).toThrow(/chmod 600/);
  });

  it('takes its codec from the Electron secret store, so all three secrets are sealed by the same keychain', () => {
    const dataDir = tempDir();
    const keychain = processKeychain();
    // Electron's safeStorage as main wires it (only the three calls the store makes).
    const safeStorage = { isEncryptionAvailable: () => keychain.available(), encryptString: (text: string) => keychain.encrypt(text), decryptString: (data: Buffer) => keychain.decrypt(data) } as unknown as SafeStorage;
    const secrets = createSafeStorageSecretStore({ safeStorage, dataDir, env: {} });
    secrets.setApiKey('partner-key-123456', 'https://partner.example');
    paystackKeyStore({ dataDir, env: {}, codec: secrets.codec }).set('sk_live_from_the_screen_9');
    createFleetPasswordStore({ dataDir, env: {}, codec: secrets.codec }).set('hq-password');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['fleet-db-password.enc', 'partner-api-key.enc', 'partner-api-key.origin', 'paystack-secret-key.enc']);
    expect(readSecretsOnce(dataDir, secrets.codec).sort()).toEqual(['hq-password', 'sk_live_from_the_screen_9']);
    expect(looseSecretFile(dataDir, secretFileNames)).toBeNull();
  });

  it('still reads a key kept in a plain 0600 file before the keychain sealed it, until one entered on screen replaces it', () => {
    const dataDir = tempDir();
    const codec = processKeychain();
    fs.writeFileSync(path.join(dataDir, 'paystack-secret-key'), 'sk_live_kept_before_upgrade\n', { mode: 0o600 });
    fs.writeFileSync(path.join(dataDir, 'fleet-db-password'), ' spaced pass \n', { mode: 0o600 });
    const paystack = paystackKeyStore({ dataDir, env: {}, codec });
    const fleet = createFleetPasswordStore({ dataDir, env: {}, codec });
    expect([paystack.get(), paystack.describe()]).toEqual(['sk_live_kept_before_upgrade', `file ${path.join(dataDir, 'paystack-secret-key')}`]);
    expect(fleet.get()).toBe(' spaced pass ');
    paystack.set('sk_live_entered_on_screen');
    fleet.set('new pass');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['fleet-db-password.enc', 'paystack-secret-key.enc']);
    expect([paystack.get(), paystack.describe(), fleet.get()]).toEqual(['sk_live_entered_on_screen', 'the encrypted key store', 'new pass']);
  });
});
