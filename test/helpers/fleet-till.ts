/**
 * A lightweight till process for the fleet chaos test: it sells straight through the journal's
 * repositories (the same writes, triggers and chain as a real till) while the real shipper sends
 * its chain to head office, until it is killed. `drain` mode sells nothing and exits once head
 * office has acknowledged every link.
 *
 *   node <bundle of this file (child-bundle.ts)> '<json: TillOrder>'
 */
import { z } from 'zod';
import { silentLogger } from '../../electron/core/logger';
import { connectFleet } from '../../electron/fleet/connection';
import { createShipper } from '../../electron/fleet/shipper';
import { journalFile, openChainOutbox } from '../../electron/journal';
import { openSellingJournal } from './chain-fixture';

const orderSchema = z.object({
  dir: z.string(),
  terminalId: z.string(),
  databaseUrl: z.string(),
  mode: z.enum(['sell', 'drain']),
});
export type TillOrder = z.infer<typeof orderSchema>;

const order = orderSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Sells (or drains) until killed; CommonJS for child-bundle.ts, so the awaits sit in a function. */
async function main() {
  const till = await openSellingJournal({ dir: order.dir, terminalId: order.terminalId });
  const outbox = openChainOutbox({ file: journalFile(order.dir), terminalId: order.terminalId });
  const shipper = createShipper({
    outbox,
    connect: () => connectFleet({ databaseUrl: order.databaseUrl, tls: 'off', connectTimeoutMs: 1_000, statementTimeoutMs: 10_000 }),
    logger: silentLogger,
    terminalName: `Chaos ${order.terminalId}`,
    tuning: { pollMs: 10, heartbeatMs: 500, backoffMinMs: 10, backoffMaxMs: 150 },
  });
  shipper.start();
  say('READY');

  if (order.mode === 'drain') {
    for (;;) {
      const { backlog } = shipper.status();
      if (outbox.backlog().count === 0 && backlog.count === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await shipper.stop();
    till.journal.close();
    say('DRAINED');
    process.exit(0);
  }

  let n = 0;
  for (;;) {
    n++;
    till.sell(`${order.terminalId}-${process.pid}-${n}`, 100_000 + (n % 13) * 25_000);
    if (n % 10 === 0) {
      const moved = till.journal.shifts.moveCash({ kind: 'in', amountKobo: 5_000, reason: 'Change', staffId: till.staffId });
      if (!moved.ok) throw new Error(moved.error.message);
    }
    if (n % 40 === 0) till.closeShift();
    shipper.nudge();
    // A counter's pace, compressed: the shipper and the kills interleave with every kind of write.
    await new Promise((resolve) => setTimeout(resolve, 2 + Math.floor(Math.random() * 6)));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(3);
});
