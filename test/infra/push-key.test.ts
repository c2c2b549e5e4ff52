import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthesizedStack, templateOf } from './synthesized';

type Resources = Record<string, { Properties: Record<string, unknown> }>;
interface Statement { Action: string | string[]; Resource: unknown }

describe('the VAPID public key on AWS (GET session/active/devices/push-key)', () => {
  let template: Template;

  // Context values in test/infra/stack-variants.ts (pushKey).
  beforeAll(async () => {
    template = templateOf(await synthesizedStack('pushKey'));
  });

  const functions = () => template.findResources('AWS::Lambda::Function') as Resources;
  const environmentOf = (properties: Record<string, unknown>) => (properties['Environment'] as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
  const statementsOf = (properties: Record<string, unknown>): Statement[] => {
    const roleId = (properties['Role'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return Object.values(template.findResources('AWS::IAM::Policy', { Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) } }) as Resources)
      .flatMap((policy) => (policy.Properties['PolicyDocument'] as { Statement: Statement[] }).Statement);
  };

  it('gives the sessions function the parameter and the right to read it, the users function too (test messages), and no other API function', () => {
    const api = Object.values(functions()).filter((fn) => String(fn.Properties['Description']).startsWith('Portal API: '));
    const sessions = api.find((fn) => fn.Properties['Description'] === 'Portal API: sessions');
    expect(sessions).toBeDefined();
    expect(environmentOf(sessions?.Properties ?? {})['VAPID_PARAMETER']).toBe('/coldchain/test/vapid');
    const read = statementsOf(sessions?.Properties ?? {}).find((statement) => [statement.Action].flat().includes('ssm:GetParameter'));
    expect(JSON.stringify(read?.Resource)).toContain(':parameter/coldchain/test/vapid"');

    // The users function sends a user's own test message, a push among them (POST users/me/notifications/test).
    const users = api.find((fn) => fn.Properties['Description'] === 'Portal API: users');
    expect(environmentOf(users?.Properties ?? {})['VAPID_PARAMETER']).toBe('/coldchain/test/vapid');
    for (const other of api.filter((fn) => fn !== sessions && fn !== users)) {
      expect(environmentOf(other.Properties)['VAPID_PARAMETER'], String(other.Properties['Description'])).toBeUndefined();
      // Every API function reads the proxy token's key (another parameter), none but these two the VAPID one.
      const parameterReads = statementsOf(other.Properties).filter((statement) => [statement.Action].flat().includes('ssm:GetParameter'));
      expect(JSON.stringify(parameterReads.map((statement) => statement.Resource)), String(other.Properties['Description'])).not.toContain('vapid');
    }
  });
});
