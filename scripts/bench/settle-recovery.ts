// Settle time after the partner comes back (issue 11, money item 2), with the till's default
// timings: a hotel booking the partner committed, its answer lost, then the partner unreachable
// (a gateway answering 503) for each given number of seconds; measured from the partner answering
// again to the sale confirmed in the journal. Real time, so it takes as long as the outages:
//   npx tsx scripts/bench/settle-recovery.ts 7.3 21.3 62.4
// Not part of `npm run bench` (a minute or more per outage); figures are in the partner report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandbox, startSandboxServer } from '../../electron/sandbox';
import { salesTuning } from '../../electron/sales/sales-deps';
import { gatewayPage, startFailingGateway } from '../../test/helpers/failing-gateway';
import { customer, findStay, newSaleId, openTill, readyToSell, tillConfig, value } from '../../test/helpers/sales-fixture';

const outages = process.argv.slice(2).map(Number).filter((seconds) => seconds > 0);
const sandbox = createSandbox();
const partner = await startSandboxServer({ sandbox });
const gateway = await startFailingGateway(partner.url);
const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-settle-'));
const tuning = salesTuning(tillConfig(configDir, 'counter', gateway.url));
const till = openTill({ url: gateway.url, tuning });
await readyToSell(till.pos);
try {
  for (const seconds of outages.length > 0 ? outages : [7.3, 21.3]) {
    const stay = await findStay(till.pos);
    gateway.afterCommit.push({ kind: 'hang' });
    const saleId = newSaleId('SETTLE');
    const submitted = till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } });
    while (sandbox.transactions().every((t) => t.merchant_reference !== saleId)) await new Promise((resolve) => setTimeout(resolve, 5));
    gateway.down = gatewayPage(503, 'Service Unavailable');
    value(await submitted);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    gateway.down = null;
    const back = Date.now();
    for (;;) {
      const sale = value(till.journal.sales.get(saleId))!;
      if (sale.state === 'confirmed' || sale.state === 'rejected') {
        console.log(`down ${seconds} s: ${sale.state} ${((Date.now() - back) / 1000).toFixed(2)} s after the partner answered again`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
} finally {
  await till.close();
  await gateway.close();
  await partner.close();
  fs.rmSync(till.dataDir, { recursive: true, force: true });
  fs.rmSync(configDir, { recursive: true, force: true });
}
