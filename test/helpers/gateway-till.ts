import fs from 'node:fs';
import { createSandbox, startSandboxServer, type Sandbox, type SandboxServer } from '../../electron/sandbox';
import type { SaleView } from '../../shared/sales/sale-view';
import { startFailingGateway, type FailingGateway } from './failing-gateway';
import { openTill, readyToSell, value, type Till } from './sales-fixture';

/**
 * A till selling through a failing gateway (test/helpers/failing-gateway.ts) in front of the real
 * sandbox over HTTP, with a real journal file and short settling tunings (an 800 ms partner timeout,
 * a 600 ms grace window, fast lookups): what the gateway tests share. `reset()` clears the
 * gateway's scripted failures between tests; `close()` stops everything and removes the data.
 */
export interface GatewayTill {
  sandbox: Sandbox;
  partnerServer: SandboxServer;
  gateway: FailingGateway;
  till: Till;
  reset(): void;
  close(): Promise<void>;
}

export async function openGatewayTill(options: { sandbox?: Sandbox } = {}): Promise<GatewayTill> {
  const sandbox = options.sandbox ?? createSandbox();
  const partnerServer = await startSandboxServer({ sandbox });
  const gateway = await startFailingGateway(partnerServer.url);
  const till = openTill({ url: gateway.url, timeoutMs: 800, tuning: { settleWindowMs: 600, reconcileDelaysMs: [50, 100, 200], recoveryProbeMs: 100 } });
  await readyToSell(till.pos);
  return {
    sandbox,
    partnerServer,
    gateway,
    till,
    reset() {
      gateway.afterCommit.length = 0;
      gateway.beforeCommit.length = 0;
      gateway.blocked.length = 0;
      gateway.sendPurchasesTwice = 0;
      gateway.down = null;
      gateway.rewriteRequest = null;
      gateway.compress = null;
      gateway.byteOrderMark = false;
      gateway.requireUserAgent = false;
      gateway.mislabelEncoding = null;
      gateway.dropIdleAfterMs = null;
    },
    async close() {
      await till.close();
      await gateway.close();
      await partnerServer.close();
      fs.rmSync(till.dataDir, { recursive: true, force: true });
    },
  };
}

/** The sale once `done` says so, polled every 25 ms for at most 10 s (then the test fails, saying where it stood). */
export async function saleWhen(till: Till, saleId: string, done: (sale: SaleView) => boolean): Promise<SaleView> {
  for (let i = 0; i < 400; i++) {
    const sale = value(await till.pos.api['sale:get']({ saleId }));
    if (done(sale)) return sale;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`sale ${saleId} never got there: ${JSON.stringify(value(await till.pos.api['sale:get']({ saleId })))}`);
}

/** Confirmed or rejected: the sale settled. */
export const settledSale = (till: Till, saleId: string) => saleWhen(till, saleId, (sale) => sale.state === 'confirmed' || sale.state === 'rejected');
