import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_CLIENT_READ_ATTRIBUTES, IDENTITY_CLIENT_WRITE_ATTRIBUTES } from '@domain/identity/account';
import { APP_VERSION } from '@domain/core/app-config';
import { HANDLERS, ROUTES, routeKeyOf } from '../../lambdas/routes';
import { API_FUNCTION_TIMEOUT_MAX, API_FUNCTION_TIMEOUTS } from '../../lib/api';
import { TABLE_CLASS } from '../../lib/cost-settings';
import { CUSTOM_ATTRIBUTES } from '../../lib/identity';
import type { SynthesizedStack } from './stack-variants';
import { synthesizedStack, templateOf } from './synthesized';

type Resources = Record<string, { Properties: Record<string, unknown> }>;

/** CloudFormation refuses more than 500 resources in a stack; this leaves room for the next routes and functions. */
const MAX_RESOURCES_A_STACK = 450;

describe('ColdChainPortalStack', () => {
  let synthesized: SynthesizedStack;
  let template: Template;
  let nestedTemplates: Template[];

  beforeAll(async () => {
    synthesized = await synthesizedStack('default');
    template = templateOf(synthesized);
    nestedTemplates = Object.values(synthesized.nestedTemplates ?? {}).map((nested) => Template.fromJSON(nested));
  });

  describe('Data', () => {
    it('has one table keyed pk/sk with the generic GSIs, on demand, in the class the cost bench prices', () => {
      template.resourceCountIs('AWS::DynamoDB::Table', 1);
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        TableClass: TABLE_CLASS,
        GlobalSecondaryIndexes: ['gsi1', 'gsi2'].map((index) => ({
          IndexName: index,
          KeySchema: [
            { AttributeName: `${index}pk`, KeyType: 'HASH' },
            { AttributeName: `${index}sk`, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      });
    });

    it('keeps the data: PITR, TTL, deletion protection, retained, encrypted with the AWS-managed key', () => {
      template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
          DeletionProtectionEnabled: true,
          SSESpecification: { SSEEnabled: true },
        }),
      });
    });
  });

  describe('Identity', () => {
    it('signs in by email, without self sign-up, with the custom attributes', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SMS_MFA'],
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        Schema: Match.arrayWith(
          CUSTOM_ATTRIBUTES.map((name) => ({ Name: name, AttributeDataType: 'String', Mutable: true })),
        ),
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: 8,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          }),
        },
      });
    });

    it('has two app clients without secrets, signing in with USER_PASSWORD_AUTH', () => {
      const clients = Object.values(template.findResources('AWS::Cognito::UserPoolClient') as Resources).map((client) => client.Properties);
      expect(clients.map((client) => client['ClientName']).sort()).toEqual(['helpdesk', 'portal']);
      for (const client of clients) {
        expect(client).toMatchObject({
          GenerateSecret: false,
          AllowedOAuthFlows: [client['ClientName'] === 'portal' ? 'code' : 'implicit'],
          CallbackURLs: ['https://localhost/login/callback'],
          IdTokenValidity: 60,
          AccessTokenValidity: 60,
          RefreshTokenValidity: 30 * 24 * 60,
          TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
        });
        expect(client['ExplicitAuthFlows']).toEqual(expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']));
        expect(client['ReadAttributes']).toEqual(expect.arrayContaining(CUSTOM_ATTRIBUTES.map((attribute) => `custom:${attribute}`)));
      }
    });

    it('never lets a user write their own role, tenant, portal access or a verified flag', () => {
      const clients = template.findResources('AWS::Cognito::UserPoolClient') as Resources;
      for (const client of Object.values(clients)) {
        const written = client.Properties['WriteAttributes'] as string[];
        expect(written.filter((name) => /^custom:|_verified$|^phone_number$/.test(name))).toEqual([]);
      }
    });

    it('gives both app clients exactly the read and write lists the local identity service enforces (domain/identity/account.ts)', () => {
      const clients = Object.values(template.findResources('AWS::Cognito::UserPoolClient') as Resources);
      expect(clients).toHaveLength(2);
      for (const client of clients) {
        expect([...(client.Properties['WriteAttributes'] as string[])].sort()).toEqual([...IDENTITY_CLIENT_WRITE_ATTRIBUTES].sort());
        expect([...(client.Properties['ReadAttributes'] as string[])].sort()).toEqual([...IDENTITY_CLIENT_READ_ATTRIBUTES].sort());
      }
    });

    it('keeps the original email until the new one is verified', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        AutoVerifiedAttributes: ['email'],
      });
    });

    it('has a hosted sign-in domain', () => {
      template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    });
  });

  describe('Api', () => {
    it('has one function per handler, nodejs22.x on arm64, told the table name', () => {
      const functions = template.findResources('AWS::Lambda::Function', {
        Properties: { Description: Match.stringLikeRegexp('^Portal API: ') },
      }) as Resources;
      expect(Object.keys(functions)).toHaveLength(Object.keys(HANDLERS).length);
      for (const name of Object.keys(HANDLERS)) {
        template.hasResourceProperties('AWS::Lambda::Function', {
          Description: `Portal API: ${name}`,
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          MemorySize: 512,
          Timeout: API_FUNCTION_TIMEOUTS[name as keyof typeof HANDLERS]?.toSeconds() ?? 10,
          Environment: {
            Variables: Match.objectLike({
              TABLE_NAME: Match.anyValue(),
              USER_POOL_ID: Match.anyValue(),
              MAX_SESSIONS: '30',
              NODE_OPTIONS: '--enable-source-maps',
            }),
          },
        });
      }
    });

    it('gives the sensors function (Quick Register) longer than 10 seconds, every timeout within the HTTP API\'s 30', () => {
      template.hasResourceProperties('AWS::Lambda::Function', { Description: 'Portal API: sensors', Timeout: 28 });
      for (const timeout of Object.values(API_FUNCTION_TIMEOUTS)) expect(timeout.toSeconds()).toBeLessThanOrEqual(API_FUNCTION_TIMEOUT_MAX.toSeconds());
      expect(API_FUNCTION_TIMEOUT_MAX.toSeconds()).toBeLessThan(29);
    });

    it('has one route per entry of the route table, JWT unless public, in the nested route stacks', () => {
      expect(template.findResources('AWS::ApiGatewayV2::Route')).toEqual({});
      const authorizers = Object.keys(template.findResources('AWS::ApiGatewayV2::Authorizer'));
      expect(authorizers).toHaveLength(1);
      const routes = nestedTemplates.flatMap((nested) => Object.values(nested.findResources('AWS::ApiGatewayV2::Route') as Resources));
      const actual = routes
        .map((route) => {
          const authorizer = route.Properties['AuthorizationType'] === 'JWT' ? JSON.stringify(route.Properties['AuthorizerId']) : '';
          return `${String(route.Properties['RouteKey'])} ${String(route.Properties['AuthorizationType'])}${authorizer === '' ? '' : ' authorized'}`;
        })
        .sort();
      const expected = ROUTES.map((route) => `${routeKeyOf(route)} ${route.roles === 'public' ? 'NONE' : 'JWT authorized'}`).sort();
      expect(actual).toEqual(expected);
      // The authorizer is the parent's (a nested stack gets its id as a parameter), on every JWT route.
      for (const route of routes.filter((candidate) => candidate.Properties['AuthorizationType'] === 'JWT')) {
        expect(route.Properties['AuthorizerId']).toEqual({ Ref: expect.stringMatching(/CognitoJwt/) as unknown });
      }
    });

    it('gives each API function one invoke permission for the whole API', () => {
      const permissions = nestedTemplates.flatMap((nested) => Object.values(
        nested.findResources('AWS::Lambda::Permission', { Properties: { Principal: 'apigateway.amazonaws.com' } }) as Resources,
      ));
      expect(permissions).toHaveLength(Object.keys(HANDLERS).length);
      const functions = permissions.map((permission) => JSON.stringify(permission.Properties['FunctionName']));
      expect(new Set(functions).size).toBe(functions.length);
      for (const permission of permissions) expect(JSON.stringify(permission.Properties['SourceArn'])).toMatch(/\/\*\/\*"/);
    });

    it('keeps every stack, the parent and each nested one, well under CloudFormation\'s 500 resources', () => {
      const counts = [template, ...nestedTemplates].map((stackTemplate) => Object.keys(stackTemplate.toJSON()['Resources'] as object).length);
      expect(counts.length).toBeGreaterThan(1);
      for (const count of counts) expect(count).toBeLessThan(MAX_RESOURCES_A_STACK);
    });

    it('checks Cognito ID tokens for both app clients', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: Match.arrayWith([Match.objectLike({ Ref: Match.stringLikeRegexp('PortalClient') })]),
          Issuer: Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith(['https://cognito-idp.'])]) }),
        },
      });
    });

    it('throttles the default stage and writes JSON access logs', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
        AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"') },
      });
    });
  });

  describe('Web', () => {
    it('keeps the bucket private', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
      });
    });

    it('serves the bucket through origin access control and /api/* from the HTTP API, uncached', () => {
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultRootObject: 'index.html',
          Origins: Match.arrayWith([
            Match.objectLike({ OriginAccessControlId: Match.anyValue() }),
            Match.objectLike({
              DomainName: { 'Fn::Join': ['', Match.arrayWith([Match.objectLike({ Ref: Match.stringLikeRegexp('HttpApi') })])] },
            }),
          ]),
          CacheBehaviors: Match.arrayWith([
            Match.objectLike({
              PathPattern: 'api/*',
              CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
              OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
              AllowedMethods: Match.arrayWith(['GET', 'PUT', 'PATCH', 'POST', 'DELETE']),
            }),
          ]),
          DefaultCacheBehavior: Match.objectLike({
            FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          }),
        }),
      });
    });

    it('does not turn error responses into index.html', () => {
      const distributions = template.findResources('AWS::CloudFront::Distribution') as Resources;
      for (const distribution of Object.values(distributions)) {
        expect(distribution.Properties['DistributionConfig']).not.toHaveProperty('CustomErrorResponses');
      }
    });

    it('sends security headers', () => {
      template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: Match.objectLike({
          SecurityHeadersConfig: Match.objectLike({
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ContentTypeOptions: { Override: true },
            StrictTransportSecurity: Match.objectLike({ IncludeSubdomains: true }),
            ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: Match.anyValue() }),
          }),
        }),
      });
    });

    it('deploys the web build with a config.json made from this stack', () => {
      const deployments = template.findResources('Custom::CDKBucketDeployment') as Resources;
      const [deployment] = Object.values(deployments);
      expect(deployment).toBeDefined();
      const keys = deployment?.Properties['SourceObjectKeys'] as string[];
      expect(keys).toHaveLength(2);

      const configAsset = (keys[1] ?? '').replace(/\.zip$/, '');
      const config = JSON.parse(synthesized.assetConfigFiles[`asset.${configAsset}/config.json`] ?? 'null') as Record<string, unknown>;
      expect(config).toMatchObject({ runtime: 'aws', apiBaseUrl: '/api', version: APP_VERSION });
      for (const key of ['region', 'userPoolId', 'portalClientId', 'helpdeskClientId']) {
        expect(config[key]).toEqual(expect.any(String));
      }
      // The tokens in config.json are filled in at deploy time from these references.
      // The user pool's, the portal client's and the helpdesk client's logical ids (from the stack's constructs).
      const referenced = synthesized.identityRefs;
      expect(referenced).toHaveLength(3);
      const markers = (deployment?.Properties['SourceMarkers'] as Record<string, unknown>[])[1] ?? {};
      expect(Object.values(markers)).toEqual(expect.arrayContaining(referenced));
    });

    it('runs the dormancy check after each sign-in, allowed only to reset passwords', () => {
      const triggerArn = template.findResources('AWS::Cognito::UserPool') as Resources;
      const pool = Object.values(triggerArn)[0];
      const lambdaConfig = pool?.Properties['LambdaConfig'] as Record<string, unknown>;
      expect(Object.keys(lambdaConfig).sort()).toEqual(['CustomMessage', 'PostAuthentication']);
      template.hasResourceProperties('AWS::IAM::Policy', {
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'cognito-idp:AdminResetUserPassword' })]) },
      });
    });

    it("words the invitation and the codes with the product's own trigger, given the portal's address and read access to the table", () => {
      const pool = Object.values(template.findResources('AWS::Cognito::UserPool') as Resources)[0];
      const target = JSON.stringify((pool?.Properties['LambdaConfig'] as Record<string, unknown>)['CustomMessage']);
      const [name, fn] = Object.entries(template.findResources('AWS::Lambda::Function') as Resources).find(([logicalId]) => target.includes(logicalId)) ?? [];
      expect(name).toMatch(/^IdentityCustomMessageFunction/);
      const environment = (fn?.Properties['Environment'] as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(environment)).toEqual(expect.arrayContaining(['PORTAL_URL_PARAMETER', 'TABLE_NAME']));
      template.hasResourceProperties('AWS::SSM::Parameter', { Name: environment['PORTAL_URL_PARAMETER'] });
      const policies = Object.values(template.findResources('AWS::IAM::Policy') as Resources)
        .filter((policy) => JSON.stringify(policy.Properties['Roles']).includes('IdentityCustomMessageFunction'));
      const actions = JSON.stringify(policies.map((policy) => policy.Properties['PolicyDocument']));
      expect(actions).toContain('dynamodb:GetItem');
      expect(actions).toContain('ssm:GetParameter');
      expect(actions).not.toMatch(/dynamodb:(PutItem|UpdateItem|DeleteItem)|ses:|cognito-idp:/);
    });

    it('grants the identity admin calls only to the handlers that make them, on this pool', () => {
      const policies = Object.values(template.findResources('AWS::IAM::Policy') as Resources);
      const withAdminGet = policies.filter((policy) => JSON.stringify(policy.Properties['PolicyDocument']).includes('cognito-idp:AdminGetUser'));
      // cognito/* calls, user administration, sharing a location (the invitee found by email),
      // the profile (an email change is taken once the identity verified it), super-administration
      // (a new organisation's first administrator invited) and the helpdesk (a supported user's MFA
      // reset, invitation sent again, unlock).
      const allowed = /^Api(IdentityAdmin|Users|Locations|Accounts|Superadmin|Helpdesk)FunctionServiceRole/;
      const roles = withAdminGet.map((policy) => JSON.stringify(policy.Properties['Roles']));
      expect(roles.some((role) => role.includes('IdentityAdminFunction'))).toBe(true);
      expect(roles.some((role) => role.includes('AccountsFunction'))).toBe(true);
      for (const policy of withAdminGet) {
        const [role] = policy.Properties['Roles'] as { Ref: string }[];
        expect(role?.Ref).toMatch(allowed);
      }
    });

    it('lets only the users handler send texts and emails (verification codes), and the notifications email sender emails (alarms)', () => {
      const policies = Object.values(template.findResources('AWS::IAM::Policy') as Resources);
      const grantedTo = (action: string) => policies.filter((policy) => JSON.stringify(policy.Properties['PolicyDocument']).includes(action)
        && !JSON.stringify(policy.Properties['Roles']).includes('smsRole')).map((policy) => JSON.stringify(policy.Properties['Roles']));
      expect(grantedTo('sns:Publish')).toEqual([expect.stringContaining('UsersFunction')]);
      expect(grantedTo('ses:SendEmail').sort()).toEqual([expect.stringContaining('UsersFunction'), expect.stringContaining('NotificationsEmailSender')]);
    });

    it('prints where the portal is', () => {
      for (const output of ['WebUrl', 'ApiUrl', 'UserPoolId', 'PortalClientId', 'HelpdeskClientId', 'TableName']) {
        template.hasOutput(output, {});
      }
    });
  });
});

describe('ColdChainPortalStack context values', () => {
  let synthesized: SynthesizedStack;
  let template: Template;

  // Context values in test/infra/stack-variants.ts (contextValues): stage dev, domain prefix coldchain-dev-login,
  // web domain portal.example.com, 12 sessions, SSO provider acme, admin contact it@example.com, a 10-minute storm window.
  beforeAll(async () => {
    synthesized = await synthesizedStack('contextValues');
    template = templateOf(synthesized);
  });

  it('names the stack after the stage', () => {
    expect(synthesized.stackName).toBe('ColdChainPortal-dev');
  });

  it('gives the storm window to what plans, holds and releases messages (the stream, the four senders, the alarm clock), and to nothing else', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function') as Resources);
    const withWindow = functions
      .filter((fn) => (fn.Properties['Environment'] as { Variables?: Record<string, unknown> } | undefined)?.Variables?.['STORM_WINDOW_MINUTES'] === '10')
      .map((fn) => String(fn.Properties['Description'])).sort();
    expect(withWindow).toEqual([
      'Notifications: the email sender', 'Notifications: the push sender', 'Notifications: the table stream (plans alarms, queues deliveries)',
      'Notifications: the text sender', 'Notifications: the voice sender', 'Scheduled job: alarmClock',
    ]);
  });

  it('returns OAuth logins to the web domain', () => {
    const clients = Object.values(template.findResources('AWS::Cognito::UserPoolClient') as Resources);
    for (const client of clients) {
      expect(client.Properties['CallbackURLs']).toEqual(['https://portal.example.com/login/callback']);
      expect(client.Properties['LogoutURLs']).toEqual(['https://portal.example.com/login']);
    }
  });

  it('uses the given hosted-UI prefix', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'coldchain-dev-login' });
  });

  it('writes the SSO providers, the session limit and the admin contact into config.json', () => {
    const [deployment] = Object.values(template.findResources('Custom::CDKBucketDeployment') as Resources);
    const keys = deployment?.Properties['SourceObjectKeys'] as string[];
    const configAsset = (keys[1] ?? '').replace(/\.zip$/, '');
    const config = JSON.parse(synthesized.assetConfigFiles[`asset.${configAsset}/config.json`] ?? 'null') as Record<string, unknown>;
    expect(config).toMatchObject({
      ssoProviders: { acme: 'AcmeAzureAD' }, maxSessions: 12, adminContactEmail: 'it@example.com', idleTimeoutMs: 3_600_000,
    });
    expect(config['oauthDomain']).toEqual(expect.any(String));
  });

  it('gives every function the session limit', () => {
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^Portal API: ') },
    }) as Resources;
    for (const fn of Object.values(functions)) {
      expect(fn.Properties['Environment']).toMatchObject({ Variables: { MAX_SESSIONS: '12' } });
    }
  });
});
