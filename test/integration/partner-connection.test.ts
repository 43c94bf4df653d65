import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox, type SandboxServer } from '../../electron/sandbox';
import type { PartnerTestReport } from '../../shared/partner/connection-report';
import { startFailingGateway, type FailingGateway } from '../helpers/failing-gateway';
import { failure, openTill, readyToSell, value, type Till } from '../helpers/sales-fixture';

/**
 * Settings -> Test partner connection (issue 17), through the contract as the settings screen
 * calls it: against the sandbox over real HTTP, a sandbox started with another key, a gateway that
 * answers like the live service does on a wrong path, unsaved values typed in the form, an address
 * nobody listens on, and training mode. It never buys: the partner's records do not change.
 */

const callNames = ['Experience list', 'Experience details', 'Show dates', 'Ticket categories', 'Hotel list'];
const tills: Till[] = [];
let sandbox: Sandbox;
let server: SandboxServer;
let gateway: FailingGateway;

async function supervisorTill(url: string, partner?: Parameters<typeof openTill>[0]['partner']): Promise<Till> {
  const till = openTill({ url, partner });
  tills.push(till);
  await readyToSell(till.pos);
  return till;
}

function expectNothingSecret(report: PartnerTestReport) {
  const text = JSON.stringify(report);
  expect(text).not.toContain(SANDBOX_DEFAULT_API_KEY);
}

beforeAll(async () => {
  sandbox = createSandbox();
  server = await startSandboxServer({ sandbox });
  gateway = await startFailingGateway(server.url);
});

afterAll(async () => {
  for (const till of tills) {
    await till.close();
    fs.rmSync(till.dataDir, { recursive: true, force: true });
  }
  await gateway.close();
  await server.close();
});

describe('the configured partner', () => {
  it('against the sandbox: all five calls answer 200 with their times, and nothing is held or bought', async () => {
    const till = await supervisorTill(server.url);
    const before = { transactions: sandbox.transactions().length };
    const report = value(await till.pos.api['settings:test-partner']({}));
    expect(report.ok).toBe(true);
    expect(report.target).toEqual({ baseUrl: server.url, experiencePrefix: '/v1', hotelPrefix: '/v2', training: false });
    expect(report.calls.map((call) => call.name)).toEqual(callNames);
    for (const call of report.calls) {
      expect(call, call.name).toMatchObject({ method: 'GET', status: 200, outcome: 'ok' });
      expect(call.ms).toBeGreaterThanOrEqual(0);
      expect(call.path).toMatch(call.name === 'Hotel list' ? /^\/v2\/partner\/hotels$/ : /^\/v1\/partner\/experience/);
    }
    expect(report.findings).toEqual([]);
    expect(report.summary).toMatch(/answered all 5 calls in \d+ ms\. Nothing was bought\./);
    expect(report.nothingBought).toBe(true);
    expect(sandbox.transactions()).toHaveLength(before.transactions);
    expectNothingSecret(report);
  });

  it('against a sandbox started with another key: the key is named as the setting to change, in plain words', async () => {
    const other = await startSandboxServer({ sandbox: createSandbox({ apiKey: 'the-partners-live-key-9f2c' }) });
    try {
      const till = await supervisorTill(other.url);
      const report = value(await till.pos.api['settings:test-partner']({}));
      expect(report.ok).toBe(false);
      expect(report.calls[0]).toMatchObject({ name: 'Experience list', status: 401, outcome: 'failed' });
      expect(report.calls.find((call) => call.name === 'Hotel list')).toMatchObject({ status: 401, outcome: 'failed' });
      expect(report.calls.filter((call) => call.outcome === 'skipped').map((call) => call.name)).toEqual(['Experience details', 'Show dates', 'Ticket categories']);
      expect(report.findings[0]).toMatchObject({ setting: 'apiKey' });
      expect(report.findings[0]!.message).toMatch(/^The partner refused the API key \(HTTP 401: .*\)\. Enter the key for this partner in "Partner API key"/);
      expect(report.summary).toBe('2 of 5 calls failed and 3 could not be tried. Nothing was bought.');
      expectNothingSecret(report);
    } finally {
      await other.close();
    }
  });

  it('in training mode: the built-in sandbox answers all five', async () => {
    const training = createSandbox();
    const till = await supervisorTill('', { baseUrl: 'http://training.sandbox', fetch: training.fetch });
    const report = value(await till.pos.api['settings:test-partner']({}));
    expect(report.target.training).toBe(true);
    expect(report.ok).toBe(true);
    expect(report.summary).toMatch(/^The built-in training sandbox answered all 5 calls/);
  });

  it('only a supervisor may run it', async () => {
    const till = await supervisorTill(server.url);
    value(await till.pos.api['staff:create']({ name: 'Ife Cashier', role: 'cashier', pin: '1357' }));
    const cashier = value(await till.pos.api['staff:list']({})).staff.find((member) => member.name === 'Ife Cashier')!;
    value(await till.pos.api['staff:sign-out']({}));
    value(await till.pos.api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
    expect(failure(await till.pos.api['settings:test-partner']({})).code).toMatch(/FORBIDDEN|UNAUTHORIZED/);
    value(await till.pos.api['staff:sign-out']({}));
    expect(failure(await till.pos.api['settings:test-partner']({})).code).toMatch(/FORBIDDEN|UNAUTHORIZED/);
  });
});

describe('values typed in the form, not saved', () => {
  it('a wrong experience prefix: names "Experience path prefix" and the prefix that works', async () => {
    const till = await supervisorTill(server.url);
    const report = value(await till.pos.api['settings:test-partner']({ partner: { baseUrl: server.url, experiencePrefix: '/v3', hotelPrefix: '/v2' } }));
    expect(report.ok).toBe(false);
    expect(report.calls[0]).toMatchObject({ path: '/v3/partner/experience', status: 404, outcome: 'failed' });
    expect(report.calls.at(-1)).toMatchObject({ name: 'Hotel list', outcome: 'ok' });
    expect(report.findings).toEqual([
      { setting: 'partner.experiencePrefix', message: expect.stringMatching(/answered 404 .* works with the prefix \/v1: set "Experience path prefix" to \/v1 \(the "Live layout" preset sets both\)/) },
    ]);
  });

  it('a wrong hotel prefix: names "Hotel path prefix" and /v2', async () => {
    const till = await supervisorTill(server.url);
    const report = value(await till.pos.api['settings:test-partner']({ partner: { baseUrl: server.url, experiencePrefix: '/v1', hotelPrefix: '/v9' } }));
    expect(report.calls.slice(0, 4).every((call) => call.outcome === 'ok')).toBe(true);
    expect(report.findings).toEqual([{ setting: 'partner.hotelPrefix', message: expect.stringMatching(/set "Hotel path prefix" to \/v2/) }]);
  });

  it('"api key is missing" under /api, as the live service answers a wrong layout: the path is named, not the key', async () => {
    const till = await supervisorTill(gateway.url);
    gateway.blocked.push({ path: /^\/api\//, failure: { kind: 'status', status: 401, body: JSON.stringify({ success: false, status: 401, message: 'api key is missing' }) } });
    try {
      const report = value(await till.pos.api['settings:test-partner']({ partner: { baseUrl: gateway.url, experiencePrefix: '/api/v1', hotelPrefix: '/api/v2' } }));
      expect(report.ok).toBe(false);
      expect(report.findings.map((finding) => finding.setting)).toEqual(['partner.experiencePrefix', 'partner.hotelPrefix']);
      expect(report.findings[0]!.message).toMatch(/API key is missing, although the till sent it in the X-API-KEY header.*set "Experience path prefix" to \/v1/);
      expect(report.findings[1]!.message).toMatch(/set "Hotel path prefix" to \/v2/);
      // The live layout itself, tested before saving: all good.
      const live = value(await till.pos.api['settings:test-partner']({ partner: { baseUrl: gateway.url, experiencePrefix: '/v1', hotelPrefix: '/v2' } }));
      expect(live.ok).toBe(true);
    } finally {
      gateway.blocked.length = 0;
    }
  });

  it('another address gets nothing without a key typed for it; with one, it is tested with that key', async () => {
    const till = await supervisorTill(server.url);
    const seen = gateway.requests.length;
    // The gateway is another origin than the sandbox this till runs with.
    const withoutKey = value(await till.pos.api['settings:test-partner']({ partner: { baseUrl: gateway.url, experiencePrefix: '/v1', hotelPrefix: '/v2' } }));
    expect(withoutKey.ok).toBe(false);
    expect(withoutKey.calls.every((call) => call.outcome === 'skipped')).toBe(true);
    expect(withoutKey.findings[0]).toMatchObject({ setting: 'apiKey' });
    expect(gateway.requests.length, 'nothing was sent to the other address').toBe(seen);

    const wrongKey = value(await till.pos.api['settings:test-partner']({ partner: { baseUrl: gateway.url, experiencePrefix: '/v1', hotelPrefix: '/v2' }, apiKey: 'not-this-partners-key' }));
    expect(wrongKey.findings[0]).toMatchObject({ setting: 'apiKey' });
    expect(JSON.stringify(wrongKey)).not.toContain('not-this-partners-key');
    // Behind a firewall that refuses callers without a User-Agent, the test is let through as the till's own calls are.
    gateway.requireUserAgent = true;
    try {
      const rightKey = value(await till.pos.api['settings:test-partner']({ partner: { baseUrl: gateway.url, experiencePrefix: '/v1', hotelPrefix: '/v2' }, apiKey: SANDBOX_DEFAULT_API_KEY }));
      expect(rightKey.ok).toBe(true);
    } finally {
      gateway.requireUserAgent = false;
    }
  });

  it('an address nobody answers at: names "Partner API URL"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const till = await supervisorTill(server.url);
    const report = value(await till.pos.api['settings:test-partner']({ partner: { baseUrl: `http://127.0.0.1:${port}`, experiencePrefix: '/v1', hotelPrefix: '/v2' }, apiKey: SANDBOX_DEFAULT_API_KEY }));
    expect(report.calls[0]).toMatchObject({ status: null, outcome: 'failed' });
    expect(report.findings[0]).toMatchObject({ setting: 'partner.baseUrl', message: expect.stringMatching(/^Could not connect to 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Check "Partner API URL"/) });
  });

  it('refuses values that cannot be tested: http to another computer, a bad prefix', async () => {
    const till = await supervisorTill(server.url);
    const refused = failure(await till.pos.api['settings:test-partner']({ partner: { baseUrl: 'http://partner.example', experiencePrefix: 'v1/', hotelPrefix: '/v2' }, apiKey: SANDBOX_DEFAULT_API_KEY }));
    expect(refused.code).toBe('VALIDATION');
    expect(Object.keys(refused.fields ?? {}).sort()).toEqual(['partner.baseUrl', 'partner.experiencePrefix']);
  });
});
