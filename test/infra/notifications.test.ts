import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthesizedStack, templateOf } from './synthesized';

type Resources = Record<string, { Properties: Record<string, unknown> }>;
interface Statement { Action: string | string[]; Resource: unknown; Effect: string }

const PROVIDERS = ['email', 'text', 'voice', 'push'] as const;

describe('notification delivery on AWS (the table stream, one queue and sender per channel)', () => {
  let template: Template;

  // Context values in test/infra/stack-variants.ts (notifications): mailFrom alerts@coldchain.example, voiceOriginationIdentity phone-0123456789abcdef,
  // ivrPhoneNumber +15550100001.
  beforeAll(async () => {
    template = templateOf(await synthesizedStack('notifications'));
  });

  const resources = (type: string, properties: Record<string, unknown> = {}) =>
    template.findResources(type, { Properties: properties }) as Resources;
  const logicalIdOf = (type: string, properties: Record<string, unknown>) => {
    const ids = Object.keys(resources(type, properties));
    if (ids.length !== 1 || ids[0] === undefined) throw new Error(`${String(ids.length)} ${type} like ${JSON.stringify(properties)}`);
    return ids[0];
  };
  const functionId = (description: string) => logicalIdOf('AWS::Lambda::Function', { Description: description });
  const senderId = (provider: string) => functionId(`Notifications: the ${provider} sender`);
  const streamFunctionId = () => functionId('Notifications: the table stream (plans alarms, queues deliveries)');
  const environmentOf = (fnId: string) =>
    ((resources('AWS::Lambda::Function')[fnId]?.Properties['Environment'] as { Variables: Record<string, unknown> }).Variables);
  const roleOf = (fnId: string) =>
    ((resources('AWS::Lambda::Function')[fnId]?.Properties['Role'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'])[0];
  const statementsOfRole = (roleId: string): Statement[] =>
    Object.values(resources('AWS::IAM::Policy', { Roles: Match.arrayWith([{ Ref: roleId }]) }))
      .flatMap((policy) => (policy.Properties['PolicyDocument'] as { Statement: Statement[] }).Statement);
  const actionsOf = (fnId: string) => statementsOfRole(roleOf(fnId)).flatMap((statement) => [statement.Action].flat());
  const queueOf = (fnId: string) => {
    const [mapping] = Object.values(resources('AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: fnId } }));
    return ((mapping?.Properties['EventSourceArn'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'])[0];
  };
  const flat = (value: unknown) => JSON.stringify(value);

  it("feeds the stream function from the table's stream, filtered to alarms and queued deliveries, with a failure destination", () => {
    const tableId = logicalIdOf('AWS::DynamoDB::Table', {});
    const mappings = Object.values(resources('AWS::Lambda::EventSourceMapping', { FunctionName: { Ref: streamFunctionId() } }));
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]?.Properties ?? {};
    expect(mapping).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 100,
      BisectBatchOnFunctionError: false,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: 10,
      MaximumRecordAgeInSeconds: 86_400,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [expect.stringMatching(/StreamDeadLetters/), 'Arn'] } } },
    });
    const patterns = (mapping['FilterCriteria'] as { Filters: { Pattern: string }[] }).Filters.map((filter) => JSON.parse(filter.Pattern) as unknown);
    expect(patterns).toEqual([
      { dynamodb: { NewImage: { __edb_e__: { S: ['alarm'] } } } },
      { dynamodb: { NewImage: { __edb_e__: { S: ['notificationDelivery'] }, status: { S: ['queued'] } } } },
      { eventName: ['INSERT'], dynamodb: { NewImage: { __edb_e__: { S: ['reportRun'] }, status: { S: ['queued'] } } } },
    ]);
  });

  it('lets the stream function read and write the table and send to each channel queue it is told of', () => {
    const env = environmentOf(streamFunctionId());
    expect(env['TABLE_NAME']).toBeDefined();
    const actions = actionsOf(streamFunctionId());
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:GetRecords', 'sqs:SendMessage']));
    for (const provider of PROVIDERS) {
      expect(env[`QUEUE_URL_${provider.toUpperCase()}`], provider).toEqual({ Ref: queueOf(senderId(provider)) });
    }
  });

  it('has four encrypted, TLS-only channel queues, each with its own dead-letter queue after 5 failures', () => {
    const dlqs = new Set<string>();
    for (const provider of PROVIDERS) {
      const queue = resources('AWS::SQS::Queue')[queueOf(senderId(provider))]?.Properties;
      expect(queue, provider).toMatchObject({
        SqsManagedSseEnabled: true,
        VisibilityTimeout: 180,
        RedrivePolicy: { maxReceiveCount: 5, deadLetterTargetArn: { 'Fn::GetAtt': [expect.stringMatching(/DeadLetters/), 'Arn'] } },
      });
      dlqs.add(flat(queue?.['RedrivePolicy']));
    }
    expect(dlqs.size).toBe(4);
    const notificationQueues = Object.keys(resources('AWS::SQS::Queue')).filter((id) => id.startsWith('Notifications'));
    const securedQueues = Object.values(resources('AWS::SQS::QueuePolicy'))
      .filter((policy) => flat(policy.Properties['PolicyDocument']).includes('"aws:SecureTransport":"false"'))
      .flatMap((policy) => (policy.Properties['Queues'] as { Ref: string }[]).map((queue) => queue.Ref));
    expect(notificationQueues).toHaveLength(9);
    expect(securedQueues).toEqual(expect.arrayContaining(notificationQueues));
  });

  it('feeds each sender from its queue in batches of 10, reporting partial failures, at most 5 at once', () => {
    for (const provider of PROVIDERS) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: senderId(provider) },
        EventSourceArn: { 'Fn::GetAtt': [queueOf(senderId(provider)), 'Arn'] },
        BatchSize: 10,
        ScalingConfig: { MaximumConcurrency: 5 },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      expect(environmentOf(senderId(provider))['PORTAL_URL'], provider).toBeDefined();
    }
  });

  it("gives each sender only its own provider's permission (least privilege)", () => {
    const providerActions = ['ses:SendEmail', 'sms-voice:SendTextMessage', 'sms-voice:SendVoiceMessage', 'ssm:GetParameter'];
    const expected: Record<(typeof PROVIDERS)[number], string> = {
      email: 'ses:SendEmail', text: 'sms-voice:SendTextMessage', voice: 'sms-voice:SendVoiceMessage', push: 'ssm:GetParameter',
    };
    for (const provider of PROVIDERS) {
      const actions = actionsOf(senderId(provider));
      expect(actions, provider).toEqual(expect.arrayContaining(['dynamodb:UpdateItem']));
      expect(actions.filter((action) => providerActions.includes(action)), provider).toEqual([expected[provider]]);
    }
    const text = actionsOf(senderId('text'));
    expect(text).toContain('sms-voice:SendTextMessage');
    expect(text).not.toContain('ses:SendEmail');
    expect(actionsOf(streamFunctionId()).filter((action) => providerActions.includes(action))).toEqual([]);
  });

  it("scopes email to MAIL_FROM's address and domain, push to the VAPID parameter, and passes each sender its settings", () => {
    const statement = (fnId: string, action: string) => statementsOfRole(roleOf(fnId)).find((candidate) => [candidate.Action].flat().includes(action));
    const emailResources = flat(statement(senderId('email'), 'ses:SendEmail')?.Resource);
    expect(emailResources).toContain(':identity/alerts@coldchain.example"');
    expect(emailResources).toContain(':identity/coldchain.example"');
    expect(emailResources).not.toContain('*');
    expect(environmentOf(senderId('email'))['MAIL_FROM']).toBe('alerts@coldchain.example');

    expect(flat(statement(senderId('push'), 'ssm:GetParameter')?.Resource)).toContain(':parameter/coldchain/ColdChainPortal-prod/vapid"');
    expect(environmentOf(senderId('push'))['VAPID_PARAMETER']).toBe('/coldchain/ColdChainPortal-prod/vapid');

    expect(environmentOf(senderId('voice'))['VOICE_ORIGINATION_IDENTITY']).toBe('phone-0123456789abcdef');
    expect(environmentOf(senderId('text'))['SMS_ORIGINATION_IDENTITY']).toBeUndefined();
    expect(flat(statement(senderId('text'), 'sms-voice:SendTextMessage')?.Resource)).toContain(':sms-voice:');
  });

  describe('IVR calls (context ivrPhoneNumber): Amazon Chime SDK PSTN audio', () => {
    const handlerId = () => functionId('IVR: the SIP media application of alarm calls (press 1 to acknowledge)');
    const sipMediaApplicationId = () => {
      const ids = Object.keys(template.findResources('Custom::AWS')).filter((id) => id.includes('SipMediaApplication'));
      if (ids.length !== 1 || ids[0] === undefined) throw new Error(`${String(ids.length)} SIP media applications`);
      return ids[0];
    };
    const customResource = () => (template.findResources('Custom::AWS') as Record<string, { Properties: Record<string, unknown>; DependsOn?: string[] }>)[sipMediaApplicationId()];
    /** A custom resource's Create/Update/Delete call, its tokens flattened. */
    const sdkCall = (phase: 'Create' | 'Update' | 'Delete') => flat(customResource()?.Properties[phase]);

    it("creates, renames and deletes the SIP media application with ChimeSDKVoice's API, its endpoint the handler", () => {
      const create = sdkCall('Create');
      expect(create).toContain('\\"service\\":\\"ChimeSDKVoice\\"');
      expect(create).toContain('\\"action\\":\\"createSipMediaApplication\\"');
      expect(create).toContain('\\"Name\\":\\"ColdChainPortal-prod-alarm-calls\\"');
      expect(create).toContain(`{"Fn::GetAtt":["${handlerId()}","Arn"]}`);
      expect(create).toContain('{"Ref":"AWS::Region"}');
      expect(sdkCall('Update')).toContain('\\"action\\":\\"updateSipMediaApplication\\"');
      expect(sdkCall('Delete')).toContain('\\"action\\":\\"deleteSipMediaApplication\\"');
    });

    it('lets PSTN audio of this account only invoke the handler, before the application names it', () => {
      const permissions = resources('AWS::Lambda::Permission', { FunctionName: { 'Fn::GetAtt': [handlerId(), 'Arn'] } });
      expect(Object.values(permissions).map((permission) => permission.Properties)).toEqual([
        { Action: 'lambda:InvokeFunction', FunctionName: { 'Fn::GetAtt': [handlerId(), 'Arn'] }, Principal: 'voiceconnector.chime.amazonaws.com', SourceAccount: { Ref: 'AWS::AccountId' } },
      ]);
      expect(customResource()?.DependsOn).toEqual(expect.arrayContaining(Object.keys(permissions)));
    });

    it('lets the handler read and write the table (a key press acknowledges the alarm) and nothing of the providers', () => {
      const actions = actionsOf(handlerId());
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:UpdateItem']));
      expect(actions.filter((action) => !action.startsWith('dynamodb:'))).toEqual([]);
      expect(environmentOf(handlerId())['TABLE_NAME']).toBeDefined();
    });

    it('lets the voice sender place calls through this application only, from the number given', () => {
      const env = environmentOf(senderId('voice'));
      const applicationId = { 'Fn::GetAtt': [sipMediaApplicationId(), 'SipMediaApplication.SipMediaApplicationId'] };
      expect(env['IVR_SIP_MEDIA_APPLICATION_ID']).toEqual(applicationId);
      expect(env['IVR_PHONE_NUMBER']).toBe('+15550100001');
      const calls = statementsOfRole(roleOf(senderId('voice'))).filter((statement) => [statement.Action].flat().some((action) => action.startsWith('chime:')));
      expect(calls.map((statement) => statement.Action)).toEqual(['chime:CreateSipMediaApplicationCall']);
      expect(flat(calls[0]?.Resource)).toContain(`:sma/",${flat(applicationId)}`);
      for (const provider of ['email', 'text', 'push'] as const) {
        expect(actionsOf(senderId(provider)).filter((action) => action.startsWith('chime:')), provider).toEqual([]);
      }
    });

    it('is not in a stack without ivrPhoneNumber', async () => {
      const plain = templateOf(await synthesizedStack('default'));
      expect(Object.keys(plain.findResources('Custom::AWS')).filter((id) => id.includes('SipMediaApplication'))).toEqual([]);
      expect(flat(plain.toJSON())).not.toContain('chime:');
      expect(flat(plain.toJSON())).not.toContain('IVR_SIP_MEDIA_APPLICATION_ID');
    });
  });

  describe("SMS replies: End User Messaging's two-way SMS to an SNS topic, a reply code acknowledging its alarm", () => {
    const replyFunctionId = () => functionId('SMS replies: a reply code acknowledges its alarm');
    const topicId = () => logicalIdOf('AWS::SNS::Topic', { DisplayName: 'Portal SMS replies' });
    const fromSmsVoice = { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } }, ArnLike: { 'aws:SourceArn': Match.anyValue() } };

    it('lets only End User Messaging of this account publish, to a topic encrypted with a rotated key it may use', () => {
      const topic = resources('AWS::SNS::Topic')[topicId()]?.Properties ?? {};
      const keyId = (topic['KmsMasterKeyId'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const key = resources('AWS::KMS::Key')[keyId]?.Properties ?? {};
      expect(key['EnableKeyRotation']).toBe(true);
      expect((key['KeyPolicy'] as { Statement: unknown[] }).Statement).toContainEqual(expect.objectContaining({
        Effect: 'Allow', Principal: { Service: 'sms-voice.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'], Condition: expect.objectContaining({ StringEquals: fromSmsVoice.StringEquals }),
      }));
      const policies = Object.values(resources('AWS::SNS::TopicPolicy', { Topics: [{ Ref: topicId() }] }));
      const statements = policies.flatMap((policy) => (policy.Properties['PolicyDocument'] as { Statement: Record<string, unknown>[] }).Statement);
      const publish = statements.filter((statement) => statement['Effect'] === 'Allow');
      expect(publish).toEqual([expect.objectContaining({ Principal: { Service: 'sms-voice.amazonaws.com' }, Action: 'sns:Publish', Resource: { Ref: topicId() } })]);
      expect(flat(publish[0]?.['Condition'])).toContain('"aws:SourceAccount":{"Ref":"AWS::AccountId"}');
      expect(flat(publish[0]?.['Condition'])).toContain(':sms-voice:');
      // enforceSSL: publishing without TLS is denied.
      expect(statements.some((statement) => statement['Effect'] === 'Deny' && flat(statement['Condition']).includes('aws:SecureTransport'))).toBe(true);
    });

    it('subscribes the reply function, which may read, query, put and update items of the table only, and outputs the topic for the operator', () => {
      template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', TopicArn: { Ref: topicId() }, Endpoint: { 'Fn::GetAtt': [replyFunctionId(), 'Arn'] } });
      expect(environmentOf(replyFunctionId())['TABLE_NAME']).toEqual(expect.anything());
      const tableId = logicalIdOf('AWS::DynamoDB::Table', {});
      const statements = statementsOfRole(roleOf(replyFunctionId()));
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatchObject({ Effect: 'Allow', Resource: { 'Fn::GetAtt': [tableId, 'Arn'] } });
      expect([statements[0]?.Action].flat().sort()).toEqual(['dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
      template.hasOutput('SmsRepliesTopicArn', { Value: { Ref: topicId() } });
    });
  });
});
