import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPosRuntime } from '../../electron/app/runtime';
import type { Pos } from '../../electron/app/create-pos';
import { loadConfig } from '../../electron/core/config/load';
import type { Logger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { journalFile, openJournal } from '../../electron/journal';
import { posErrorSchema } from '../../shared/errors';
import { channelNames, channels } from '../../shared/ipc/contract';
import { createFingerprint, createRandom, evilKeys, payloadFor } from '../helpers/fuzz';

/**
 * 10,000 distinct generated payloads per channel through the real dispatch of a real till
 * (training sandbox in-process, a journal file, the preview printer), signed in as a supervisor
 * so they reach as deep as they can: 0 thrown, 0 INTERNAL, every VALIDATION names a field.
 * Distinct, because sending `{}` to printer:test-page 7,000 times prints 7,000 test pages and
 * finds nothing the first one did not.
 */
const perChannel = 10_000;
const seed = 20261121;
const supervisorPin = '24681357';

let pos: Pos;
let dataDir: string;
let terminalId: string;
let now = Date.parse('2026-11-21T09:00:00Z');
const logged: string[] = [];
const logger: Logger = { info() {}, warn() {}, error: (message, fields) => logged.push(`${message} ${JSON.stringify(fields ?? {}).slice(0, 300)}`) };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-fuzz-'));
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir } });
  if (!loaded.ok) throw new Error(loaded.message);
  terminalId = loaded.config.terminal.id;
  pos = createPosRuntime({ config: loaded.config, secrets: createFileSecretStore({ dataDir, env: {} }), logger, version: 'fuzz', clock: () => new Date(now) });
  const boss = await pos.api['staff:setup']({ name: 'Bola Adeyemi', pin: supervisorPin });
  if (!boss.ok) throw new Error(boss.error.message);
});
afterAll(async () => {
  await pos?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});


/**
 * The fuzz may sign the supervisor out, lock her PIN, or (staff:set-pin, which a supervisor may
 * send) give her a new one: each channel starts signed in again, whatever ran before it. A PIN the
 * fuzz changed is set back in the till's journal, as another supervisor would on the Staff screen.
 */
async function signInSupervisor() {
  now += 24 * 3_600_000;
  const status = await pos.api['staff:status']({});
  if (status.ok && status.value.signedIn?.id === 1) return;
  let signedIn = await pos.api['staff:sign-in']({ staffId: 1, pin: supervisorPin });
  if (!signedIn.ok) {
    const journal = openJournal({ file: journalFile(dataDir), terminalId });
    if (!journal.ok) throw new Error(`could not open the till's journal: ${journal.error.message}`);
    try {
      const reset = await journal.value.staff.setPin({ staffId: 1, pin: supervisorPin, by: 1 });
      if (!reset.ok) throw new Error(`could not set the PIN back: ${reset.error.message}`);
    } finally {
      journal.value.close();
    }
    signedIn = await pos.api['staff:sign-in']({ staffId: 1, pin: supervisorPin });
  }
  if (!signedIn.ok) throw new Error(`could not sign in again: ${signedIn.error.message}`);
}

describe('fuzzed contract payloads through dispatch', () => {
  const totals = { payloads: 0, thrown: 0, internal: 0, validation: 0, ok: 0, other: 0 };
  afterAll(() => console.info(`fuzz-dispatch: ${JSON.stringify(totals)} over ${channelNames.length} channels`));

  it.each(channelNames.map((name) => [name]))('%s: 0 thrown, 0 INTERNAL, VALIDATION names a field', async (name) => {
    await signInSupervisor();
    const random = createRandom(seed ^ [...name].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0), 7));
    const problems: string[] = [];
    const sent = new Set<string>();
    const fingerprint = createFingerprint();
    for (let attempts = 0; sent.size < perChannel && attempts < perChannel * 20; attempts++) {
      const payload = payloadFor(channels[name].request, random);
      const key = fingerprint(payload);
      if (sent.has(key)) continue;
      sent.add(key);
      totals.payloads += 1;
      let result;
      try {
        result = await pos.dispatch(name, payload);
      } catch (error) {
        totals.thrown += 1;
        problems.push(`threw ${(error as Error).message}`);
        continue;
      }
      if (result.ok) {
        totals.ok += 1;
        continue;
      }
      if (!posErrorSchema.safeParse(result.error).success) problems.push(`malformed error ${JSON.stringify(result.error)}`);
      if (result.error.code === 'INTERNAL') {
        totals.internal += 1;
        problems.push(`INTERNAL for ${safeJson(payload)}`);
      } else if (result.error.code === 'VALIDATION') {
        totals.validation += 1;
        if (Object.keys(result.error.fields ?? {}).length === 0) problems.push(`VALIDATION without a field for ${safeJson(payload)}`);
      } else totals.other += 1;
      if (problems.length > 5) break;
    }
    expect(problems, logged.slice(-3).join('\n')).toEqual([]);
    expect(sent.size).toBe(perChannel);
  }, 60_000);

  it('names the evil key itself as the field', async () => {
    await signInSupervisor();
    for (const key of evilKeys.filter(Boolean)) {
      const payload = JSON.parse(`{"refresh": false, ${JSON.stringify(key)}: 1}`);
      const result = await pos.dispatch('app:health', payload);
      expect(result, key).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
      if (!result.ok) expect(Object.keys(result.error.fields!), key).toEqual([key]);
    }
  });
});

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v))?.slice(0, 300) ?? String(value);
  } catch {
    return String(value);
  }
}
