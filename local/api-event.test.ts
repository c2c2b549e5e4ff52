import { describe, expect, it } from 'vitest';
import { findRouteByKey, type RouteDefinition } from '../lambdas/routes';
import { apiEventOf, authorizerClaims, matchRoute, type ApiRequest } from './api-event';

function routeOf(key: string): RouteDefinition {
  const route = findRouteByKey(key);
  if (route === undefined) throw new Error(`no route ${key}`);
  return route;
}

const request = (overrides: Partial<ApiRequest> = {}): ApiRequest => ({
  route: routeOf('GET /api/departments/{id}'),
  pathParameters: { id: 'd-1' },
  method: 'GET',
  url: new URL('http://localhost:3000/api/departments/d-1'),
  headers: { host: 'localhost:3000', 'user-agent': 'test-agent' },
  body: Buffer.alloc(0),
  claims: { sub: 'user-1', 'custom:role': 'admin' },
  sourceIp: '127.0.0.1',
  httpVersion: '1.1',
  requestId: 'req-1',
  now: new Date('2026-01-02T03:04:05.000Z'),
  ...overrides,
});

describe('matchRoute: the route API Gateway would pick', () => {
  it('matches a {id} path and hands the parameter over decoded', () => {
    // Prepare / Act
    const match = matchRoute('GET', '/api/locations/exists/Caf%C3%A9%20Nord%2F2');
    // Assess
    expect(match).toEqual({ kind: 'matched', route: routeOf('GET /api/locations/exists/{name}'), pathParameters: { name: 'Café Nord/2' } });
  });

  it('decodes every parameter of a path with two', () => {
    const match = matchRoute('DELETE', '/api/sensors/s%2D1/calibrations/c-9');
    expect(match).toEqual({ kind: 'matched', route: routeOf('DELETE /api/sensors/{id}/calibrations/{calibrationId}'), pathParameters: { id: 's-1', calibrationId: 'c-9' } });
  });

  it('prefers a literal segment over a parameter at the same place', () => {
    const match = matchRoute('GET', '/api/users/invitations');
    expect(match.kind === 'matched' && match.route.path).toBe('/users/invitations');
    const byId = matchRoute('GET', '/api/users/u-1');
    expect(byId.kind === 'matched' && byId.route.path).toBe('/users/{id}');
  });

  it('matches by method too, and finds nothing for an unknown path or method', () => {
    expect(matchRoute('PATCH', '/api/departments/d-1').kind).toBe('matched');
    expect(matchRoute('PATCH', '/api/sites/s-1').kind).toBe('none');
    expect(matchRoute('GET', '/api/nothing-here').kind).toBe('none');
    expect(matchRoute('GET', '/api/departments/d-1/extra').kind).toBe('none');
  });

  it('reports a parameter whose percent-encoding does not decode', () => {
    expect(matchRoute('GET', '/api/departments/%C0%AF')).toEqual({ kind: 'bad-parameter' });
    expect(matchRoute('GET', '/api/departments/%')).toEqual({ kind: 'bad-parameter' });
  });
});

describe('apiEventOf: the event a deployed HTTP API hands the function', () => {
  it('carries the route key, the path, the JWT claims and the request context', () => {
    const event = apiEventOf(request());
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/departments/{id}',
      rawPath: '/api/departments/d-1',
      rawQueryString: '',
      pathParameters: { id: 'd-1' },
      isBase64Encoded: false,
      requestContext: {
        routeKey: 'GET /api/departments/{id}',
        requestId: 'req-1',
        domainName: 'localhost:3000',
        stage: '$default',
        timeEpoch: Date.parse('2026-01-02T03:04:05.000Z'),
        http: { method: 'GET', path: '/api/departments/d-1', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test-agent' },
        authorizer: { jwt: { claims: { sub: 'user-1', 'custom:role': 'admin' }, scopes: [] } },
      },
    });
    expect(event.body).toBeUndefined();
    expect(event.queryStringParameters).toBeUndefined();
  });

  it('joins a repeated query parameter with commas and keeps the raw query string', () => {
    const event = apiEventOf(request({
      route: routeOf('GET /api/sensors'), pathParameters: {},
      url: new URL('http://localhost:3000/api/sensors?siteId=s-1&status=active&status=inactive&q=a%20b'),
    }));
    expect(event.queryStringParameters).toEqual({ siteId: 's-1', status: 'active,inactive', q: 'a b' });
    expect(event.rawQueryString).toBe('siteId=s-1&status=active&status=inactive&q=a%20b');
    expect(event.pathParameters).toBeUndefined();
  });

  it('joins a repeated header with commas, lower-cases names and splits cookies', () => {
    const event = apiEventOf(request({ headers: { 'X-Forwarded-For': ['10.0.0.1', '10.0.0.2'], cookie: 'a=1; b=2', accept: 'application/json' } }));
    expect(event.headers).toEqual({ 'x-forwarded-for': '10.0.0.1,10.0.0.2', cookie: 'a=1; b=2', accept: 'application/json' });
    expect(event.cookies).toEqual(['a=1', 'b=2']);
  });

  it('hands a JSON body over as text and any other body base64-encoded', () => {
    const json = apiEventOf(request({ headers: { 'content-type': 'application/json' }, body: Buffer.from('{"name":"Cold room"}') }));
    expect(json).toMatchObject({ body: '{"name":"Cold room"}', isBase64Encoded: false });
    const bytes = Buffer.from([0xff, 0x00, 0x10]);
    const binary = apiEventOf(request({ headers: { 'content-type': 'application/octet-stream' }, body: bytes }));
    expect(binary).toMatchObject({ body: bytes.toString('base64'), isBase64Encoded: true });
  });

  it('gives a public route empty claims', () => {
    const event = apiEventOf(request({ route: routeOf('GET /api/openapi.json'), pathParameters: {}, claims: undefined }));
    expect(event.requestContext.authorizer.jwt.claims).toEqual({});
  });
});

describe('authorizerClaims', () => {
  it('hands claims over as strings, lists as [a b], objects as JSON', () => {
    expect(authorizerClaims({ sub: 'u', exp: 12, groups: ['a', 'b'], address: { city: 'Lyon' } }))
      .toEqual({ sub: 'u', exp: '12', groups: '[a b]', address: '{"city":"Lyon"}' });
  });
});
