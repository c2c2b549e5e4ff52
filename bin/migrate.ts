import { runIdentityBackfill } from '../lambdas/data/migrations/identity-backfill';
import { dataTable } from '../lambdas/data/table';

/**
 * `npm run migrate`: the data migrations, run once against a deployed table (docs/deploy.md
 * "Data migrations"); a local start runs them itself. The table is TABLE_NAME (the stack's
 * `TableName` output), the account and region the AWS CLI's (profile, AWS_REGION). Stopped
 * anywhere, it goes on where it stood at the next run; once finished, a run changes nothing.
 * `--again` scans the whole table again (after code that wrote items without the identity
 * attributes is gone); `--segments <n>` splits the Scan of a new run (default 4).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const segmentsAt = args.indexOf('--segments');
  const segments = segmentsAt >= 0 ? Number(args[segmentsAt + 1]) : undefined;
  if (segments !== undefined && !(Number.isInteger(segments) && segments >= 1 && segments <= 1_000)) {
    process.stderr.write('Usage: TABLE_NAME=<table> npm run migrate [-- --again] [-- --segments <1-1000>]\n');
    process.exit(2);
  }
  if (process.env['TABLE_NAME'] === undefined) {
    process.stderr.write('Set TABLE_NAME to the table to migrate (the stack\'s TableName output), e.g. TABLE_NAME=ColdChainPortal-prod-Table... npm run migrate\n');
    process.exit(2);
  }
  const table = dataTable();
  process.stdout.write(`Identity backfill of ${table.tableName}...\n`);
  const result = await runIdentityBackfill(table, {
    startOver: args.includes('--again'),
    ...(segments !== undefined ? { segments } : {}),
    onPage: (segment, counts) => { process.stdout.write(`  segment ${segment}: ${counts.scanned} items scanned, ${counts.marked} marked\n`); },
  });
  if (!result.ran) process.stdout.write('Already finished (nothing to do; `npm run migrate -- --again` scans again).\n');
  const kinds = Object.entries(result.unrecognisedByKind).map(([kind, count]) => `${kind} ${count}`).join(', ');
  process.stdout.write(`${result.scanned} items scanned: ${result.marked} marked, ${result.alreadyMarked} already marked, `
    + `${result.skipped} changed meanwhile (left), ${result.unrecognised} of no entity (left${kinds ? `: ${kinds}` : ''}).\n`);
}

await main();
