// `npm run fleet -- report --from YYYY-MM-DD --to YYYY-MM-DD [--format table|csv|json]`
// `npm run fleet -- migrate`: prepare (or bring up to date) head office's PostgreSQL database.
// The database comes from --database-url or POS_FLEET_DATABASE_URL, its password from
// POS_FLEET_PASSWORD (never from the command line, where other users could read it).
import { parseArgs } from 'node:util';
import { fleetReportRequestSchema } from '../../shared/fleet/report';
import { lagosDate } from '../../shared/dates';
import { applyCentralMigrations } from './central-migrations';
import { connectFleet, describeDatabase, type FleetConnectionSettings } from './connection';
import { buildFleetReport } from './report';
import { reportAsCsv, reportAsTable } from './report-format';

const usage = `usage:
  npm run fleet -- report --from YYYY-MM-DD --to YYYY-MM-DD [--format table|csv|json]
  npm run fleet -- migrate
options: --database-url postgres://user@host:5432/db (or POS_FLEET_DATABASE_URL)
         --tls verify|require|off (or POS_FLEET_TLS; default verify)   --ca-file PEM (or POS_FLEET_CA_FILE)
         the password is read from POS_FLEET_PASSWORD`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    format: { type: 'string', default: 'table' },
    'database-url': { type: 'string' },
    tls: { type: 'string' },
    'ca-file': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const command = positionals[0];
if (values.help || !command || !['report', 'migrate'].includes(command)) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const databaseUrl = values['database-url'] ?? process.env.POS_FLEET_DATABASE_URL;
if (!databaseUrl) {
  console.error('fleet: say which database: --database-url postgres://user@host:5432/db or POS_FLEET_DATABASE_URL');
  process.exit(2);
}
const tls = values.tls ?? process.env.POS_FLEET_TLS ?? 'verify';
if (!['verify', 'require', 'off'].includes(tls)) {
  console.error('fleet: --tls must be verify, require or off');
  process.exit(2);
}
const settings: FleetConnectionSettings = {
  databaseUrl,
  tls: tls as FleetConnectionSettings['tls'],
  caFile: values['ca-file'] ?? process.env.POS_FLEET_CA_FILE,
  password: () => process.env.POS_FLEET_PASSWORD ?? null,
  applicationName: 'lobby-pos-fleet-cli',
};

let client;
try {
  client = await connectFleet(settings);
} catch (error) {
  console.error(`fleet: cannot reach ${describeDatabase(databaseUrl)}: ${(error as Error).message}`);
  process.exit(1);
}
try {
  if (command === 'migrate') {
    const { from, to } = await applyCentralMigrations(client);
    console.log(from === to ? `${describeDatabase(databaseUrl)} is up to date (schema ${to}).` : `${describeDatabase(databaseUrl)}: schema ${from} -> ${to}.`);
  } else {
    const today = lagosDate(new Date());
    const range = fleetReportRequestSchema.safeParse({ from: values.from ?? today, to: values.to ?? values.from ?? today });
    if (!range.success) {
      console.error(`fleet: ${range.error.issues.map((issue) => `${issue.path.join('.') || 'range'} ${issue.message}`).join('; ')} (dates are YYYY-MM-DD)`);
      process.exitCode = 2;
    } else {
      const report = await buildFleetReport(client, range.data);
      if (values.format === 'json') console.log(JSON.stringify(report, null, 2));
      else if (values.format === 'csv') process.stdout.write(reportAsCsv(report));
      else if (values.format === 'table') console.log(reportAsTable(report));
      else {
        console.error('fleet: --format must be table, csv or json');
        process.exitCode = 2;
      }
    }
  }
} catch (error) {
  console.error(`fleet: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.end();
}
