import { TOPIC_ROOT, deviceTopic, type DeviceTopicKind } from '@domain/telemetry/telemetry';

/**
 * The one list of IoT topic rules (ARCHITECTURE.md "Rules that keep the two runtimes one"):
 * on AWS each becomes an IoT TopicRule (lib/devices.ts); locally the rule subscriber
 * (local/iot-rules.ts) subscribes to the same topic filter, builds the same event as the
 * rule's SQL (the payload under `payload`, plus the topic's parts and the receive time:
 * domain/telemetry/telemetry.ts `DeviceMessageEvent`), and delivers it the same way:
 * - `queue`: to the ingest queue, read by the handler as an SQS event (batches, partial
 *   batch failures, a dead-letter queue);
 * - `function`: straight to the handler, as the rule's JSON object.
 */
export interface IotRuleDefinition {
  /** The TopicRule's name (letters, digits and underscores on AWS). */
  name: string;
  /** MQTT topic filter the rule listens to. */
  topicFilter: string;
  /** What the event's `kind` is for this rule. */
  kind: 'readings' | 'status' | 'commands/ack';
  target: { kind: 'queue'; handler: IotRuleHandlerName } | { kind: 'function'; handler: IotRuleHandlerName };
  description: string;
}

/** The handler modules rules deliver to (entry paths for the CDK; imported by the local subscriber). */
export const IOT_RULE_HANDLERS = {
  ingest: 'lambdas/ingest/handler.ts',
  commandAcknowledgements: 'lambdas/device-commands/acknowledgement-handler.ts',
} as const;
export type IotRuleHandlerName = keyof typeof IOT_RULE_HANDLERS;

export const IOT_RULES: readonly IotRuleDefinition[] = [
  {
    name: 'device_readings',
    topicFilter: `${TOPIC_ROOT}/+/+/readings`,
    kind: 'readings',
    target: { kind: 'queue', handler: 'ingest' },
    description: 'Readings from sensors and gateways (one or a batch) to the ingest queue',
  },
  {
    name: 'gateway_status',
    topicFilter: `${TOPIC_ROOT}/+/+/status`,
    kind: 'status',
    target: { kind: 'queue', handler: 'ingest' },
    description: "Gateways' heartbeats to the ingest queue",
  },
  {
    name: 'device_command_acks',
    topicFilter: `${TOPIC_ROOT}/+/+/commands/ack`,
    kind: 'commands/ack',
    target: { kind: 'function', handler: 'commandAcknowledgements' },
    description: "Devices' acknowledgements of commands, to the command store",
  },
];

/**
 * The rule's SQL: the device's payload, the customer and device ids from the topic (which
 * the device's policy makes trustworthy), the kind and the broker's receive time. The same
 * SQL serves a Basic Ingest publish: `topic(n)` never sees the `$aws/rules/<rule>/` prefix,
 * and the FROM clause (not applied to Basic Ingest) still routes a plain-topic publish.
 */
export function iotRuleSql(rule: IotRuleDefinition): string {
  return `SELECT * AS payload, topic(2) AS customerId, topic(3) AS sourceDeviceId, '${rule.kind}' AS kind, timestamp() AS receivedAt FROM '${rule.topicFilter}'`;
}

// Basic Ingest (docs/devices.md "Topics") ---------------------------------------------------

/** The stage the local runtime names its rules with (on AWS: the deployment's stage, lib/context.ts). */
export const LOCAL_STAGE = 'local';

/** A rule's name in one deployment: rule names are per account and region, so they carry the stage. */
export function iotRuleName(rule: IotRuleDefinition, stage: string): string {
  return `${TOPIC_ROOT}_${stage.replace(/[^A-Za-z0-9]/g, '_')}_${rule.name}`;
}

/** IoT Core's reserved prefix: a publish under `$aws/rules/<ruleName>/` goes to that rule alone, with no messaging charge. */
export const BASIC_INGEST_PREFIX = '$aws/rules/';

/** The rule a device's messages of one kind are for (devices publish readings, status and commands/ack). */
export function iotRuleForKind(kind: DeviceTopicKind): IotRuleDefinition | undefined {
  return IOT_RULES.find((rule) => rule.kind === kind);
}

/**
 * Where a device publishes a message of `kind` in the deployment of `stage`: its own topic
 * behind the Basic Ingest prefix of the rule for that kind. The rule sees the topic without
 * the prefix (`topic(2)` is still the customer id), and no broker delivers it to anyone else.
 */
export function deviceIngestTopic(stage: string, customerId: string, deviceId: string, kind: Exclude<DeviceTopicKind, 'commands'>): string {
  const rule = iotRuleForKind(kind);
  if (rule === undefined) throw new Error(`No IoT rule takes ${kind} messages`);
  return `${BASIC_INGEST_PREFIX}${iotRuleName(rule, stage)}/${deviceTopic(customerId, deviceId, kind)}`;
}

/** A Basic Ingest topic's rule name and the topic the rule sees, or undefined when the topic is not one. */
export function parseBasicIngestTopic(topic: string): { ruleName: string; topic: string } | undefined {
  if (!topic.startsWith(BASIC_INGEST_PREFIX)) return undefined;
  const rest = topic.slice(BASIC_INGEST_PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  return { ruleName: rest.slice(0, slash), topic: rest.slice(slash + 1) };
}
