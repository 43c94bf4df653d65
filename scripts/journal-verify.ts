// `npm run journal:verify -- FILE [--central postgres://…] [--json]`: walks a till journal's hash
// chain and exits non-zero naming the first bad sequence. With --central (or POS_FLEET_DATABASE_URL)
// it also compares the chain with head office's copy, which catches a tail cut off the file.
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import { compareWithCentral, verifyJournalFile, type ChainFinding, type ChainVerification } from '../electron/journal';
import { formatNairaPlain } from '../shared/money';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    central: { type: 'string' },
    tls: { type: 'string' },
    'ca-file': { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
const file = positionals[0];
if (values.help || !file) {
  console.log('usage: npm run journal:verify -- FILE [--central postgres://user@host:5432/db] [--tls verify|require|off] [--ca-file PEM] [--json]');
  console.log('       the password comes from POS_FLEET_PASSWORD; --central defaults to POS_FLEET_DATABASE_URL');
  process.exit(values.help ? 0 : 2);
}
if (!fs.existsSync(file)) {
  console.error(`journal:verify: ${file} does not exist`);
  process.exit(2);
}

const result: ChainVerification = verifyJournalFile(file);
const centralUrl = values.central ?? process.env.POS_FLEET_DATABASE_URL;
if (centralUrl) {
  const { readCentralHashes } = await import('../electron/fleet/central-hashes');
  const { openChainOutbox } = await import('../electron/journal');
  const terminals = result.terminals.map((t) => t.terminalId);
  const tls = (values.tls ?? process.env.POS_FLEET_TLS ?? 'verify') as 'off' | 'require' | 'verify';
  const central = await readCentralHashes(
    { databaseUrl: centralUrl, tls, caFile: values['ca-file'] ?? process.env.POS_FLEET_CA_FILE, password: () => process.env.POS_FLEET_PASSWORD ?? null },
    terminals,
  );
  const outboxes = new Map(terminals.map((id) => [id, openChainOutbox({ file, terminalId: id })]));
  try {
    // A file from before journal step 13 has no identity: compared link by link, as before.
    const firstOutbox = outboxes.values().next().value;
    let journalId: string | null = null;
    try {
      journalId = firstOutbox ? firstOutbox.journalId() : null;
    } catch {
      journalId = null;
    }
    const extra: ChainFinding[] = compareWithCentral(result, central, (id, seq) => outboxes.get(id)?.hashAt(seq), journalId);
    result.findings.push(...extra);
    result.findings.sort((a, b) => (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER));
    result.ok = result.findings.length === 0;
  } finally {
    for (const outbox of outboxes.values()) outbox.close();
  }
}

if (values.json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  console.log(`Journal ${file}`);
  if (result.terminals.length === 0) console.log('  no chain links (an empty journal, or one written before the chain)');
  for (const t of result.terminals) {
    console.log(`  terminal ${t.terminalId}: ${t.links} links, head #${t.headSeq} ${t.headHash.slice(0, 8)}, grand total ${formatNairaPlain(t.grandTotalKobo)}`);
  }
  if (centralUrl) console.log('  compared with the central copy');
  if (result.ok) {
    console.log('OK: every link and every row checks out.');
  } else {
    const first = result.findings[0]!;
    if (first.kind === 'another-journal') console.log(`NOT THIS JOURNAL'S NUMBER AT HEAD OFFICE (terminal ${first.terminalId}): ${first.message}`);
    else console.log(first.seq !== null ? `TAMPERED: first bad sequence ${first.seq} (terminal ${first.terminalId})` : `TAMPERED: ${first.message}`);
    for (const finding of result.findings.slice(0, 20)) {
      console.log(`  ${finding.seq !== null ? `#${finding.seq}` : '-'} ${finding.kind}: ${finding.message}`);
    }
    if (result.findings.length > 20) console.log(`  … and ${result.findings.length - 20} more`);
  }
}
process.exit(result.ok ? 0 : 1);
