import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSecretStore, partnerKeyAccess } from '../../electron/core/secrets';
import { createLogger } from '../../electron/core/logger';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-secrets-'));

describe('file secret store', () => {
  it('prefers POS_API_KEY, then the key file', () => {
    const dataDir = tempDir();
    const store = createFileSecretStore({ dataDir, env: {} });
    expect(store.getApiKey()).toBeNull();
    store.setApiKey('  file-key-123  ', 'https://partner.example');
    expect(store.getApiKey()).toBe('file-key-123');
    expect(fs.statSync(path.join(dataDir, 'partner-api-key')).mode & 0o777).toBe(0o600);
    expect(createFileSecretStore({ dataDir, env: { POS_API_KEY: 'env-key' } }).getApiKey()).toBe('env-key');
  });

  it('refuses a key file other users can read', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'partner-api-key');
    fs.writeFileSync(file, 'leaky');
    fs.chmodSync(file, 0o644);
    const store = createFileSecretStore({ dataDir, env: {} });
    expect(() => store.getApiKey()).toThrow(/chmod 600/);
  });

  it('reads the key file once, not on every use', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'partner-api-key');
    fs.writeFileSync(file, 'read-once-key', { mode: 0o600 });
    const store = createFileSecretStore({ dataDir, env: {} });
    expect(store.getApiKey()).toBe('read-once-key');
    fs.rmSync(file);
    expect(store.getApiKey()).toBe('read-once-key');
  });

  it('binds a stored key to the partner origin it was entered for', () => {
    const dataDir = tempDir();
    const store = createFileSecretStore({ dataDir, env: {} });
    expect(partnerKeyAccess(store, { origin: 'https://partner.example', urlGivenAtStart: false })).toMatchObject({ usable: false, reason: expect.stringMatching(/No partner API key/) });
    store.setApiKey('sk_live_1234', 'https://partner.example');
    expect(fs.statSync(path.join(dataDir, 'partner-api-key.origin')).mode & 0o777).toBe(0o600);
    expect(partnerKeyAccess(store, { origin: 'https://partner.example', urlGivenAtStart: false })).toEqual({ usable: true });
    expect(partnerKeyAccess(store, { origin: 'https://evil.example', urlGivenAtStart: true })).toMatchObject({ usable: false, reason: expect.stringMatching(/entered for https:\/\/partner\.example/) });
    // A new start reads the binding back from the data folder.
    expect(createFileSecretStore({ dataDir, env: {} }).apiKeyOrigin()).toBe('https://partner.example');
    // POS_API_KEY goes only to a partner URL given at start, never to one changed on the settings screen.
    const env = createFileSecretStore({ dataDir, env: { POS_API_KEY: 'env-key' } });
    expect(partnerKeyAccess(env, { origin: 'https://anything.example', urlGivenAtStart: true })).toEqual({ usable: true });
    expect(partnerKeyAccess(env, { origin: 'https://partner.example', urlGivenAtStart: false })).toMatchObject({ usable: false, reason: expect.stringMatching(/POS_PARTNER_URL/) });
  });
});

describe('logger', () => {
  it('masks the API key wherever it appears in a line', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line), secrets: () => ['sk_live_ABCDEF'] });
    logger.error('call failed', { url: 'https://p.example/x?key=sk_live_ABCDEF', error: new Error('header X-API-KEY: sk_live_ABCDEF') });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('sk_live_ABCDEF');
    expect(lines[0]).toContain('[redacted]');
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', message: 'call failed' });
  });
});
