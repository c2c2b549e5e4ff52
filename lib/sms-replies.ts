import { CfnOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { Data } from './data';
import { PortalFunction } from './function';
import { acknowledgeHouseFunction } from './nag';

export interface SmsRepliesProps {
  readonly data: Data;
}

/**
 * Texts back to the portal's number (issue 14 section 2: "a reply code to the SMS"): End User
 * Messaging SMS's two-way channel of the number publishes each inbound text to this SNS topic
 * (docs/deploy.md: the operator points the number at the `SmsRepliesTopicArn` output), and its
 * function acknowledges the alarm a reply's code names (lambdas/alarms/sms-reply-handler.ts).
 * The topic is encrypted with a key of its own: AWS's managed key for SNS cannot let End User
 * Messaging publish. Only End User Messaging of this account may publish.
 */
export class SmsReplies extends Construct {
  public readonly topic: Topic;
  public readonly key: Key;
  public readonly handler: PortalFunction;

  constructor(scope: Construct, id: string, props: SmsRepliesProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const fromSmsVoice = {
      StringEquals: { 'aws:SourceAccount': stack.account },
      ArnLike: { 'aws:SourceArn': stack.formatArn({ service: 'sms-voice', resource: '*' }) },
    };
    const smsVoice = new ServicePrincipal('sms-voice.amazonaws.com');

    this.key = new Key(this, 'TopicKey', {
      description: 'SMS replies topic (End User Messaging SMS two-way messages)',
      enableKeyRotation: true,
      // Replies are read as they arrive; nothing stays encrypted under the key once the stack is gone.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.key.addToResourcePolicy(new PolicyStatement({
      principals: [smsVoice], actions: ['kms:GenerateDataKey*', 'kms:Decrypt'], resources: ['*'], conditions: fromSmsVoice,
    }));

    this.topic = new Topic(this, 'Topic', { displayName: 'Portal SMS replies', masterKey: this.key, enforceSSL: true });
    this.topic.addToResourcePolicy(new PolicyStatement({
      principals: [smsVoice], actions: ['sns:Publish'], resources: [this.topic.topicArn], conditions: fromSmsVoice,
    }));

    this.handler = new PortalFunction(this, 'Handler', {
      entry: 'lambdas/alarms/sms-reply-handler.ts',
      description: 'SMS replies: a reply code acknowledges its alarm',
      environment: { SERVICE_NAME: 'portal', LOG_LEVEL: 'INFO' },
    });
    // Reads the code, the delivery, the account and the alarm (GetItem); the acknowledgement writes the alarm and its audit entry (TransactWriteItems of Puts);
    // the number's reply guard is put on its version (a lock with its audit entries), a used code closed (UpdateItem), a locked number's open codes queried.
    this.handler.addToRolePolicy(new PolicyStatement({
      actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:ConditionCheckItem', 'dynamodb:UpdateItem', 'dynamodb:Query'], resources: [props.data.table.tableArn],
    }));
    this.handler.addEnvironment('TABLE_NAME', props.data.table.tableName);
    this.topic.addSubscription(new LambdaSubscription(this.handler));
    acknowledgeHouseFunction(this.handler);

    new CfnOutput(stack, 'SmsRepliesTopicArn', {
      value: this.topic.topicArn,
      description: "Two-way SMS: set as the SNS destination of the portal's phone number in End User Messaging SMS (docs/deploy.md)",
    });
  }
}
