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
