import { parseArgs } from 'node:util';
import { DEMO_ORGANISATION } from '../local/demo';
import { portsFromEnvironment } from '../local/ports';
import { startDemoSimulation } from '../local/simulator/demo-run';
import { DEFAULT_DATA_DIR, LOCAL_TABLE_NAME } from '../local/stack';

/**
 * `npm run simulate`: the demo organisation's device fleet (local/demo-devices.ts), and
 * optionally a synthetic one, publishing over MQTT to a running local stack (`npm start`)
 * as real devices would: each with its own credentials, radio sensors through their
 * gateway, answering commands. `npm start` already runs the demo fleet in-process unless
 * started with SIMULATOR=off; run this beside it with --no-demo, or instead of it.
 */

const USAGE = `Usage: npm run simulate -- [options]

  --speed N       replay N times faster than real time until caught up with the clock
                  (from --from ago), then go on in real time
  --from D        start this long ago (with --speed; default 1h), e.g. 30m, 6h, 2d
  --duration D    stop after this much simulated time (default: run until Ctrl+C)
  --sensors N     add N synthetic sensors (CT-100 fridges, 100 per GW-SG1 gateway),
                  registered on the demo site when missing
  --no-demo       leave the demo fleet out (e.g. beside npm start, which runs it)
  --no-backfill   do not back-fill the gap since the newest stored reading
  --seed S        another seed, other weather (default: the demo's own)
  --quiet         no progress lines

Environment: MQTT_PORT (1883), DYNAMODB_PORT (8000), LOCAL_DATA_DIR (.local).
`;

/** "90s", "30m", "6h", "2d" → milliseconds. */
function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|h|d)$/.exec(text.trim());
  if (!match) throw new Error(`"${text}" is not a duration: use e.g. 90s, 30m, 6h or 2d.`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

function wholeNumber(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, not "${text}".`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      speed: { type: 'string' },
      from: { type: 'string' },
      duration: { type: 'string' },
      sensors: { type: 'string' },
      'no-demo': { type: 'boolean', default: false },
      'no-backfill': { type: 'boolean', default: false },
      seed: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const speed = values.speed === undefined ? 1 : Number(values.speed);
  if (!Number.isFinite(speed) || speed < 1) throw new Error(`--speed must be a number of at least 1, not "${values.speed ?? ''}".`);
  if (values.from !== undefined && speed <= 1) throw new Error('--from needs --speed above 1: in real time the replay would never catch up with the clock.');
  const replayFromMs = speed > 1 ? parseDuration(values.from ?? '1h') : undefined;
  const durationMs = values.duration === undefined ? undefined : parseDuration(values.duration);
  const extraSensors = wholeNumber(values.sensors, 'sensors', 0);
  const ports = portsFromEnvironment();
  const quiet = values.quiet;
  const log = (line: string) => { if (!quiet) console.log(line); };

  log(`Connecting to mqtt://localhost:${ports.mqtt} for ${DEMO_ORGANISATION.name}...`);
  const running = await startDemoSimulation({
    brokerUrl: `mqtt://localhost:${ports.mqtt}`,
    dataDir: process.env['LOCAL_DATA_DIR'] ?? DEFAULT_DATA_DIR,
    dynamoEndpoint: `http://127.0.0.1:${ports.dynamodb}`,
    tableName: LOCAL_TABLE_NAME,
    includeDemo: !values['no-demo'],
    extraSensors,
    backfill: !values['no-backfill'],
    ...(replayFromMs !== undefined ? { replayFromMs } : {}),
    speed,
    ...(durationMs !== undefined ? { durationMs } : {}),
    ...(values.seed !== undefined ? { seed: values.seed } : {}),
    log: (line) => console.error(line),
  }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (/ECONNREFUSED|connect/i.test(message)) throw new Error(`${message}\nIs the portal running? Start it with npm start (and SIMULATOR=off to leave the demo fleet to this command).`);
    throw error;
  });
  const { simulator } = running;
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  log(`Simulating ${plural(running.sensors, 'sensor')} and ${plural(running.gateways, 'gateway')}${speed > 1 ? ` at ${speed}x until caught up with the clock` : ' in real time'}.`);
  if (running.backfill) log(`Back-filled ${running.backfill.readings} readings since ${new Date(running.backfill.fromMs).toISOString()} (gateway batches).`);

  const progress = setInterval(() => {
    const stats = simulator.stats();
    log(`${new Date().toISOString()}  simulated ${new Date(simulator.simulation.now).toISOString()}  ${stats.readings} readings, ${stats.statuses} heartbeats, ${stats.acknowledgements} command answers${stats.failures ? `, ${stats.failures} failed publishes` : ''}`);
  }, 10_000);
  const stop = async () => {
    clearInterval(progress);
    await running.stop();
    const stats = simulator.stats();
    log(`Stopped: ${stats.readings} readings, ${stats.statuses} heartbeats, ${stats.acknowledgements} command answers published.`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await simulator.finished;
  await stop();
}

main().catch((error: unknown) => {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.stderr.write(USAGE);
  process.exit(1);
});
