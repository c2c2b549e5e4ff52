import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_SESSIONS } from '@domain/identity/account';
import { handler as customMessageTrigger } from '../lambdas/identity-triggers/custom-message';
import { handler as postAuthenticationTrigger } from '../lambdas/identity-triggers/post-authentication';
import { acknowledgeByVoice } from '../lambdas/alarms/voice-acknowledge';
import { acknowledgeByText } from '../lambdas/alarms/sms-acknowledge';
import { handleTextReplies } from '../lambdas/alarms/sms-reply-handler';
import { runIdentityBackfill } from '../lambdas/data/migrations/identity-backfill';
import { APP_VERSION, DEFAULT_ADMIN_CONTACT_EMAIL, type WebAppConfig } from '@domain/core/app-config';
import { resetBackendConfig } from '../lambdas/shared/config';
import { resetVapidKeys } from '../lambdas/shared/vapid';
import { resetProxyTokenKey } from '../lambdas/shared/proxy-token';
import { loadLocalProxyTokenKey } from './proxy-token-key';
import { startCron } from './cron';
import { startDynamo } from './dynamodb';
import { startGateway } from './gateway';
import { loadLocalCredentials, type LocalCredentials } from './credentials';
import { identityClient, LOCAL_REGION, startIdentity } from './identity';
import { loadSigningSecret } from './device-credentials';
import { startIotDataPlane } from './iot-data-plane';
import { startRuleSubscriber, type RuleSubscriber } from './iot-rules';
import { ChannelFaults } from './channel-faults';
import { startBroker } from './mqtt';
import { Outbox, type OutboxMessage } from './outbox';
import { localPushProvider, loadLocalVapidKeys } from './push';
import { startLocalNotifier, type LocalNotifier } from './notifier';
import { startLocalReportRunner, type LocalReportRunner } from './report-runner';
import type { OutboxEntry } from './outbox-page';
import { assertPortsFree, type LocalPorts } from './ports';
import { LOCAL_BUCKETS, startS3 } from './s3';
import { seedDemo } from './seed';
import { startSes } from './ses';
import { SMS_VOICE_ENDPOINT_VARIABLE, startSmsVoice, twoWaySmsEvent } from './sms-voice';
import { startSns } from './sns';
import { ensureTable } from './table';

export const LOCAL_TABLE_NAME = 'coldchain-portal';
/** The number local voice calls come from (a fictional one: Ofcom's drama range). */
const LOCAL_VOICE_NUMBER = '+441632960001';

export const REPOSITORY_ROOT = resolve(import.meta.dirname, '..');
export const DEFAULT_DATA_DIR = join(REPOSITORY_ROOT, '.local');
export const DEFAULT_WEB_ROOT = join(REPOSITORY_ROOT, 'frontend', 'dist');

export interface LocalStackOptions {
  ports: LocalPorts;
  /** Everything the stack keeps: tables, identities, files, outbox. */
  dataDir: string;
  webRoot?: string;
  /** Seed the demo organisation (once per data folder). */
  seed?: boolean;
  /** An IVR voice call's key press from the outbox page ("Press 1"), as the voice provider would send it; until set, the page's button answers 501. */
  onVoiceKeyPress?: (message: OutboxMessage, digit: string) => Promise<void>;
  /** A reply to a text from the outbox page ("Reply"), as End User Messaging's two-way SMS would publish it; until set, the page's button answers 501. */
  onTextReply?: (message: OutboxMessage, body: string) => Promise<void>;
}

export interface LocalStack {
  urls: {
    portal: string;
    api: string;
    outbox: string;
    dynamodb: string;
    identity: string;
    s3: string;
    ses: string;
    mqtt: string;
    mqttWebSocket: string;
    /** The IoT data plane stand-in (handlers publish device commands through it). */
    iotDataPlane: string;
    /** The End User Messaging SMS and Voice v2 stand-in (notification texts and voice calls). */
    smsVoice: string;
  };
  /** Where the stack keeps its data (device credentials derive from its signing secret: local/device-credentials.ts). */
  dataDir: string;
  /** The data folder's AWS credentials (local/credentials.ts): DynamoDB's database and the identity service's admin operations need them. */
  credentials: LocalCredentials;
  tableName: string;
  identity: { userPoolId: string; portalClientId: string; helpdeskClientId: string };
  /** The IoT rules' stand-in: device messages to their handlers (`idle()` waits until all are handled). */
  rules: RuleSubscriber;
  /** Alarms' notifications (`idle()` waits until every change so far is planned and its messages sent). */
  notifier: LocalNotifier;
  reportRunner: LocalReportRunner;
  /** The outbox's fault switch ("fail the next N sends" of email, text, voice, push): a push sender consults it with `faults.check('push')`. */
  faults: ChannelFaults;
  /** Whether this start seeded the demo organisation (false when it already was). */
  seeded: boolean;
  stop(): Promise<void>;
}

/**
 * Starts every emulator and the local gateway, points the AWS SDK at them through its
 * standard `AWS_ENDPOINT_URL_<SERVICE>` variables (handlers run in this process), and
 * makes the table, pool, clients and buckets when they are missing.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { ports, dataDir } = options;
  await assertPortsFree(ports);
  const credentials = loadLocalCredentials(dataDir);
  // Web push's VAPID keys, made once per data folder; on AWS they are read from Parameter Store (lambdas/shared/vapid.ts).
  const vapid = loadLocalVapidKeys(dataDir);
  // The key proxy tokens are signed with (issue 16), made once per data folder; on AWS a Parameter Store SecureString.
  const proxyTokenKey = loadLocalProxyTokenKey(dataDir);
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };
  try {
    const outbox = new Outbox(join(dataDir, 'outbox', 'messages.jsonl'));
    const faults = new ChannelFaults();
    const [dynamo, ses, s3, broker] = await Promise.all([
      startDynamo(ports.dynamodb, join(dataDir, 'dynamodb'), credentials),
      startSes(ports.ses, faults),
      startS3(ports.s3, join(dataDir, 's3'), credentials, [`http://localhost:${ports.portal}`, `http://127.0.0.1:${ports.portal}`]),
      // Devices authenticate with credentials derived from the data folder's signing secret.
      startBroker(ports.mqtt, ports.mqttWebSocket, { signingSecret: loadSigningSecret(dataDir) }),
    ]);
    stops.push(dynamo.stop, ses.stop, s3.stop, broker.stop);
    // Texts the handlers send themselves (SNS) go to the outbox, on a free loopback port.
    const sns = await startSns(outbox);
    stops.push(sns.stop);
    // Notification texts and voice calls (End User Messaging SMS and Voice v2) go to the outbox, on a free loopback port.
    const smsVoice = await startSmsVoice(outbox, faults);
    stops.push(smsVoice.stop);
    // Device commands: the IoT data plane's Publish, onto the broker, on a free loopback port.
    const iotDataPlane = await startIotDataPlane(broker.broker);
    stops.push(iotDataPlane.stop);
    const identity = await startIdentity({
      port: ports.cognito,
      dataDir: join(dataDir, 'identity'),
      sesEndpoint: ses.endpoint,
      outbox,
      credentials,
      // The same triggers the user pool runs on AWS (lib/identity.ts), called in-process.
      triggers: { postAuthentication: postAuthenticationTrigger, customMessage: customMessageTrigger },
    });
    stops.push(identity.stop);

    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      AWS_ENDPOINT_URL_SNS: sns.endpoint,
      [SMS_VOICE_ENDPOINT_VARIABLE]: smsVoice.endpoint,
      AWS_ENDPOINT_URL_IOT_DATA_PLANE: iotDataPlane.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: identity.endpoint,
      TABLE_NAME: LOCAL_TABLE_NAME,
      FILES_BUCKET: LOCAL_BUCKETS.files,
      S3_FORCE_PATH_STYLE: 'true',
      USER_POOL_ID: identity.userPoolId,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PROXY_TOKEN_KEY: proxyTokenKey,
      // Links in messages; the number voice calls come from (the stand-in needs one, as the service does).
      PORTAL_URL: `http://localhost:${ports.portal}`,
      VOICE_ORIGINATION_IDENTITY: process.env['VOICE_ORIGINATION_IDENTITY'] ?? LOCAL_VOICE_NUMBER,
      LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'WARN',
    });
    delete process.env['AWS_SESSION_TOKEN'];
    delete process.env['AWS_PROFILE'];
    resetBackendConfig();
    resetVapidKeys();
    resetProxyTokenKey();

    const dynamoClient = new DynamoDBClient({ endpoint: dynamo.endpoint, region: LOCAL_REGION, credentials });
    const documents = DynamoDBDocumentClient.from(dynamoClient);
    await ensureTable(dynamoClient, LOCAL_TABLE_NAME);
    let seeded = false;
    if (options.seed ?? true) {
      const cognito = identityClient(identity.endpoint, credentials);
      seeded = await seedDemo(documents, LOCAL_TABLE_NAME, cognito, identity.userPoolId);
      cognito.destroy();
    }
    // Items stored without ElectroDB's identity attributes get them, once (afterwards one GetItem): lambdas/data/migrations/.
    await runIdentityBackfill({ client: documents, tableName: LOCAL_TABLE_NAME });
    dynamoClient.destroy();
    // Device messages to the ingest and the command acknowledgements, once the table and the handlers' environment are there.
    const rules = await startRuleSubscriber({ broker: broker.broker, region: LOCAL_REGION });
    stops.push(rules.stop);

    const webConfig: Omit<WebAppConfig, 'userPoolEndpoint' | 'outboxUrl' | 'oauthDomain'> = {
      runtime: 'local',
      region: LOCAL_REGION,
      userPoolId: identity.userPoolId,
      portalClientId: identity.portalClientId,
      helpdeskClientId: identity.helpdeskClientId,
      apiBaseUrl: '/api',
      version: APP_VERSION,
      ssoProviders: parseSsoProviders(process.env['SSO_PROVIDERS']),
      maxSessions: positiveIntegerFromEnv('MAX_SESSIONS', DEFAULT_MAX_SESSIONS),
      idleTimeoutMs: positiveIntegerFromEnv('IDLE_TIMEOUT_MS', DEFAULT_IDLE_TIMEOUT_MS),
      adminContactEmail: process.env['ADMIN_CONTACT_EMAIL'] ?? DEFAULT_ADMIN_CONTACT_EMAIL,
    };
    // The notifier's and the IVR's table client (the stream reader, the senders, a key pressed on a voice call).
    const notifierDocuments = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.endpoint, region: LOCAL_REGION, credentials }), {
      marshallOptions: { removeUndefinedValues: true },
    });
    // A key pressed on a voice call in the outbox: the event the voice provider would send, to the product's IVR.
    const onVoiceKeyPress = options.onVoiceKeyPress ?? (async (message: OutboxMessage, digit: string) => {
      await acknowledgeByVoice({ client: notifierDocuments, tableName: LOCAL_TABLE_NAME }, message.context ?? {}, digit);
    });
    // A reply to a text in the outbox: the SNS event two-way SMS would publish, to the product's handler.
    const onTextReply = options.onTextReply ?? (async (message: OutboxMessage, body: string) => {
      await handleTextReplies(twoWaySmsEvent(message, body), (inbound) => acknowledgeByText({ client: notifierDocuments, tableName: LOCAL_TABLE_NAME }, inbound));
    });
    const gateway = await startGateway({
      port: ports.portal,
      webRoot: options.webRoot ?? DEFAULT_WEB_ROOT,
      identity: {
        endpoint: identity.endpoint,
        credentials,
        issuer: identity.issuer,
        jwksUrl: identity.jwksUrl,
        audiences: [identity.portalClientId, identity.helpdeskClientId],
      },
      webConfig,
      outbox: async (): Promise<OutboxEntry[]> => [
        ...(await ses.emails()).map((email) => ({
          channel: 'email' as const,
          at: new Date(email.at * (email.at < 1e12 ? 1000 : 1)).toISOString(),
          to: [...email.destination.to, ...email.destination.cc].join(', '),
          from: email.from,
          subject: email.subject,
          body: email.body.text ?? email.body.html ?? '',
        })),
        ...outbox.list(),
      ],
      outboxActions: { faults, findMessage: (id) => outbox.find(id), onVoiceKeyPress, onTextReply },
    });
    stops.push(gateway.stop);
    // Alarms' notifications: the table's stream to the notifier, its deliveries to the providers' stand-ins (the outbox).
    const notifier = await startLocalNotifier({
      endpoint: dynamo.endpoint, region: LOCAL_REGION, credentials, tableName: LOCAL_TABLE_NAME, client: notifierDocuments,
      push: localPushProvider({ client: notifierDocuments, tableName: LOCAL_TABLE_NAME, outbox, faults }),
    });
    stops.push(async () => {
      await notifier.stop();
      notifierDocuments.destroy();
    });
    // Large report runs: the table's stream to the report runner (the report queue's function on AWS).
    const reportRunner = await startLocalReportRunner({ endpoint: dynamo.endpoint, region: LOCAL_REGION, credentials, tableName: LOCAL_TABLE_NAME, client: notifierDocuments });
    stops.push(reportRunner.stop);
    // The scheduled jobs (lambdas/schedules.ts), fired as EventBridge Scheduler fires them on AWS.
    const cron = startCron({
      region: LOCAL_REGION,
      onError: (schedule, error) => process.stderr.write(`Schedule ${schedule.name} failed: ${String(error)}\n`),
    });
    stops.push(cron.stop);

    return {
      urls: {
        portal: gateway.url,
        api: `${gateway.url}/api`,
        outbox: `${gateway.url}/outbox`,
        dynamodb: dynamo.endpoint,
        identity: identity.endpoint,
        s3: s3.endpoint,
        ses: ses.endpoint,
        mqtt: broker.url,
        mqttWebSocket: broker.webSocketUrl,
        iotDataPlane: iotDataPlane.endpoint,
        smsVoice: smsVoice.endpoint,
      },
      tableName: LOCAL_TABLE_NAME,
      dataDir,
      credentials,
      identity: {
        userPoolId: identity.userPoolId,
        portalClientId: identity.portalClientId,
        helpdeskClientId: identity.helpdeskClientId,
      },
      rules,
      notifier,
      reportRunner,
      faults,
      seeded,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function positiveIntegerFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${raw}".`);
  return value;
}

/**
 * Locally one SSO client id is mapped by default, so `/login/sso/demo-foods` shows the
 * flow end to end through the hosted-UI stand-in (local/identity/hosted-ui.ts).
 */
export const LOCAL_SSO_PROVIDERS: Readonly<Record<string, string>> = { 'demo-foods': 'DemoFoodsIdP' };

/** `SSO_PROVIDERS` is JSON: `{"<sso client id>": "<identity provider name>"}`. */
function parseSsoProviders(raw: string | undefined): Record<string, string> {
  if (raw === undefined || raw === '') return { ...LOCAL_SSO_PROVIDERS };
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)
    || !Object.values(parsed).every((value) => typeof value === 'string')) {
    throw new Error('SSO_PROVIDERS must be a JSON object of SSO client id to identity provider name.');
  }
  return parsed as Record<string, string>;
}
