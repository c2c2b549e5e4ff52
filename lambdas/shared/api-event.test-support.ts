import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import type { ApiEvent, ApiResult } from './http';

/** Claims of a caller of the organisation `org-1`, as the authorizer hands them over. */
export function claimsOf(role: string, accountId = 'acc-1', customerId = 'org-1'): Record<string, string> {
  return {
    sub: `user-${accountId}`, email: `${accountId}@demo.example`, token_use: 'id', 'custom:role': role,
    'custom:customerid': customerId, 'custom:accountinfoid': accountId, 'custom:isPortalLogin': 'true',
    origin_jti: `family-${accountId}`,
  };
}

/** The token item a live session leaves (every call reads it): the GetCommand key and answer. */
export const liveSession = (accountId = 'acc-1', customerId = 'org-1') => ({
  key: { pk: `C#${customerId}#TOKEN#family-${accountId}`, sk: 'TOKEN' },
  answer: { Item: { sessionId: 's-1', accountId, lastSeenAt: new Date().toISOString() } },
});

/**
 * A basic user assigned site-1 only, of location loc-1 (which has site-1 and site-2), for the
 * site-scope tests of a handler: their session and user item answered by `dynamo`, the
 * location's site references and their (empty) memberships put in `partitions`, which the
 * test's Query mock answers from. Returns their claims.
 */
export function siteLimitedBasicUser(
  dynamo: AwsClientStub<DynamoDBDocumentClient>, partitions: Map<string, Record<string, unknown>[]>, accountId = 'b-1',
): Record<string, string> {
  const session = liveSession(accountId);
  dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
  dynamo.on(GetCommand, { Key: { pk: 'C#org-1#USER', sk: `USER#${accountId}` } }).resolves({ Item: { accountId, locationIds: ['loc-1'], siteIds: ['site-1'] } });
  partitions.set('C#org-1#LOCATION#loc-1#REF', [{ kind: 'SITE', id: 'site-1', name: 'Kitchen' }, { kind: 'SITE', id: 'site-2', name: 'Bakery' }]);
  partitions.set(`C#org-1#MEMBERSHIP#${accountId}`, []);
  return claimsOf('basicuser', accountId);
}

/** An API Gateway HTTP API v2 event for a route key (`PUT /api/securitygroups/{id}`). */
export function apiEvent(
  routeKey: string,
  options: { body?: unknown; claims?: Record<string, string>; pathParameters?: Record<string, string>; query?: Record<string, string> } = {},
): ApiEvent {
  const [method = 'GET', template = '/'] = routeKey.split(' ');
  const path = Object.entries(options.pathParameters ?? {}).reduce((text, [name, value]) => text.replace(`{${name}}`, value), template);
  return {
    version: '2.0', routeKey, rawPath: path, rawQueryString: '', headers: {},
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    ...(options.query ? { queryStringParameters: options.query } : {}),
    requestContext: {
      accountId: '1', apiId: 'api', domainName: 'x', domainPrefix: 'x', requestId: 'r-1', routeKey, stage: '$default',
      time: '', timeEpoch: 0,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: options.claims ?? claimsOf('admin'), scopes: [] } },
    },
    isBase64Encoded: false,
    ...(options.body === undefined ? {} : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  };
}

type Handler = (event: ApiEvent, context: never) => Promise<unknown>;

/** Calls a handler and parses its answer. */
export async function invoke(handler: Handler, event: ApiEvent): Promise<{ status: number; body: unknown }> {
  const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as never;
  const result = (await handler(event, context)) as ApiResult;
  return { status: result.statusCode ?? 0, body: result.body ? JSON.parse(result.body) as unknown : undefined };
}
