/**
 * A till process for the refund kill test: the real correction code (createSales on a journal
 * file) giving money back for random sales, one after another, until it is killed. It prints:
 *
 *   READY                      signed in, about to start
 *   RETRIED <id> <ok|code>     the request a killed process left in doubt, sent again with its own id
 *   ASK <id> <request json>    about to send this void or refund
 *   WROTE <id>                 the journal holds it (the announcement after the write)
 *   DONE <id> <amountKobo>     the answer came back: given back
 *   REFUSED <id> <code>        the answer came back: refused, nothing given back
 *   RACED <id> <ok|code>       the one request of a racing process, sent at the agreed moment
 *
 *   node <bundle of this file> '<json: RefundChildOrder>'
 */
import { z } from 'zod';
import { openJournal } from '../../electron/journal';
import { createPartnerClient } from '../../electron/partner/client';
import { loadConfig } from '../../electron/core/config/load';
import { silentLogger } from '../../electron/core/logger';
import { createSales } from '../../electron/sales';
import { createPrng } from '../../electron/sandbox/prng';
import { refundRequestSchema, voidRequestSchema } from '../../shared/sales/corrections';

const requestSchema = z.union([refundRequestSchema.extend({ kind: z.literal('refund') }), voidRequestSchema.extend({ kind: z.literal('void') })]);
export type RefundChildRequest = z.input<typeof requestSchema>;

const orderSchema = z.object({
  journalFile: z.string(),
  dataDir: z.string(),
  cashier: z.object({ id: z.number().int(), pin: z.string() }),
  supervisors: z.array(z.object({ id: z.number().int(), pin: z.string() })).min(1),
  /** Requests earlier processes sent and never heard back about: sent again, each with its own id. */
  retries: z.array(requestSchema).default([]),
  seed: z.number().int(),
  /** Stop after this many requests (a process nobody kills); 0: until killed. */
  maxRequests: z.number().int().nonnegative().default(0),
  /** Send only this request, at this moment (epoch ms), and say how it ended: two processes racing for one ticket. */
  race: z.object({ request: requestSchema, at: z.number() }).nullable().default(null),
});
export type RefundChildOrder = z.input<typeof orderSchema>;

const say = (line: string) => process.stdout.write(`${line}\n`);
const order = orderSchema.parse(JSON.parse(process.argv[2] ?? '{}'));

/** The same seed gives the same choices, so a failure can be replayed. */
const random = createPrng(order.seed);
const pick = <T>(items: readonly T[]): T => random.pick(items);

const loaded = loadConfig({ env: {}, flags: { 'data-dir': order.dataDir, 'partner-url': 'http://127.0.0.1:9', 'partner-timeout-ms': '1000' } });
if (!loaded.ok) throw new Error(loaded.message);
const opened = openJournal({ file: order.journalFile, terminalId: loaded.config.terminal.id, busyTimeoutMs: 20_000 });
if (!opened.ok) throw new Error(opened.error.message);
const journal = opened.value;

const sales = createSales({
  journal,
  // Giving money back never calls the partner; nothing listens here.
  partner: createPartnerClient({ baseUrl: 'http://127.0.0.1:9', apiKey: () => 'unused', timeoutMs: 1000 }),
  clock: () => new Date(),
  events: {
    publish(event, payload) {
      if (event === 'correction.recorded' && (payload as { what: string }).what === 'recorded') say(`WROTE ${(payload as { correction: { id: string } }).correction.id}`);
    },
  },
  logger: silentLogger,
  config: loaded.config,
});
const desk = sales.corrections.desk;

/** Signs in, settles what an earlier life left in doubt, then gives money back until killed. */
async function main() {
  const signedIn = await sales.staff.signIn({ staffId: order.cashier.id, pin: order.cashier.pin });
  if (!signedIn.ok) throw new Error(signedIn.error.message);

  const send = (request: z.output<typeof requestSchema>) => {
    const { kind, ...rest } = request;
    return kind === 'refund' ? desk.refund(rest as z.output<typeof refundRequestSchema>) : desk.voidSale(rest as z.output<typeof voidRequestSchema>);
  };

  for (const retry of order.retries.map((r) => requestSchema.parse(r))) {
    const result = await send(retry);
    say(`RETRIED ${retry.correctionId} ${result.ok ? `ok ${result.value.correction.amountKobo}` : result.error.code}`);
  }
  say('READY');

  if (order.race) {
    const race = order.race;
    while (Date.now() < race.at) await new Promise((resolve) => setTimeout(resolve, Math.min(5, race.at - Date.now())));
    const result = await send(requestSchema.parse(race.request));
    say(`RACED ${race.request.correctionId} ${result.ok ? 'ok' : result.error.code}`);
    await sales.close();
    journal.close();
    process.exit(0);
  }

  const found = journal.sales.search({ limit: 500 });
  if (!found.ok) throw new Error(found.error.message);
  const saleIds = found.value.filter((s) => s.state === 'confirmed' || s.state === 'rejected').map((s) => s.id);
  let sent = 0;
  let idle = 0;

  while (order.maxRequests === 0 || sent < order.maxRequests) {
    const saleId = pick(saleIds);
    const options = desk.options(saleId);
    if (!options.ok || options.value.action === null) {
      // Everything may have been given back already: stop once nothing is left anywhere.
      if (++idle > 5_000) break;
      continue;
    }
    idle = 0;
    const tender = pick(options.value.tenders.filter((t) => t.remainingKobo > 0));
    const supervisor = pick(order.supervisors);
    const common = {
      correctionId: `K${order.seed.toString(36)}-${(sent + 1).toString(36)}-${Math.floor(random.next() * 1e9).toString(36)}`,
      saleId,
      basis: options.value.basis,
      tender: tender.kind,
      approval: { supervisorId: supervisor.id, pin: supervisor.pin },
      reason: pick(['customer-cancelled', 'venue-cancelled', 'sold-twice', 'wrong-sale'] as const),
      note: 'kill test',
      ...(tender.route === 'approval-code' ? { approvalCode: `RF${sent}` } : {}),
      ...(tender.route === 'bank' ? { transferReference: `BANK-${sent}-${order.seed}` } : {}),
    };
    let request: z.output<typeof requestSchema>;
    if (options.value.action === 'void') {
      request = { kind: 'void', ...common };
    } else {
      const open = options.value.lines.filter((l) => l.remaining > 0);
      const lines = [...new Set([pick(open), pick(open)])].map((l) => ({
        line: l.line,
        // Now and then more than is left: refused before anything is written.
        quantity: random.next() < 0.05 ? l.remaining + 1 : 1 + Math.floor(random.next() * l.remaining),
      }));
      request = { kind: 'refund', ...common, lines };
    }
    sent++;
    say(`ASK ${request.correctionId} ${JSON.stringify(request)}`);
    const result = await send(request);
    say(result.ok ? `DONE ${request.correctionId} ${result.value.correction.amountKobo}` : `REFUSED ${request.correctionId} ${result.error.code}`);
  }

  await sales.close();
  journal.close();
  say('FINISHED');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(3);
});
