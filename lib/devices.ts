import { CfnOutput, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Effect, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { CfnPolicy, CfnTopicRule } from 'aws-cdk-lib/aws-iot';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { TOPIC_ROOT } from '@domain/telemetry/telemetry';
import { BASIC_INGEST_PREFIX, IOT_RULE_HANDLERS, IOT_RULES, iotRuleName, iotRuleSql, type IotRuleHandlerName } from '../lambdas/iot-rules';
import { INGEST_BATCH_SIZE, INGEST_BATCHING_WINDOW_SECONDS } from './cost-settings';
import type { Api } from './api';
import type { Data } from './data';
import { handlerFunctions, pascalCase, type PortalFunction } from './function';
import { lambdaBasicExecutionFinding, nagResourceName } from './nag';

/** The thing attribute naming a device's organisation (docs/devices.md "Provisioning on AWS"). */
export const CUSTOMER_ID_ATTRIBUTE = 'customerId';

/** IoT policy variables: the thing the connection's certificate is attached to, and its organisation. */
const THING_NAME = '${iot:Connection.Thing.ThingName}';
const THING_CUSTOMER = `\${iot:Connection.Thing.Attributes[${CUSTOMER_ID_ATTRIBUTE}]}`;

/** A message the ingest failed this many times goes to the dead-letter queue. */
const MAX_RECEIVE_COUNT = 5;

export interface DevicesProps {
  readonly data: Data;
  /** The API: its device-commands function publishes commands to devices. */
  readonly api: Api;
  /** The deployment stage: IoT rule names are per account and region, so they carry it. */
  readonly stage: string;
}

/**
 * Device data on AWS (ARCHITECTURE.md "device data"; docs/devices.md): IoT Core topic rules
 * from the one list of lambdas/iot-rules.ts, each adding the topic's parts to the device's
 * payload (iotRuleSql) and delivering it to its handler: through the ingest queue (SQS,
 * batches with partial failure reporting, a dead-letter queue) or straight to a function;
 * rule errors are logged. The least-privilege IoT policy every device certificate gets
 * (its own topics only, from its thing's name and customerId attribute), and the right to
 * publish commands, for the device-commands function alone, at the account's data endpoint.
 */
export class Devices extends Construct {
  public readonly functions: ReadonlyMap<IotRuleHandlerName, PortalFunction>;
  public readonly ingestQueue: Queue;
  public readonly ingestDeadLetterQueue: Queue;
  public readonly devicePolicy: CfnPolicy;
  /** The account's IoT data endpoint (`iot:Data-ATS`): where devices connect and commands are published. */
  public readonly dataEndpoint: string;

  constructor(scope: Construct, id: string, props: DevicesProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // One function per handler a rule names.
    const functions = handlerFunctions(this, props.data, IOT_RULES.map((rule) => rule.target.handler), IOT_RULE_HANDLERS, (name) => `Device data: ${name}`);
    this.functions = functions;
    const ingest = functions.get('ingest');
    if (ingest === undefined) throw new Error('No IoT rule delivers to the ingest');

    this.ingestDeadLetterQueue = new Queue(this, 'IngestDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.ingestDeadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This is the dead-letter queue of the ingest queue: what the ingest failed 5 times stays here 14 days to be looked at.',
    });
    // AWS: a visibility timeout of at least six times the function's timeout, so a batch being retried is not handed out twice.
    const functionTimeout = ingest.timeout ?? Duration.seconds(10);
    this.ingestQueue = new Queue(this, 'IngestQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(functionTimeout.toSeconds() * 6),
      deadLetterQueue: { queue: this.ingestDeadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
    ingest.addEventSource(new SqsEventSource(this.ingestQueue, {
      // Why these: lib/cost-settings.ts (the cost bench reads the same values).
      batchSize: INGEST_BATCH_SIZE,
      maxBatchingWindow: Duration.seconds(INGEST_BATCHING_WINDOW_SECONDS),
      reportBatchItemFailures: true,
    }));

    // What the rules engine may do: put messages on the ingest queue, log its errors.
    const ruleErrors = new LogGroup(this, 'RuleErrors', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
    const ruleRole = new Role(this, 'RuleRole', {
      assumedBy: new ServicePrincipal('iot.amazonaws.com'),
      description: 'IoT rules of the portal: deliver device messages to the ingest queue, log rule errors',
    });
    this.ingestQueue.grantSendMessages(ruleRole);
    ruleErrors.grantWrite(ruleRole);
    Validations.of(ruleRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagResourceName(this, `${ruleErrors.logGroupArn}:*`)}]`,
      reason: "The rules engine writes its errors to log streams it creates in this one log group.",
    });

    for (const rule of IOT_RULES) {
      const target = functions.get(rule.target.handler);
      if (target === undefined) throw new Error(`IoT rule ${rule.name} names handler ${rule.target.handler}, which has no function`);
      const topicRule = new CfnTopicRule(this, `${pascalCase(rule.name)}Rule`, {
        ruleName: iotRuleName(rule, props.stage),
        topicRulePayload: {
          description: rule.description,
          sql: iotRuleSql(rule),
          awsIotSqlVersion: '2016-03-23',
          ruleDisabled: false,
          actions: [
            rule.target.kind === 'queue'
              ? { sqs: { queueUrl: this.ingestQueue.queueUrl, roleArn: ruleRole.roleArn, useBase64: false } }
              : { lambda: { functionArn: target.functionArn } },
          ],
          errorAction: { cloudwatchLogs: { logGroupName: ruleErrors.logGroupName, roleArn: ruleRole.roleArn } },
        },
      });
      if (rule.target.kind === 'function') {
        target.addPermission(`${pascalCase(rule.name)}RuleInvoke`, {
          principal: new ServicePrincipal('iot.amazonaws.com'),
          sourceArn: topicRule.attrArn,
          sourceAccount: stack.account,
        });
      }
    }

    // Every device certificate gets this policy; the variables make it one device's rights.
    const iotArn = (resource: string, resourceName: string) => stack.formatArn({ service: 'iot', resource, resourceName });
    const ownTopicName = (kind: string) => `${TOPIC_ROOT}/${THING_CUSTOMER}/${THING_NAME}/${kind}`;
    const ownTopic = (kind: string) => iotArn('topic', ownTopicName(kind));
    /**
     * Basic Ingest (docs/devices.md "Topics"): the device's own topic of a kind behind the
     * prefix of the one rule for that kind, so no messaging charge. IoT Core does not apply
     * the rule's FROM clause to such a publish, so each rule is granted with its own kind only.
     */
    const ownIngestTopics = IOT_RULES.map((rule) => iotArn('topic', `${BASIC_INGEST_PREFIX}${iotRuleName(rule, props.stage)}/${ownTopicName(rule.kind)}`));
    this.devicePolicy = new CfnPolicy(this, 'DevicePolicy', {
      policyDocument: new PolicyDocument({
        statements: [
          new PolicyStatement({
            effect: Effect.ALLOW,
            actions: ['iot:Connect'],
            resources: [iotArn('client', THING_NAME)],
            conditions: { Bool: { 'iot:Connection.Thing.IsAttached': 'true' } },
          }),
          // The plain topics stay allowed for devices not yet publishing through Basic Ingest (still routed by the rules' FROM, billed as messages).
          new PolicyStatement({ effect: Effect.ALLOW, actions: ['iot:Publish'], resources: [...ownIngestTopics, ...['readings', 'status', 'commands/ack'].map(ownTopic)] }),
          new PolicyStatement({
            effect: Effect.ALLOW,
            actions: ['iot:Subscribe'],
            resources: [iotArn('topicfilter', `${TOPIC_ROOT}/${THING_CUSTOMER}/${THING_NAME}/commands`)],
          }),
          new PolicyStatement({ effect: Effect.ALLOW, actions: ['iot:Receive'], resources: [ownTopic('commands')] }),
        ],
      }),
    });

    // The account's own data endpoint, read at deploy time (it has no CloudFormation attribute).
    const endpoint = new AwsCustomResource(this, 'DataEndpoint', {
      onUpdate: {
        service: 'Iot',
        action: 'DescribeEndpoint',
        parameters: { endpointType: 'iot:Data-ATS' },
        physicalResourceId: PhysicalResourceId.of('iot-data-ats-endpoint'),
        outputPaths: ['endpointAddress'],
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: AwsCustomResourcePolicy.ANY_RESOURCE }),
      installLatestAwsSdk: false,
    });
    this.dataEndpoint = endpoint.getResponseField('endpointAddress');
    Validations.of(endpoint).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'iot:DescribeEndpoint has no resource ARN: it reads the account\'s endpoint address, nothing else.',
    });
    acknowledgeCustomResourceHandler(stack);

    // Commands: only the device-commands function publishes, only on commands topics.
    const commandFunction = props.api.functions.get('deviceCommands');
    if (commandFunction === undefined) throw new Error('The API has no deviceCommands function');
    const commandTopics = iotArn('topic', `${TOPIC_ROOT}/*/*/commands`);
    commandFunction.addToRolePolicy(new PolicyStatement({ actions: ['iot:Publish'], resources: [commandTopics] }));
    commandFunction.addEnvironment('IOT_DATA_ENDPOINT', this.dataEndpoint);
    Validations.of(commandFunction).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagResourceName(this, commandTopics)}]`,
      reason: "Commands go to any device of any organisation the API serves, and only to devices' commands topics.",
    });

    new CfnOutput(stack, 'IotDataEndpoint', { value: this.dataEndpoint, description: 'Where devices connect (MQTT over TLS, port 8883)' });
    new CfnOutput(stack, 'DeviceIngestTopics', {
      value: IOT_RULES.map((rule) => `${BASIC_INGEST_PREFIX}${iotRuleName(rule, props.stage)}/${TOPIC_ROOT}/<customerId>/<deviceId>/${rule.kind}`).join(' '),
      description: 'Where devices publish (Basic Ingest: no messaging charge), one topic per kind of message',
    });
    new CfnOutput(stack, 'DevicePolicyName', { value: this.devicePolicy.ref, description: 'The IoT policy to attach to every device certificate' });
    new CfnOutput(stack, 'IngestDeadLetterQueueUrl', { value: this.ingestDeadLetterQueue.queueUrl, description: 'Device messages the ingest failed 5 times' });
  }
}

/**
 * AwsCustomResource runs a singleton Lambda that CDK owns and places at the stack's root;
 * its findings are acknowledged on that function only.
 */
function acknowledgeCustomResourceHandler(stack: Stack): void {
  const handler = stack.node.children.find(
    (child): child is LambdaFunction => child instanceof LambdaFunction && child.node.id.startsWith('AWS679f53fac002430cb0da5b7982bd2287'),
  );
  if (handler === undefined) throw new Error('The AwsCustomResource handler was not found at the stack root');
  Validations.of(handler).acknowledge(
    { id: lambdaBasicExecutionFinding(handler), reason: "CDK's AwsCustomResource handler writes its own logs with AWS's managed policy." },
    { id: 'AwsSolutions-L1', reason: "The AwsCustomResource handler's runtime is chosen by aws-cdk-lib and moves with it." },
  );
}
