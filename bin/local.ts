import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_PASSWORD, DEMO_USERS } from '../local/demo';
import { portsFromEnvironment } from '../local/ports';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_ROOT, REPOSITORY_ROOT, startLocalStack } from '../local/stack';
import { startDemoSimulation, type DemoSimulation } from '../local/simulator/demo-run';

/** `npm start`: the whole portal on this machine, over emulators of the AWS services. */

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** Builds the web app when it is missing or older than its sources, so a fresh clone just works. */
function ensureWebBuild(): void {
  const builtAt = newestChange(join(DEFAULT_WEB_ROOT, 'index.html'));
  const sourcesChangedAt = Math.max(newestChange(join(REPOSITORY_ROOT, 'frontend')), newestChange(join(REPOSITORY_ROOT, 'domain')));
  if (builtAt >= sourcesChangedAt) return;
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build:web'], { cwd: REPOSITORY_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app did not build (npm run build:web).');
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  // cognito-local bundles the AWS SDK v2, whose end-of-support notice is noise here.
  process.env['AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE'] ??= '1';
  ensureWebBuild();
  const dataDir = process.env['LOCAL_DATA_DIR'] ?? DEFAULT_DATA_DIR;
  const stack = await startLocalStack({ ports: portsFromEnvironment(), dataDir });
  // The demo fleet publishes over MQTT as real devices would (local/simulator), unless SIMULATOR=off.
  let simulation: DemoSimulation | undefined;
  let simulatorLine = 'Simulator off (SIMULATOR=off): no demo device publishes.';
  if ((process.env['SIMULATOR'] ?? 'on').toLowerCase() !== 'off') {
    try {
      simulation = await startDemoSimulation({
        brokerUrl: stack.urls.mqtt, dataDir: stack.dataDir, dynamoEndpoint: stack.urls.dynamodb, tableName: stack.tableName,
        log: (line) => console.error(`simulator: ${line}`),
      });
      const hours = simulation.backfill ? ((Date.now() - simulation.backfill.fromMs) / 3_600_000).toFixed(1) : '';
      const backfill = simulation.backfill ? `; back-filled ${simulation.backfill.readings} readings of the last ${hours} hours` : '';
      simulatorLine = `Simulator: ${simulation.sensors} demo sensors and ${simulation.gateways} gateways publishing live${backfill} (SIMULATOR=off to turn it off).`;
    } catch (error) {
      simulatorLine = `Simulator not started: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const accounts = DEMO_USERS.map((user) => `    ${user.email.padEnd(26)} ${user.role}`).join('\n');
  console.log(`
Cold-chain portal is running (ready in ${seconds} s${stack.seeded ? ', demo organisation seeded' : ''}).

  Portal   ${stack.urls.portal}
  API      ${stack.urls.api}   (OpenAPI: ${stack.urls.api}/openapi.json)
  Outbox   ${stack.urls.outbox}   (every email, text, pager, push and voice message sent)
  MQTT     ${stack.urls.mqtt}   (WebSocket ${stack.urls.mqttWebSocket})

  ${simulatorLine}

  Demo organisation "Demo Foods", password ${DEMO_PASSWORD} for every account:
${accounts}

Data is kept in ${dataDir === DEFAULT_DATA_DIR ? '.local/ (npm run reset wipes it)' : dataDir}. Press Ctrl+C to stop.
`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await simulation?.stop();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
