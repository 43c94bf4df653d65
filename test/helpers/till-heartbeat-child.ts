/**
 * A till process that beats: the real selling code (createSales on a journal file, the partner
 * client over HTTP to the parent's gateway) makes one sale, then keeps running its background
 * lookups, printing `BEAT` every 50 ms from a timer. A frozen event loop (a busy loop anywhere in
 * the till) stops the beats, which the parent sees; it kills the child when done.
 *
 *   node <bundle of this file (child-bundle.ts)> '<json: HeartbeatOrder>'
 *   prints: BEAT, then DONE <state> once the sale has its first answer
 */
import { loadConfig } from '../../electron/core/config/load';
import { silentLogger } from '../../electron/core/logger';
import { openJournal } from '../../electron/journal';
import { createPartnerClient } from '../../electron/partner/client';
import { createSales } from '../../electron/sales';

/** The sandbox's default key (not imported: the child stays small). */
const PARTNER_KEY = 'lobby-sandbox-key';

export interface HeartbeatOrder {
  journalFile: string;
  dataDir: string;
  partnerUrl: string;
  staff: { id: number; pin: string };
  request: unknown;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const order = JSON.parse(process.argv[2] ?? '{}') as HeartbeatOrder;
  setInterval(() => say('BEAT'), 50);
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': order.dataDir, 'partner-url': order.partnerUrl, 'partner-timeout-ms': '1000' } });
  if (!loaded.ok) throw new Error(loaded.message);
  const opened = openJournal({ file: order.journalFile, terminalId: loaded.config.terminal.id });
  if (!opened.ok) throw new Error(opened.error.message);
  const sales = createSales({
    journal: opened.value,
    partner: createPartnerClient({ baseUrl: order.partnerUrl, apiKey: () => PARTNER_KEY, timeoutMs: 1000, retry: { attempts: 1, baseDelayMs: 10 } }),
    clock: () => new Date(),
    events: { publish() {} },
    logger: silentLogger,
    config: loaded.config,
    // "No record" is not believed for a minute: the sale stays open through the whole test.
    tuning: { settleWindowMs: 60_000, reconcileDelaysMs: [50, 100, 200], recoveryProbeMs: 100 },
  });
  const signedIn = await sales.staff.signIn({ staffId: order.staff.id, pin: order.staff.pin });
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  const sold = await sales.submit(order.request as never);
  say(`DONE ${sold.ok ? sold.value.state : sold.error.code}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(3);
});
