import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile } from '../../electron/journal';
import { createSandbox, startSandboxServer, type SandboxServer } from '../../electron/sandbox';
import { bundleChild, type ChildBundle } from '../helpers/child-bundle';
import { gatewayPage, startFailingGateway, type FailingGateway } from '../helpers/failing-gateway';
import { customer, findStay, newSaleId, openTill, readyToSell } from '../helpers/sales-fixture';
import type { HeartbeatOrder } from '../helpers/till-heartbeat-child';

/**
 * The partner answers lookups again while a sale is still open (its "no record" not yet
 * believable): the till looks every waiting sale up at once, then goes on answering. It once
 * walked its own timer list while putting the still-open sale back into it, and froze for good
 * (every channel hung, 100 % CPU). The till runs in a child process that beats every 50 ms, so a
 * frozen event loop shows as beats that stop. Real sandbox over HTTP, a real gateway, a real journal.
 */
let server: SandboxServer;
let gateway: FailingGateway;
let child: ChildBundle;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-partner-back-'));

beforeAll(async () => {
  child = await bundleChild('test/helpers/till-heartbeat-child.ts', path.join(root, 'bundle'));
  server = await startSandboxServer({ sandbox: createSandbox() });
  gateway = await startFailingGateway(server.url);
});
afterAll(async () => {
  await gateway.close();
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the partner answering lookups again', () => {
  it('with a sale still open: every waiting sale is looked up, and the till goes on answering', { timeout: 30_000 }, async () => {
    // What to sell, and a journal with a supervisor and an open shift, made by a till in this process.
    const browser = openTill({ url: server.url });
    await readyToSell(browser.pos);
    const stay = await findStay(browser.pos);
    await browser.close();
    const dataDir = path.join(root, 'till');
    fs.mkdirSync(dataDir);
    fs.copyFileSync(journalFile(browser.dataDir), journalFile(dataDir));
    fs.rmSync(browser.dataDir, { recursive: true, force: true });

    // The purchase meets a gateway's 502 before the partner (an unknown outcome), and lookups
    // meet its 500 page (the partner down), so the till watches for the partner to come back.
    gateway.beforeCommit.push(gatewayPage(502, 'Bad Gateway'));
    gateway.blocked.push({ path: /\/transactions?(\/|\?|$)/, failure: gatewayPage(500, 'Internal Server Error') });
    const saleId = newSaleId('BACK');
    const order: HeartbeatOrder = {
      journalFile: journalFile(dataDir),
      dataDir,
      partnerUrl: gateway.url,
      staff: { id: 1, pin: '2468' },
      request: { saleId, kind: 'hotel', hotel: stay.selection, customer: { ...customer, dob: '1980-05-01' }, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 2 } },
    };
    const till = child.start(order);
    const beats: number[] = [];
    let done = '';
    let stderr = '';
    till.stderr.on('data', (chunk) => (stderr += chunk));
    createInterface({ input: till.stdout }).on('line', (line) => {
      if (line === 'BEAT') beats.push(Date.now());
      else if (line.startsWith('DONE ')) done = line;
    });
    try {
      for (let i = 0; i < 200 && !done; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(done, stderr).toBe('DONE unknown');
      await new Promise((resolve) => setTimeout(resolve, 400));

      // The lookup route answers again: the partner's own "no such transaction", within the grace window.
      const back = Date.now();
      gateway.blocked.length = 0;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const lookedUp = gateway.requests.filter((request) => request.at >= back && request.path.includes(`merchant_reference=${encodeURIComponent(saleId)}`));
      expect(lookedUp.length, 'the sale was looked up once the partner answered').toBeGreaterThan(0);
      const after = [back, ...beats.filter((at) => at >= back), Date.now()];
      const longestSilence = Math.max(...after.slice(1).map((at, i) => at - after[i]!));
      expect(longestSilence, 'the till kept beating (ms of silence)').toBeLessThan(1_000);
    } finally {
      till.kill('SIGKILL');
    }
  });
});
