import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSecretStore, partnerKeyAccess } from '../../electron/core/secrets';
import { createLogger, redact } from '../../electron/core/logger';
import { createLogFile } from '../../electron/core/log-file';
import { tempFolder } from '../helpers/temp-folder';

const tempDir = () => tempFolder('lobby-pos-secrets-');

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
  const key = 'sk_live_AB+C/D=E"F\\G h';
  const lines: string[] = [];
  const logger = createLogger({ write: (line) => lines.push(line), secrets: () => [key, null] });
  const last = () => lines.at(-1)!;

  it('writes one JSON object per line with level, time and message', () => {
    logger.warn('printer is out of paper', { jobId: 7 });
    expect(JSON.parse(last())).toMatchObject({ level: 'warn', message: 'printer is out of paper', jobId: 7, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(last()).not.toContain('\n');
  });

  it('keeps an error\'s name, message and stack', () => {
    logger.error('handler threw', { error: new TypeError('boom') });
    expect(JSON.parse(last()).error).toMatchObject({ type: 'TypeError', message: 'boom', stack: expect.stringContaining('TypeError: boom') });
  });

  it.each([
    ['as it is', (k: string) => k],
    ['JSON-escaped', (k: string) => JSON.stringify(k)],
    ['JSON-escaped twice', (k: string) => JSON.stringify(JSON.stringify(k))],
    ['URL-encoded', (k: string) => `https://p.example/x?key=${encodeURIComponent(k)}`],
    ['URL-encoded, lower-case escapes', (k: string) => encodeURIComponent(k).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())],
    ['form-encoded', (k: string) => encodeURIComponent(k).replace(/%20/g, '+')],
    ['base64', (k: string) => Buffer.from(k).toString('base64')],
    ['base64url', (k: string) => Buffer.from(k).toString('base64url')],
    ['base64 inside a Basic header, at each byte offset', (k: string) => ['u:', 'us:', 'use:'].map((user) => `Basic ${Buffer.from(user + k).toString('base64')}`).join(' ')],
  ])('masks the key %s, in the message and in any field', (_label, encode) => {
    const shown = encode(key);
    logger.error(`call failed: ${shown}`, { url: shown, nested: { detail: [shown] }, error: new Error(`header X-API-KEY: ${shown}`) });
    const line = last();
    const decoded = JSON.parse(line);
    expect(JSON.stringify(decoded)).not.toContain(key);
    for (const piece of [Buffer.from(key).toString('base64').slice(0, 12), encodeURIComponent(key).slice(0, 12), JSON.stringify(key).slice(1, 13)]) expect(line).not.toContain(piece);
    expect(line).toContain('[redacted]');
  });

  it('blanks fields named like secrets, whatever their value (pino redact)', () => {
    logger.info('request', { apiKey: 'other-secret-1', pin: '2468', headers: { 'x-api-key': 'other-secret-2', authorization: 'Bearer xyz' }, staff: { pin: '1357' }, jobId: 3 });
    const fields = JSON.parse(last());
    expect(fields).toMatchObject({ apiKey: '[redacted]', pin: '[redacted]', headers: { 'x-api-key': '[redacted]', authorization: '[redacted]' }, staff: { pin: '[redacted]' }, jobId: 3 });
  });

  it('keeps redact() for text outside the log (the partner transport uses it)', () => {
    const echoed = `{"message":"bad key ${Buffer.from(key).toString('base64')} / ${encodeURIComponent(key)}"}`;
    expect(redact(echoed, [key])).not.toContain(Buffer.from(key).toString('base64').slice(0, 12));
    expect(redact(echoed, [key])).not.toContain(encodeURIComponent(key));
  });
});

describe('log file', () => {
  it('rolls over by size, keeps the newest files only, each 0600 in a 0700 folder', async () => {
    const dataDir = tempDir();
    const destination = await createLogFile(dataDir, { maxBytes: 2_000, files: 3 });
    const logger = createLogger({ destination, secrets: () => [] });
    for (let i = 0; i < 200; i++) {
      logger.info('a line to fill the file', { i, pad: 'x'.repeat(60) });
      // Lines arrive over time in a real till; the roll-over happens between them.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const dir = path.join(dataDir, 'logs');
    const files = fs.readdirSync(dir).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    expect(files.length).toBe(3);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of files) {
      const stat = fs.statSync(path.join(dir, file));
      expect(stat.mode & 0o777).toBe(0o600);
      expect(stat.size).toBeLessThan(2_000 + 200);
    }
    // The newest lines are kept; every line is whole JSON.
    const newest = fs.readFileSync(path.join(dir, files.at(-1)!), 'utf8').trim().split('\n');
    expect(JSON.parse(newest.at(-1)!)).toMatchObject({ message: 'a line to fill the file', i: 199 });
    destination.end?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
