import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { HANDLERS } from '../../lambdas/routes';
import { synthesizedStack, templateOf } from './synthesized';

type Resources = Record<string, { Properties: Record<string, unknown> }>;

describe('the files bucket and who may use it', () => {
  let template: Template;

  beforeAll(async () => {
    template = templateOf(await synthesizedStack('default'));
  });

  const functionOf = (name: string) => {
    const found = template.findResources('AWS::Lambda::Function', { Properties: { Description: `Portal API: ${name}` } }) as Resources;
    const [logicalId, resource] = Object.entries(found)[0] ?? [];
    if (logicalId === undefined || resource === undefined) throw new Error(`no function ${name}`);
    return { logicalId, resource };
  };

  /** Every IAM action granted to a function's role. */
  const actionsOf = (name: string): string[] => {
    const role = (functionOf(name).resource.Properties['Role'] as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: role }] } }) as Resources;
    return Object.values(policies)
      .flatMap((policy) => (policy.Properties['PolicyDocument'] as { Statement: { Action: string | string[] }[] }).Statement)
      .flatMap((statement) => [statement.Action].flat());
  };

  it('is private, encrypted, versioned, TLS only, logged and kept with the stack', () => {
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        VersioningConfiguration: { Status: 'Enabled' },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'files/' }),
        BucketEncryption: Match.anyValue(),
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      }),
    });
  });

  // Sites keep their PDF; device records presign uploads and downloads; gateways remove a deleted gateway's files;
  // sensors keep their calibration certificates.
  const FILE_USERS = ['sites', 'gateways', 'deviceRecords', 'sensors', 'informationItems', 'reports'];

  it('is told to the functions that keep files, which may read, write and delete them; no other function', () => {
    const variables = (name: string) => ((functionOf(name).resource.Properties['Environment'] as { Variables: Record<string, unknown> }).Variables);
    for (const name of FILE_USERS) {
      expect(variables(name)['FILES_BUCKET'], name).toBeDefined();
      expect(actionsOf(name), name).toEqual(expect.arrayContaining(['s3:GetObject*', 's3:PutObject', 's3:DeleteObject*']));
    }
    for (const name of Object.keys(HANDLERS).filter((handler) => !FILE_USERS.includes(handler))) {
      expect(variables(name)['FILES_BUCKET'], name).toBeUndefined();
      expect(actionsOf(name).filter((action) => action.startsWith('s3:')), name).toEqual([]);
    }
  });

  it('lets the web origin POST (signed upload policies) and GET (presigned URLs) across origins (CORS), nothing else', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      VersioningConfiguration: { Status: 'Enabled' },
      CorsConfiguration: {
        CorsRules: [Match.objectLike({
          AllowedMethods: ['GET', 'POST', 'HEAD'],
          AllowedOrigins: Match.arrayWith([Match.objectLike({ 'Fn::Join': Match.anyValue() })]),
          ExposedHeaders: ['ETag'],
        })],
      },
    });
  });

  it('lets the locations function look up an invitee by email in the user pool, and write the table', () => {
    expect(actionsOf('locations')).toEqual(expect.arrayContaining(['cognito-idp:AdminGetUser', 'dynamodb:PutItem']));
    expect(actionsOf('locations')).not.toContain('cognito-idp:AdminCreateUser');
  });

  it('lets the super-administration function look an email up and invite a first administrator, and nothing more of the pool', () => {
    const identityActions = actionsOf('superadmin').filter((action) => action.startsWith('cognito-idp:')).sort();
    expect(identityActions).toEqual(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser']);
  });

  it('lets the helpdesk function do its four support actions on the pool, and not disable or delete an identity', () => {
    const identityActions = actionsOf('helpdesk').filter((action) => action.startsWith('cognito-idp:')).sort();
    expect(identityActions).toEqual(['cognito-idp:AdminCreateUser', 'cognito-idp:AdminEnableUser', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminSetUserMFAPreference']);
  });
});
