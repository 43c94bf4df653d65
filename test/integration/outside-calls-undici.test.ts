import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, startSandboxServer, type SandboxServer } from '../../electron/sandbox';
import { bundleChild, type ChildBundle } from '../helpers/child-bundle';
import { startTerminal, type TerminalRig } from '../helpers/terminal-fixture';

/**
 * A till's calls out (the partner's client and the Paystack adapter, reads and sends) go over
 * node:http and never make Node build undici, which it does the first time anything touches
 * `fetch`, `Headers`, `Request` or `Response`: 35-45 ms of CPU on a till's first call after a
 * start, and in each of the kill tests' hundreds of lives (core/http/read-answer.ts). Checked in
 * a fresh process, as a till starts: this test process has long loaded undici itself.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-outside-calls-'));
let child: ChildBundle;
let partner: SandboxServer;
let terminal: TerminalRig;

beforeAll(async () => {
  child = await bundleChild('test/helpers/outside-calls-child.ts', path.join(root, 'bundle'));
  partner = await startSandboxServer({ sandbox: createSandbox(), port: 0 });
  terminal = await startTerminal();
}, 60_000);

afterAll(async () => {
  await terminal?.close();
  await partner?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("a till's calls out", () => {
  it('read and send to the partner and to Paystack without building undici', async () => {
    const started = child.start({ partnerUrl: partner.url, paystackUrl: terminal.url, paystackKey: terminal.simulator.secretKey });
    let stdout = '';
    let stderr = '';
    started.stdout.on('data', (chunk) => (stdout += chunk));
    started.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => started.once('exit', resolve));
    expect(code, stderr).toBe(0);
    const said = JSON.parse(stdout) as { answered: boolean[]; undici: string[] };
    // The partner's hotel list and Paystack's payment requests were read: the calls really went out.
    expect([said.answered[0], said.answered[2]]).toEqual([true, true]);
    expect(said.undici).toEqual([]);
  });
});
