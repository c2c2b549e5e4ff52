import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthesizedStack, templateOf } from './synthesized';

type Resources = Record<string, { Properties: Record<string, unknown> }>;
interface Statement { Action: string | string[]; Resource: unknown }

describe("a user's own test message on AWS (POST users/me/notifications/test)", () => {
  let template: Template;

  // Context values in test/infra/stack-variants.ts (testMessages).
  beforeAll(async () => {
    template = templateOf(await synthesizedStack('testMessages'));
  });

  const apiFunction = (name: string) => Object.values(template.findResources('AWS::Lambda::Function') as Resources)
    .find((fn) => fn.Properties['Description'] === `Portal API: ${name}`)?.Properties ?? {};
  const environmentOf = (properties: Record<string, unknown>) => (properties['Environment'] as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
  const actionsOf = (properties: Record<string, unknown>): string[] => {
    const roleId = (properties['Role'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return Object.values(template.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } }) as Resources)
      .flatMap((policy) => (policy.Properties['PolicyDocument'] as { Statement: Statement[] }).Statement)
      .flatMap((statement) => [statement.Action].flat());
  };

  it('gives the users function the providers alarms go through, the origination identities and the portal address', () => {
    const users = apiFunction('users');
    expect(actionsOf(users)).toEqual(expect.arrayContaining(['ses:SendEmail', 'sms-voice:SendTextMessage', 'sms-voice:SendVoiceMessage', 'ssm:GetParameter']));
    const environment = environmentOf(users);
    expect(environment).toMatchObject({ SMS_ORIGINATION_IDENTITY: 'pool-test', VOICE_ORIGINATION_IDENTITY: '+15550100000', VAPID_PARAMETER: '/coldchain/test/vapid' });
    expect(environment['PORTAL_URL']).toBeDefined();
  });

  it('gives no other API function End User Messaging', () => {
    const others = Object.values(template.findResources('AWS::Lambda::Function') as Resources)
      .filter((fn) => String(fn.Properties['Description']).startsWith('Portal API: ') && fn.Properties['Description'] !== 'Portal API: users');
    for (const other of others) expect(actionsOf(other.Properties).filter((action) => action.startsWith('sms-voice:'))).toEqual([]);
  });
});
