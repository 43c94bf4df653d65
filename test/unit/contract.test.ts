import { describe, expect, it, vi } from 'vitest';
import { channelNames, channels, eventNames } from '../../shared/ipc/contract';
import { createDispatch, type Handlers } from '../../electron/app/dispatch';
import { createAccessGate } from '../../electron/app/access-gate';
import { silentLogger } from '../../electron/core/logger';
import { posErrorSchema } from '../../shared/errors';
import { accessLevels, type ChannelSpec } from '../../shared/ipc/access';
import { ok } from '../../shared/result';

describe('the contract', () => {
  it('names every channel and event domain:verb in kebab-case', () => {
    for (const name of [...channelNames, ...eventNames]) expect(name).toMatch(/^[a-z]+(-[a-z]+)*:[a-z]+(-[a-z]+)*$/);
  });

  it('gives every channel a request and a response schema', () => {
    for (const name of channelNames) {
      expect(typeof channels[name].request.safeParse).toBe('function');
      expect(typeof channels[name].response.safeParse).toBe('function');
    }
  });

  it('takes a cash movement only with a reason that says something', () => {
    const cash = (reason: string) => channels['shift:cash'].request.safeParse({ kind: 'out', amountKobo: 500, reason }).success;
    expect(cash('Bank run')).toBe(true);
    expect(cash('Ọjà')).toBe(true);
    // Invisible right-to-left overrides, spaces and punctuation alone are not a reason.
    for (const empty of ['\u202e'.repeat(50), '   ', '...', 'ab']) expect(cash(empty), JSON.stringify(empty)).toBe(false);
  });

  it('writes an access rule on every channel', () => {
    for (const name of channelNames) expect(accessLevels).toContain(channels[name].access);
    // A channel without one does not compile (checked by `tsc -p tsconfig.node.json`).
    // @ts-expect-error access is required
    const missing: ChannelSpec = { request: channels['app:info'].request, response: channels['app:info'].response };
    expect(missing).not.toHaveProperty('access');
  });
});

/** A supervisor is signed in: these tests are about parsing and answers, not about who calls. */
const openGate = () =>
  createAccessGate({
    port: { signedIn: () => ok({ id: 1, name: 'Ada', role: 'supervisor' as const }), saleExists: () => ok(false) },
    kiosk: false,
    clock: () => new Date(),
    forgetCustomerAfterMs: 60_000,
  });

function handlersAnswering(answer: (channel: string) => Promise<any>): Handlers {
  return Object.fromEntries(channelNames.map((name) => [name, vi.fn(() => answer(name))])) as unknown as Handlers;
}

describe('dispatch', () => {
  it('answers NOT_FOUND for an unknown channel without throwing', async () => {
    const dispatch = createDispatch(handlersAnswering(async () => ({ ok: true, value: {} })), silentLogger, openGate());
    const result = await dispatch('hotels:delete-everything', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await dispatch('__proto__', {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('parses the request before the handler sees it: VALIDATION names the fields', async () => {
    const handlers = handlersAnswering(async () => ({ ok: true, value: {} }));
    const dispatch = createDispatch(handlers, silentLogger, openGate());
    const result = await dispatch('app:health', { refresh: 'yes', extra: 1 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('VALIDATION');
    expect(Object.keys(result.error.fields!).sort()).toEqual(['extra', 'refresh']);
    expect(handlers['app:health']).not.toHaveBeenCalled();
    for (const junk of ['text', 42, [], true]) {
      expect(await dispatch('app:health', junk)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    }
  });

  it('turns a thrown handler into INTERNAL without leaking the message', async () => {
    const errors: unknown[] = [];
    const logger = { ...silentLogger, error: (message: string, fields?: unknown) => errors.push({ message, fields }) };
    const dispatch = createDispatch(handlersAnswering(async () => { throw new Error('SELECT * FROM secrets'); }), logger, openGate());
    const result = await dispatch('app:info', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toContain('SELECT');
    expect(posErrorSchema.safeParse((result as any).error).success).toBe(true);
    expect(errors).toHaveLength(1);
  });

  it('refuses to send an answer that breaks the contract', async () => {
    const dispatch = createDispatch(handlersAnswering(async () => ({ ok: true, value: { version: 1 } })), silentLogger, openGate());
    expect(await dispatch('app:info', {})).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('passes failures from handlers through unchanged', async () => {
    const failure = { ok: false, error: { code: 'PARTNER_UNAVAILABLE', message: 'down' } };
    const dispatch = createDispatch(handlersAnswering(async () => failure), silentLogger, openGate());
    expect(await dispatch('app:info', {})).toEqual(failure);
  });
});
