import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { IOT_RULES, iotRuleName, iotRuleSql } from '../../lambdas/iot-rules';
import { synthesizedStack, templateOf } from './synthesized';

type Resources = Record<string, { Properties: Record<string, unknown> }>;
interface Statement { Action: string | string[]; Resource: unknown; Condition?: unknown }

describe('device data on AWS (IoT Core)', () => {
  let template: Template;

  beforeAll(async () => {
    template = templateOf(await synthesizedStack('default'));
  });

  const resources = (type: string, properties: Record<string, unknown> = {}) =>
    template.findResources(type, { Properties: properties }) as Resources;
  const logicalIdOf = (type: string, properties: Record<string, unknown>) => {
    const [id] = Object.keys(resources(type, properties));
    if (id === undefined) throw new Error(`no ${type} like ${JSON.stringify(properties)}`);
    return id;
  };
  const ingestQueue = () => logicalIdOf('AWS::SQS::Queue', { RedrivePolicy: Match.anyValue() });
  const functionId = (description: string) => logicalIdOf('AWS::Lambda::Function', { Description: description });
  const statementsOfRole = (roleId: string): Statement[] =>
    Object.values(resources('AWS::IAM::Policy', { Roles: Match.arrayWith([{ Ref: roleId }]) }))
      .flatMap((policy) => (policy.Properties['PolicyDocument'] as { Statement: Statement[] }).Statement);
  const roleOf = (fnId: string) => {
    const fn = resources('AWS::Lambda::Function')[fnId];
    return ((fn?.Properties['Role'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'])[0];
  };
  const flat = (value: unknown) => JSON.stringify(value);

  it('has one topic rule per entry of lambdas/iot-rules.ts, with its SQL (version 2016-03-23) and an error action', () => {
    const rules = Object.values(resources('AWS::IoT::TopicRule'));
    expect(rules).toHaveLength(IOT_RULES.length);
    for (const rule of IOT_RULES) {
      const found = rules.find((candidate) => flat(candidate.Properties['RuleName']).includes(rule.name));
      const payload = found?.Properties['TopicRulePayload'] as Record<string, unknown>;
      expect(payload, rule.name).toMatchObject({ Sql: iotRuleSql(rule), AwsIotSqlVersion: '2016-03-23', RuleDisabled: false });
      expect(payload['ErrorAction'], rule.name).toMatchObject({ CloudwatchLogs: { LogGroupName: expect.anything(), RoleArn: expect.anything() } });
      const [action] = payload['Actions'] as Record<string, unknown>[];
      if (rule.target.kind === 'queue') {
        expect(flat(action?.['Sqs']), rule.name).toContain(ingestQueue());
      } else {
        expect(flat(action?.['Lambda']), rule.name).toContain(functionId('Device data: commandAcknowledgements'));
      }
    }
    // Rule names are per account and region: the stage is part of them.
    for (const rule of rules) expect(rule.Properties['RuleName']).toMatch(/^coldchain_prod_[a-z_]+$/);
  });

  it("adds the topic's parts to the device's payload in the rule's SQL", () => {
    const sql = iotRuleSql(IOT_RULES[0] ?? (() => { throw new Error('no rule'); })());
    expect(sql).toMatch(/^SELECT \* AS payload, topic\(2\) AS customerId, topic\(3\) AS sourceDeviceId, 'readings' AS kind, timestamp\(\) AS receivedAt FROM 'coldchain\/\+\/\+\/readings'$/);
  });

  it('delivers readings and status to an encrypted, TLS-only queue with a dead-letter queue after 5 failures', () => {
    const queue = resources('AWS::SQS::Queue')[ingestQueue()];
    expect(queue?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 60,
      RedrivePolicy: { maxReceiveCount: 5, deadLetterTargetArn: { 'Fn::GetAtt': [expect.stringMatching(/IngestDeadLetters/), 'Arn'] } },
    });
    const policies = Object.values(resources('AWS::SQS::QueuePolicy'));
    expect(policies.length).toBeGreaterThanOrEqual(2);
    for (const policy of policies) expect(flat(policy.Properties['PolicyDocument'])).toContain('"aws:SecureTransport":"false"');
  });

  it('feeds the ingest function from the queue in batches, reporting partial batch failures', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [ingestQueue(), 'Arn'] },
      FunctionName: { Ref: functionId('Device data: ingest') },
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('lets the rules engine send to the queue, and invoke the acknowledgement function from its rule only', () => {
    const ruleRole = logicalIdOf('AWS::IAM::Role', { AssumeRolePolicyDocument: Match.objectLike({ Statement: [Match.objectLike({ Principal: { Service: 'iot.amazonaws.com' } })] }) });
    expect(statementsOfRole(ruleRole).flatMap((statement) => [statement.Action].flat())).toEqual(expect.arrayContaining(['sqs:SendMessage']));
    const invokers = Object.values(resources('AWS::Lambda::Permission', { Principal: 'iot.amazonaws.com' }));
    expect(invokers.map((permission) => permission.Properties)).toEqual([{
      Action: 'lambda:InvokeFunction',
      Principal: 'iot.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [functionId('Device data: commandAcknowledgements'), 'Arn'] },
      SourceArn: { 'Fn::GetAtt': [expect.stringMatching(/DeviceCommandAcksRule/), 'Arn'] },
      SourceAccount: { Ref: 'AWS::AccountId' },
    }]);
  });

  it('gives devices a policy of their own topics only, from their thing name and customerId attribute', () => {
    const [policy] = Object.values(resources('AWS::IoT::Policy'));
    const statements = (policy?.Properties['PolicyDocument'] as { Statement: Statement[] }).Statement;
    const byAction = (action: string) => statements.filter((statement) => [statement.Action].flat().includes(action)).map((statement) => flat(statement.Resource));
    const own = 'coldchain/${iot:Connection.Thing.Attributes[customerId]}/${iot:Connection.Thing.ThingName}';
    expect(byAction('iot:Connect')).toEqual([expect.stringContaining(':client/${iot:Connection.Thing.ThingName}')]);
    expect(statements.find((statement) => statement.Action === 'iot:Connect')?.Condition).toEqual({ Bool: { 'iot:Connection.Thing.IsAttached': 'true' } });
    const publish = byAction('iot:Publish').join();
    for (const kind of ['readings', 'status', 'commands/ack']) expect(publish).toContain(`:topic/${own}/${kind}"`);
    expect(publish).not.toContain('/commands"');
    expect(byAction('iot:Subscribe')).toEqual([expect.stringContaining(`:topicfilter/${own}/commands"`)]);
    expect(byAction('iot:Receive')).toEqual([expect.stringContaining(`:topic/${own}/commands"`)]);
    // No wildcard anywhere: a device reaches nothing but its own topics.
    expect(flat(statements)).not.toMatch(/coldchain\/\*|\/\*"/);
  });

  it("lets devices publish through Basic Ingest: each rule's prefix before their own topic of that rule's kind only", () => {
    const [policy] = Object.values(resources('AWS::IoT::Policy'));
    const statements = (policy?.Properties['PolicyDocument'] as { Statement: Statement[] }).Statement;
    const publish = statements.filter((statement) => [statement.Action].flat().includes('iot:Publish')).map((statement) => flat(statement.Resource)).join();
    const own = 'coldchain/${iot:Connection.Thing.Attributes[customerId]}/${iot:Connection.Thing.ThingName}';
    const ingestTopics = [...publish.matchAll(/:topic\/(\$aws\/rules\/[^"]*)"/g)].map((match) => match[1]);
    // The rule's name as deployed (with the stage), and only its own kind: IoT Core does not apply FROM to Basic Ingest.
    expect(ingestTopics.sort()).toEqual(IOT_RULES.map((rule) => `$aws/rules/${iotRuleName(rule, 'prod')}/${own}/${rule.kind}`).sort());
    expect(ingestTopics).toEqual(expect.arrayContaining([`$aws/rules/coldchain_prod_device_readings/${own}/readings`]));
    expect(publish).not.toMatch(/\$aws\/rules\/\*|\$aws\/rules\/[^/"]*\/\*/);
    template.hasOutput('DeviceIngestTopics', { Value: Match.stringLikeRegexp('^\\$aws/rules/coldchain_prod_device_readings/coldchain/<customerId>/<deviceId>/readings ') });
  });

  it('lets only the device-commands function publish, only on commands topics, at the account data endpoint', () => {
    const publishers = Object.values(resources('AWS::IAM::Policy'))
      .filter((policy) => flat(policy.Properties['PolicyDocument']).includes('iot:Publish'));
    expect(publishers.map((policy) => flat(policy.Properties['Roles']))).toEqual([expect.stringContaining('ApiDeviceCommandsFunction')]);
    const statement = (publishers[0]?.Properties['PolicyDocument'] as { Statement: Statement[] }).Statement.find((candidate) => candidate.Action === 'iot:Publish');
    expect(flat(statement?.Resource)).toContain(':topic/coldchain/*/*/commands"');
    const commandFunction = resources('AWS::Lambda::Function', { Description: 'Portal API: deviceCommands' });
    expect(flat(Object.values(commandFunction)[0]?.Properties['Environment'])).toContain('"IOT_DATA_ENDPOINT":{"Fn::GetAtt":');
    template.hasResourceProperties('Custom::AWS', { Create: Match.stringLikeRegexp('iot:Data-ATS') });
    for (const name of ['Device data: ingest', 'Device data: commandAcknowledgements']) {
      expect(statementsOfRole(roleOf(functionId(name))).some((candidate) => [candidate.Action].flat().includes('iot:Publish')), name).toBe(false);
    }
  });

  it('tells devices where to connect and which policy to attach', () => {
    for (const output of ['IotDataEndpoint', 'DeviceIngestTopics', 'DevicePolicyName', 'IngestDeadLetterQueueUrl']) template.hasOutput(output, {});
  });
});
