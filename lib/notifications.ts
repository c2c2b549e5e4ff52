import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DELIVERY_PROVIDER_NAMES, DELIVERY_PROVIDERS, queueVariableOf, type DeliveryProvider } from '@domain/notifications/channels';
import type { Data } from './data';
import { pascalCase, PortalFunction } from './function';
import { acknowledgeHouseFunction, nagResourceName } from './nag';
import { VoiceCalls } from './voice-calls';

/** The providers of the channels' catalogue, each with its queue and sender (`queueVariableOf` names the queues' variables). */
export const NOTIFICATION_PROVIDERS = DELIVERY_PROVIDER_NAMES;

/**
 * Each provider's sender has its own entry, so web-push (push) and sanitize-html (email) are
 * bundled only into the sender that uses them (docs/decisions/0082-one-bundle-per-resource.md).
 */
const SENDER_ENTRIES: Readonly<Record<DeliveryProvider, string>> = {
  email: 'lambdas/notifier/senders/email.ts',
  text: 'lambdas/notifier/senders/text.ts',
  voice: 'lambdas/notifier/senders/voice.ts',
  push: 'lambdas/notifier/senders/push.ts',
};

/** A message a sender failed this many times (the table, not the provider) goes to its dead-letter queue. */
const MAX_RECEIVE_COUNT = 5;
/** Messages a sender takes at once, and how many senders of one channel run at once, so no provider is flooded. */
const SENDER_BATCH_SIZE = 10;
const SENDER_MAX_CONCURRENCY = 5;
/**
 * A batch of ten deliveries, each re-reading its alarm, claiming the delivery and the
 * recipient's channel and calling the provider (a few hundred milliseconds each), is done in a
 * few seconds; 30 leaves room for a slow provider before the SDK's own retries give up.
 */
const SENDER_TIMEOUT = Duration.seconds(30);
/** A stream batch of up to 100 changes may plan several alarms (one transaction each) and fill the queues. */
const STREAM_TIMEOUT = Duration.seconds(60);
const STREAM_BATCH_SIZE = 100;

export interface NotificationsProps {
  readonly data: Data;
  /** The portal's address (`https://<host>`), for the links in messages (`PORTAL_URL`). */
  readonly portalUrl: string;
  /** The sender of emails: an SES verified identity (address or domain); the handlers' default when absent. */
  readonly mailFrom?: string;
  /** End User Messaging origination identities (context `smsOriginationIdentity`, `voiceOriginationIdentity`). */
  readonly smsOriginationIdentity?: string;
  readonly voiceOriginationIdentity?: string;
  /** IVR: the Amazon Chime SDK number calls asking for a key press come from (context `ivrPhoneNumber`); no SIP media application without it. */
  readonly ivrPhoneNumber?: string;
  /** The Parameter Store SecureString holding the VAPID keys (lambdas/shared/vapid.ts); created outside the stack. */
  readonly vapidParameter: string;
}

/**
 * Notification delivery on AWS (issue 14 section 3; lambdas/notifier): the table's stream is
 * the transactional outbox. Its function gets only alarms' changes and deliveries that became
 * `queued` (an event-source filter), plans alarms' notifications and hands queued deliveries to
 * one queue per channel; each queue's sender sends them through its provider only (SES v2,
 * End User Messaging SMS and Voice v2, web push with the VAPID keys of Parameter Store). A
 * provider's refusal is kept on the delivery and retried by the alarm's timer; a message whose
 * work threw goes back to its queue, then after 5 receipts to the queue's dead-letter queue;
 * stream batches that keep failing are recorded in the stream's dead-letter queue.
 */
export class Notifications extends Construct {
  public readonly streamFunction: PortalFunction;
  /** Where the stream's batches that failed 10 times (or are a day old) are recorded. */
  public readonly streamDeadLetterQueue: Queue;
  public readonly queues: ReadonlyMap<DeliveryProvider, Queue>;
  public readonly deadLetterQueues: ReadonlyMap<DeliveryProvider, Queue>;
  public readonly senders: ReadonlyMap<DeliveryProvider, PortalFunction>;
  /** IVR calls through Amazon Chime SDK PSTN audio, when the context names their number. */
  public readonly voiceCalls?: VoiceCalls;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.streamFunction = new PortalFunction(this, 'StreamFunction', {
      entry: 'lambdas/notifier/stream-handler.ts',
      description: 'Notifications: the table stream (plans alarms, queues deliveries)',
      environment: { SERVICE_NAME: 'portal', LOG_LEVEL: 'INFO' },
      timeout: STREAM_TIMEOUT,
    });
    // Planning writes the deliveries and the alarm's next timer.
    props.data.grantTo(this.streamFunction, 'readWrite');
    acknowledgeHouseFunction(this.streamFunction);

    this.streamDeadLetterQueue = new Queue(this, 'StreamDeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.streamDeadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This is the on-failure destination of the table stream's notifier: the stream positions of batches it failed stay here 14 days to be looked at.",
    });
    this.streamFunction.addEventSource(new DynamoEventSource(props.data.table, {
      startingPosition: StartingPosition.LATEST,
      batchSize: STREAM_BATCH_SIZE,
      // The handler reports the first failed record (ReportBatchItemFailures): the batch resumes there, so no bisecting.
      bisectBatchOnError: false,
      reportBatchItemFailures: true,
      retryAttempts: 10,
      maxRecordAge: Duration.days(1),
      onFailure: new SqsDlq(this.streamDeadLetterQueue),
      // Only the changes lambdas/notifier/stream.ts acts on: alarms, and deliveries that are queued.
      filters: [
        FilterCriteria.filter({ dynamodb: { NewImage: { __edb_e__: { S: FilterRule.isEqual('alarm') } } } }),
        FilterCriteria.filter({
          dynamodb: { NewImage: { __edb_e__: { S: FilterRule.isEqual('notificationDelivery') }, status: { S: FilterRule.isEqual('queued') } } },
        }),
        // And report runs written queued, handed to the report queue (lib/reports.ts).
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('INSERT'),
          dynamodb: { NewImage: { __edb_e__: { S: FilterRule.isEqual('reportRun') }, status: { S: FilterRule.isEqual('queued') } } },
        }),
      ],
    }));
    // The stream grant lists the account's streams (dynamodb:ListStreams has no resource ARN).
    Validations.of(this.streamFunction).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: "dynamodb:ListStreams, part of Lambda's stream read grant, has no resource ARN; reading records is granted on this table's stream only.",
    });

    const queues = new Map<DeliveryProvider, Queue>();
    const deadLetterQueues = new Map<DeliveryProvider, Queue>();
    const senders = new Map<DeliveryProvider, PortalFunction>();
    for (const provider of NOTIFICATION_PROVIDERS) {
      const name = pascalCase(provider);
      const sender = new PortalFunction(this, `${name}Sender`, {
        entry: SENDER_ENTRIES[provider],
        description: `Notifications: the ${provider} sender`,
        environment: { SERVICE_NAME: 'portal', LOG_LEVEL: 'INFO', PORTAL_URL: props.portalUrl },
        timeout: SENDER_TIMEOUT,
      });
      // Sending claims the delivery and the recipient's channel, and keeps the provider's answer on the delivery.
      props.data.grantTo(sender, 'readWrite');
      acknowledgeHouseFunction(sender);

      const deadLetters = new Queue(this, `${name}DeadLetters`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      Validations.of(deadLetters).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: `This is the dead-letter queue of the ${provider} queue: deliveries its sender failed ${String(MAX_RECEIVE_COUNT)} times stay here 14 days to be looked at.`,
      });
      // AWS: a visibility timeout of at least six times the function's timeout, so a batch being retried is not handed out twice.
      const queue = new Queue(this, `${name}Queue`, {
        encryption: QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        visibilityTimeout: Duration.seconds(SENDER_TIMEOUT.toSeconds() * 6),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: MAX_RECEIVE_COUNT },
      });
      sender.addEventSource(new SqsEventSource(queue, {
        batchSize: SENDER_BATCH_SIZE,
        maxConcurrency: SENDER_MAX_CONCURRENCY,
        reportBatchItemFailures: true,
      }));
      queue.grantSendMessages(this.streamFunction);
      this.streamFunction.addEnvironment(queueVariableOf(provider), queue.queueUrl);

      queues.set(provider, queue);
      deadLetterQueues.set(provider, deadLetters);
      senders.set(provider, sender);
    }
    this.queues = queues;
    this.deadLetterQueues = deadLetterQueues;
    this.senders = senders;

    const senderOf = (provider: DeliveryProvider): PortalFunction => {
      const sender = senders.get(provider);
      if (sender === undefined) throw new Error(`No ${provider} sender`);
      return sender;
    };

    // Each provider's grants and settings: a provider of the catalogue without an entry here fails to compile.
    const identityArn = (identity: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity });
    const smsVoiceResources = stack.formatArn({ service: 'sms-voice', resource: '*' });
    const smsVoice = (sender: PortalFunction, provider: 'text' | 'voice', identity: string | undefined) => {
      const { actions, originationVariable } = DELIVERY_PROVIDERS[provider];
      sender.addToRolePolicy(new PolicyStatement({ actions: [...actions], resources: [smsVoiceResources] }));
      if (identity !== undefined) sender.addEnvironment(originationVariable, identity);
      Validations.of(sender).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagResourceName(sender, smsVoiceResources)}]`,
        reason: `${actions.join(', ')} is authorized on the origination identity and the opt-out list it uses; the identity is set at deploy time (${originationVariable}) or picked by the service among this account's, so the grant is this account's End User Messaging resources in this region.`,
      });
    };
    const configure: { readonly [Provider in DeliveryProvider]: (sender: PortalFunction) => void } = {
      // Email: SES v2 SendEmail, from the identity of MAIL_FROM (its address or its domain, whichever is verified).
      email: (email) => {
        const actions = [...DELIVERY_PROVIDERS.email.actions];
        if (props.mailFrom === undefined) {
          const identities = identityArn('*');
          email.addToRolePolicy(new PolicyStatement({ actions, resources: [identities] }));
          Validations.of(email).acknowledge({
            id: `AwsSolutions-IAM5[Resource::${nagResourceName(email, identities)}]`,
            reason: "No mailFrom in the context: emails go from the account's verified SES identity chosen at deploy time; set mailFrom to scope this to its address and domain.",
          });
        } else {
          email.addEnvironment('MAIL_FROM', props.mailFrom);
          const domain = props.mailFrom.slice(props.mailFrom.lastIndexOf('@') + 1);
          email.addToRolePolicy(new PolicyStatement({ actions, resources: [identityArn(props.mailFrom), identityArn(domain)] }));
        }
      },
      // Texts and calls: End User Messaging SMS and Voice v2, through the account's own numbers, pools and sender IDs.
      text: (sender) => smsVoice(sender, 'text', props.smsOriginationIdentity),
      voice: (sender) => smsVoice(sender, 'voice', props.voiceOriginationIdentity),
      // Push: the VAPID keys, one SecureString parameter (created outside the stack: CloudFormation cannot
      // create a SecureString). It is encrypted with the account's AWS managed key for SSM (aws/ssm), whose key
      // policy lets the account's principals decrypt through Parameter Store, so no KMS grant is needed.
      push: (push) => {
        push.addEnvironment('VAPID_PARAMETER', props.vapidParameter);
        push.addToRolePolicy(new PolicyStatement({
          actions: [...DELIVERY_PROVIDERS.push.actions],
          resources: [stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: props.vapidParameter.replace(/^\//, '') })],
        }));
      },
    };
    for (const provider of NOTIFICATION_PROVIDERS) configure[provider](senderOf(provider));

    // IVR calls (a key press acknowledges): Amazon Chime SDK PSTN audio, End User Messaging's calls cannot hear a key.
    if (props.ivrPhoneNumber !== undefined) {
      this.voiceCalls = new VoiceCalls(this, 'VoiceCalls', { data: props.data, phoneNumber: props.ivrPhoneNumber, voiceSender: senderOf('voice') });
    }
  }
}
