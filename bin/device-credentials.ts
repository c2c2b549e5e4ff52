import { portsFromEnvironment } from '../local/ports';
import { deviceCredentials } from '../local/device-credentials';
import { deviceTopic } from '@domain/telemetry/telemetry';
import { deviceIngestTopic, LOCAL_STAGE } from '../lambdas/iot-rules';
import { DEFAULT_DATA_DIR } from '../local/stack';

/**
 * `npm run device:credentials -- <customerId> <deviceId>`: the MQTT connection settings of
 * a device on the local broker (docs/devices.md "Locally"), from the data folder's signing
 * secret (LOCAL_DATA_DIR, default .local/). Prints the password: it is a local test secret.
 */
function main(): void {
  const [customerId, deviceId] = process.argv.slice(2);
  if (customerId === undefined || deviceId === undefined) {
    process.stderr.write('Usage: npm run device:credentials -- <customerId> <deviceId>\n');
    process.exit(2);
  }
  const dataDir = process.env['LOCAL_DATA_DIR'] ?? DEFAULT_DATA_DIR;
  const { clientId, username, password } = deviceCredentials(dataDir, customerId, deviceId);
  const { mqtt, mqttWebSocket } = portsFromEnvironment();
  // Devices publish through Basic Ingest (no messaging charge on AWS); the plain topics are still accepted.
  const topic = (kind: Parameters<typeof deviceIngestTopic>[3]) => deviceIngestTopic(LOCAL_STAGE, customerId, clientId, kind);
  process.stdout.write(`MQTT connection settings of device ${clientId} (organisation ${customerId}):

  URL        mqtt://localhost:${mqtt}   (WebSocket ws://localhost:${mqttWebSocket})
  Client id  ${clientId}
  Username   ${username}
  Password   ${password}

  Publish    ${topic('readings')}
             ${topic('status')}
             ${topic('commands/ack')}
             (Basic Ingest; the plain ${deviceTopic(customerId, clientId, 'readings')} etc. still work)
  Subscribe  ${deviceTopic(customerId, clientId, 'commands')}

  For example:
  mosquitto_pub -h localhost -p ${mqtt} -q 1 -i ${clientId} -u ${username} -P '${password}' \\
    -t '${topic('readings')}' -m '{"time":"${new Date().toISOString()}","channels":{"1":4.2},"battery":97}'
`);
}

main();
