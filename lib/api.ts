import { Duration, NestedStack, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_PREFIX, HANDLERS, type HandlerName, ROUTES, routeKeyOf } from '../lambdas/routes';
import type { Data, TableAccess } from './data';
import type { Files } from './files';
import { PortalFunction } from './function';
import { lambdaBasicExecutionFinding, nagResourceName } from './nag';
import type { Identity } from './identity';

/**
 * Table access per handler; a handler not listed reads and writes. The OpenAPI handler
 * only serves the document (it reads the table's name at start like every handler).
 */
const TABLE_ACCESS: Partial<Record<HandlerName, TableAccess>> = {
  openapi: 'read',
};

/**
 * Handlers given longer than the house's 10 seconds. API Gateway's HTTP API gives up on an
 * integration after 30 seconds, so none goes beyond `API_FUNCTION_TIMEOUT_MAX`.
 */
export const API_FUNCTION_TIMEOUT_MAX = Duration.seconds(28);
export const API_FUNCTION_TIMEOUTS: Partial<Record<HandlerName, Duration>> = {
  // Quick Register writes up to 200 sensors in one request; a refused batch is written line by line (~8 s for 200 locally).
  sensors: Duration.seconds(28),
  // A small report (at most INLINE_SENSOR_DAYS sensor-days) is read and written within the request.
  reports: Duration.seconds(28),
};

/** Handlers that keep uploaded files in the files bucket (site PDFs). */
const FILE_USERS: ReadonlySet<HandlerName> = new Set(['sites', 'gateways', 'deviceRecords', 'sensors', 'informationItems', 'reports']);

/** The identity service's admin actions a handler calls on the user pool; none unless listed. */
const IDENTITY_ADMIN_ACTIONS: Partial<Record<HandlerName, readonly string[]>> = {
  identityAdmin: ['AdminGetUser', 'AdminUpdateUserAttributes', 'AdminDeleteUserAttributes', 'AdminCreateUser'],
  // Sharing a location finds the invitee's organisation by email.
  locations: ['AdminGetUser'],
  // The profile: whether the identity's email is verified, and who signs in with an email.
  accounts: ['AdminGetUser'],
  users: [
    'AdminGetUser', 'AdminCreateUser', 'AdminUpdateUserAttributes', 'AdminDeleteUserAttributes', 'AdminDisableUser',
    'AdminEnableUser', 'AdminDeleteUser', 'AdminSetUserMFAPreference',
  ],
  // A new organisation's first administrator: is the email taken anywhere, then the invitation.
  superadmin: ['AdminGetUser', 'AdminCreateUser'],
  // Support actions: the invitation's state and its resend, MFA off, unlocking (enabling) an account; AdminGetUser for the inviter's name too.
  helpdesk: ['AdminGetUser', 'AdminCreateUser', 'AdminSetUserMFAPreference', 'AdminEnableUser'],
};

/** Handlers that send the product's own texts (SNS) and emails (SES): phone and pager verification codes. */
const MESSAGE_SENDERS: ReadonlySet<HandlerName> = new Set(['users']);

/** One JSON line per request; `requestId` is required by API Gateway. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    requestTime: '$context.requestTime',
    httpMethod: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    responseLatency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    authorizerError: '$context.authorizer.error',
    sub: '$context.authorizer.claims.sub',
  }),
);

export interface ApiProps {
  readonly identity: Identity;
  readonly data: Data;
  /** The files bucket (uploaded files). */
  readonly files: Files;
  /** Maximum concurrent sessions per user (SPEC.md), given to every handler as `MAX_SESSIONS`. */
  readonly maxSessions: number;
  /** The sender of the product's own emails (an SES verified identity); `no-reply@coldchain.local` if unset. */
  readonly mailFrom?: string;
  /** The Parameter Store SecureString of the web push VAPID keys: the sessions function gives browsers its public key. */
  readonly vapidParameter?: string;
  /**
   * The Parameter Store SecureString holding the key proxy tokens are signed with (issue 16,
   * lambdas/shared/proxy-token.ts; at least 32 characters, created outside the stack like the
   * VAPID keys: CloudFormation cannot make SecureStrings); `/coldchain/<stack>/proxy-token-key` when absent.
   */
  readonly proxyTokenParameter?: string;
}

/**
 * Texts to phone numbers (SNS direct publish: a phone number has no ARN) and emails from
 * the account's SES identities. `MAIL_FROM` (context `mailFrom`) must be one of them.
 */
function grantMessaging(fn: PortalFunction): void {
  const identities = Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
  fn.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
  fn.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: [identities] }));
  Validations.of(fn.role ?? fn).acknowledge(
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'sns:Publish to a phone number (verification codes) has no resource ARN; the function publishes to no topic.',
    },
    {
      id: `AwsSolutions-IAM5[Resource::${nagResourceName(fn, identities)}]`,
      reason: "Verification emails are sent from the account's verified SES identity named by MAIL_FROM, chosen at deploy time.",
    },
  );
}

/** What a user's own test message needs (POST users/me/notifications/test): the alarm senders' providers and the portal's address. */
export interface TestMessageProps {
  /** The portal's address (`https://<host>`), for the link in the message (`PORTAL_URL`). */
  readonly portalUrl: string;
  /** The VAPID keys' SecureString parameter (push). */
  readonly vapidParameter: string;
  /** End User Messaging origination identities (context `smsOriginationIdentity`, `voiceOriginationIdentity`). */
  readonly smsOriginationIdentity?: string;
  readonly voiceOriginationIdentity?: string;
}

/**
 * CloudFormation allows 500 resources a stack, and the routes (one each) with their integrations and
 * permissions outgrow that beside everything else: they live in nested stacks (`Routes<n>` in the Api
 * construct), deployed with the parent by the same `cdk deploy`. A handler's routes, its integration and
 * its invoke permission go to the nested stack its name picks, so adding a handler or route moves no other
 * route (a moved route would be recreated, and API Gateway refuses a second route with the same key).
 */
export const API_ROUTE_STACKS = 2;

/** Which of the `API_ROUTE_STACKS` nested stacks holds a handler's routes: a hash of its name (FNV-1a), stable. */
export function routeStackOf(handler: HandlerName): number {
  let hash = 0x811c9dc5;
  for (const character of handler) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193) >>> 0;
  return hash % API_ROUTE_STACKS;
}

function pascalCase(name: string): string {
  return name.replace(/(^|[-_])([a-z])/g, (_match, _separator: string, letter: string) => letter.toUpperCase());
}

/**
 * The HTTP API: one Lambda per resource in `HANDLERS`, one route per entry of `ROUTES`
 * (the one route table), a JWT authorizer on every route that is not public.
 */
export class Api extends Construct {
  public readonly httpApi: HttpApi;
  public readonly stage: HttpStage;
  public readonly functions: ReadonlyMap<HandlerName, PortalFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { identity, data } = props;

    // The browser sends the ID token (it carries the custom role and tenant claims).
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', identity.issuerUrl, {
      jwtAudience: [identity.portalClient.userPoolClientId, identity.helpdeskClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Cold-chain portal API (served under /api through CloudFront)',
      defaultAuthorizer: authorizer,
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { burstLimit: 200, rateLimit: 100 },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });

    const functions = new Map<HandlerName, PortalFunction>();
    const handlerNames = Object.keys(HANDLERS) as HandlerName[];
    // Every handler's middleware verifies a proxy token it is sent; only the proxy sessions' signs one.
    const proxyTokenParameter = props.proxyTokenParameter ?? `/coldchain/${Stack.of(this).stackName}/proxy-token-key`;
    const proxyTokenParameterArn = Stack.of(this).formatArn({ service: 'ssm', resource: 'parameter', resourceName: proxyTokenParameter.replace(/^\//, '') });
    for (const name of handlerNames) {
      const fn = new PortalFunction(this, `${pascalCase(name)}Function`, {
        entry: HANDLERS[name],
        description: `Portal API: ${name}`,
        ...(API_FUNCTION_TIMEOUTS[name] ? { timeout: API_FUNCTION_TIMEOUTS[name] } : {}),
        environment: {
          USER_POOL_ID: identity.userPool.userPoolId,
          POWERTOOLS_SERVICE_NAME: 'portal',
          SERVICE_NAME: 'portal',
          LOG_LEVEL: 'INFO',
          MAX_SESSIONS: String(props.maxSessions),
          PROXY_TOKEN_PARAMETER: proxyTokenParameter,
          ...(props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
        },
      });
      fn.addToRolePolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: [proxyTokenParameterArn] }));
      data.grantTo(fn, TABLE_ACCESS[name] ?? 'readWrite');
      const identityActions = IDENTITY_ADMIN_ACTIONS[name];
      if (identityActions !== undefined) identity.grantAdmin(fn, identityActions);
      if (FILE_USERS.has(name)) props.files.grantTo(fn);
      if (MESSAGE_SENDERS.has(name)) grantMessaging(fn);
      Validations.of(fn).acknowledge(
        {
          id: lambdaBasicExecutionFinding(fn),
          reason: "AWS's managed policy for writing the function's own logs; it grants nothing else.",
        },
        {
          id: 'AwsSolutions-L1',
          reason: 'The design pins nodejs22.x (bundles target node22); the runtime is moved deliberately with the house construct.',
        },
      );
      functions.set(name, fn);
    }
    this.functions = functions;

    // GET session/active/devices/push-key reads the VAPID keys (lambdas/shared/vapid.ts) and answers the public one.
    const sessions = functions.get('sessions');
    if (props.vapidParameter !== undefined && sessions !== undefined) {
      sessions.addEnvironment('VAPID_PARAMETER', props.vapidParameter);
      sessions.addToRolePolicy(new PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [Stack.of(this).formatArn({ service: 'ssm', resource: 'parameter', resourceName: props.vapidParameter.replace(/^\//, '') })],
      }));
    }

    const integrations = new Map(
      [...functions].map(([name, fn]) => [name, new HttpLambdaIntegration(`${pascalCase(name)}Integration`, fn, {
        // One permission per function for the whole API, so its policy does not grow with each route.
        scopePermissionToRoute: false,
      })]),
    );
    const noAuthorizer = new HttpNoneAuthorizer();
    // The API, its stage, authorizer and functions stay here; the routes go to nested stacks (API_ROUTE_STACKS says why).
    const routeStacks = Array.from({ length: API_ROUTE_STACKS }, (_unused, index) => new NestedStack(this, `Routes${index}`, {
      description: `Cold-chain portal API routes, part ${index + 1} of ${API_ROUTE_STACKS}`,
    }));
    for (const route of ROUTES) {
      const integration = integrations.get(route.handler);
      const routeStack = routeStacks[routeStackOf(route.handler)];
      if (integration === undefined || routeStack === undefined) {
        throw new Error(`Route ${routeKeyOf(route)} names handler ${route.handler}, which is not in HANDLERS`);
      }
      const isPublic = route.roles === 'public';
      const path = `${API_PREFIX}${route.path}`;
      const method = HttpMethod[route.method];
      // As HttpApi.addRoutes makes it (same id), in the nested stack; the default (JWT) authorizer unless public.
      const httpRoute = new HttpRoute(routeStack, `${method}${path}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(path, method),
        integration,
        ...(isPublic ? { authorizer: noAuthorizer } : {}),
      });
      if (isPublic) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKeyOf(route)} is public in the route table (lambdas/routes.ts), which decides who may call each route.`,
        });
      }
    }
  }

  /** The API's own endpoint (CloudFront forwards /api/* to it). */
  public get url(): string {
    return this.stage.url;
  }

  /**
   * The users function sends a user's own test message (issue 14 section 2) through the providers
   * alarms go through (lib/notifications.ts): texts and calls by End User Messaging SMS and Voice
   * v2, push with the VAPID keys (emails: SES, granted to it already for verification codes).
   */
  grantTestMessages(props: TestMessageProps): void {
    const users = this.functions.get('users');
    if (users === undefined) throw new Error('No users function');
    const stack = Stack.of(this);
    users.addEnvironment('PORTAL_URL', props.portalUrl);
    const smsVoiceResources = stack.formatArn({ service: 'sms-voice', resource: '*' });
    users.addToRolePolicy(new PolicyStatement({ actions: ['sms-voice:SendTextMessage', 'sms-voice:SendVoiceMessage'], resources: [smsVoiceResources] }));
    if (props.smsOriginationIdentity !== undefined) users.addEnvironment('SMS_ORIGINATION_IDENTITY', props.smsOriginationIdentity);
    if (props.voiceOriginationIdentity !== undefined) users.addEnvironment('VOICE_ORIGINATION_IDENTITY', props.voiceOriginationIdentity);
    Validations.of(users).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagResourceName(users, smsVoiceResources)}]`,
      reason: "A user's test text or call is authorized on the origination identity and the opt-out list it uses, set at deploy time or picked by the service among this account's, as for the alarm senders.",
    });
    users.addEnvironment('VAPID_PARAMETER', props.vapidParameter);
    users.addToRolePolicy(new PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: [stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: props.vapidParameter.replace(/^\//, '') })],
    }));
  }
}
