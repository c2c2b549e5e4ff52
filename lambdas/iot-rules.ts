import { TOPIC_ROOT } from '@domain/telemetry/telemetry';

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
 * the device's policy makes trustworthy), the kind and the broker's receive time.
 */
export function iotRuleSql(rule: IotRuleDefinition): string {
  return `SELECT * AS payload, topic(2) AS customerId, topic(3) AS sourceDeviceId, '${rule.kind}' AS kind, timestamp() AS receivedAt FROM '${rule.topicFilter}'`;
}
