/**
 * A till process for the crash tests: the real sale code (createSales on a journal file, the
 * partner client over HTTP to the sandbox in the parent) making one sale. It prints every step
 * (`STEP <state> <saleId>`) and stops dead for a while right after the step named in `pauseAt`,
 * so the parent's SIGKILL lands exactly there.
 *
 *   node <bundle of this file (child-bundle.ts)> '<json: ChildOrder>'
 */
import { z } from 'zod';
import { openJournal } from '../../electron/journal';
import { createPartnerClient } from '../../electron/partner/client';
import { loadConfig } from '../../electron/core/config/load';
import { silentLogger } from '../../electron/core/logger';
import { createSales } from '../../electron/sales';
import { SANDBOX_DEFAULT_API_KEY } from '../../electron/sandbox';
import { submitSaleRequestSchema } from '../../shared/sales/checkout';

const orderSchema = z.object({
  journalFile: z.string(),
  dataDir: z.string(),
  partnerUrl: z.string(),
  staff: z.object({ id: z.number().int(), pin: z.string() }),
  request: submitSaleRequestSchema,
  /** The state after which the process freezes (the parent kills it then); null: never. */
  pauseAt: z.enum(['pending', 'sent', 'confirmed', 'rejected', 'unknown']).nullable(),
  pauseMs: z.number().int().nonnegative(),
  /** Random delay before the sale starts, so runs do not all line up. */
  jitterMs: z.number().int().nonnegative(),
});
export type ChildOrder = z.input<typeof orderSchema>;

/** Blocks the whole process (event loop included), as a till frozen at that instruction. */
const freeze = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const say = (line: string) => process.stdout.write(`${line}\n`);

const order = orderSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const loaded = loadConfig({ env: {}, flags: { 'data-dir': order.dataDir, 'partner-url': order.partnerUrl, 'partner-timeout-ms': '2000' } });
if (!loaded.ok) throw new Error(loaded.message);
const opened = openJournal({ file: order.journalFile, terminalId: loaded.config.terminal.id });
if (!opened.ok) throw new Error(opened.error.message);
const journal = opened.value;

const sales = createSales({
  journal,
  partner: createPartnerClient({ baseUrl: order.partnerUrl, apiKey: () => SANDBOX_DEFAULT_API_KEY, timeoutMs: 2000, retry: { attempts: 2, baseDelayMs: 10 } }),
  clock: () => new Date(),
  events: {
    publish(event, payload) {
      if (event !== 'sale.moved') return;
      const { sale } = payload as { sale: { id: string; state: string } };
      say(`STEP ${sale.state} ${sale.id}`);
      if (sale.state === order.pauseAt) freeze(order.pauseMs);
    },
  },
  logger: silentLogger,
  config: loaded.config,
});

/** Signs in, sells once, and stops (unless killed first). */
async function main() {
  const signedIn = await sales.staff.signIn({ staffId: order.staff.id, pin: order.staff.pin });
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  await new Promise((resolve) => setTimeout(resolve, order.jitterMs));
  say('READY');
  const result = await sales.submit(order.request);
  say(`DONE ${result.ok ? result.value.state : result.error.code}`);
  await sales.close();
  journal.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(3);
});
