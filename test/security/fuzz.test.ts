import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PREFIX, ROUTES, routeKeyOf, type RouteDefinition } from '../../lambdas/routes';
import { DEMO_ORGANISATION } from '../../local/demo';
import { api, createUser, signIn, type TestUser } from '../support/identity';
import { internalsIn, secretsIn } from '../support/secrets';

const stack = inject('stack');

/**
 * Cases per run; each is one request through the local gateway. 5,000 give each route about
 * 25 cases a run, and every run draws a new seed, so the cases add up run after run within
 * `npm test`'s time budget; `FUZZ_CASES=50000` searches deeper.
 */
const CASES = Number(process.env['FUZZ_CASES'] ?? 5_000);
/** Requests in flight at once (the stack shares two cores with this process). */
const CONCURRENCY = 8;
/** A request that takes longer than this is a finding too: nothing should hang. */
const REQUEST_TIMEOUT_MS = 20_000;
/** A run prints its seed; `FUZZ_SEED=<seed>` replays it. */
const SEED = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2_147_483_647);

type Caller = 'admin' | 'basicuser' | 'helpdesk' | 'superadmin' | 'anonymous' | 'forged';

interface FuzzCase {
  route: RouteDefinition;
  /** The path, as sent (already encoded, possibly badly). */
  path: string;
  query: string;
  caller: Caller;
  body?: string;
  contentType?: string;
  /** Tenant headers other than the caller's own. */
  tenantHeaders?: { customerid?: string; accountid?: string };
}

interface Finding {
  request: string;
  status: number;
  problem: string;
  answer: string;
}

/** The top-level field names of a body schema (objects, their unions and wrappers). */
function fieldNames(schema: z.ZodType | undefined): string[] {
  if (schema === undefined) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return fieldNames(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) return [...new Set(schema.options.flatMap((option) => fieldNames(option as z.ZodType)))];
  if (schema instanceof z.ZodIntersection) {
    return [...fieldNames(schema._zod.def.left as z.ZodType), ...fieldNames(schema._zod.def.right as z.ZodType)];
  }
  return [];
}

/** Lone surrogates cannot be percent-encoded (`encodeURIComponent` throws), as no browser sends them. */
const wellFormed = (value: string) => value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Query names the handlers read, so generated queries reach their parsing. */
const QUERY_NAMES = ['cursor', 'limit', 'status', 'siteId', 'locationId', 'gatewayId', 'kind', 'fetchSharedLocs',
  'startDate', 'endDate', 'dataformat', 'queryId', 'role', 'search', 'isActive', 'name', 'email'];
const KEY_NAMES = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'id'];

describe('fast-check: generated paths, queries, bodies and cursors on every route', () => {
  const callers = new Map<Caller, TestUser | undefined>();
  const customerId = `fuzz-${randomUUID().slice(0, 8)}`;
  const knownSecrets: string[] = [];

  beforeAll(async () => {
    const admin = await createUser(stack, 'admin', customerId);
    callers.set('admin', admin);
    callers.set('basicuser', await createUser(stack, 'basicuser', customerId));
    callers.set('helpdesk', await createUser(stack, 'helpdesk', customerId));
    callers.set('superadmin', await createUser(stack, 'superadmin', customerId));
    callers.set('anonymous', undefined);
    // A token of the right shape whose signature is not the identity service's.
    const [header, payload] = admin.token.split('.');
    callers.set('forged', { ...admin, token: `${header}.${payload}.${Buffer.from('forged').toString('base64url')}` });
    for (const user of callers.values()) if (user) knownSecrets.push(user.token);
    // The secret key only: a presigned file URL carries the access key id, as on AWS.
    knownSecrets.push(stack.credentials.secretAccessKey);
  }, 120_000);

  afterAll(() => {
    // Nothing the run did may have put a secret in the stack's logs.
    const log = readFileSync(stack.logFile, 'utf8');
    expect(secretsIn(log, knownSecrets)).toEqual([]);
  });

  const tenantPrefix = () => `C#${customerId}#`;

  const text = fc.oneof(
    { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ minLength: 1_025, maxLength: 4_000 }) },
    { weight: 2, arbitrary: fc.constantFrom('', ' ', '0', '-1', '1e400', 'null', 'true', '..', '../..', '%', '%C0%AF', '%00', '#', '?', 'demo-foods',
      DEMO_ORGANISATION.customerId, DEMO_ORGANISATION.site.id, 'admin@demo.example', '2026-01-01', '2026-01-01T00:00:00Z', '9e15',
      '<script>alert(1)</script>', "' OR '1'='1", '{"$ne":null}', '\u0000', '\uFEFF', '\uD800') },
  );

  /** A header value: what HTTP can carry (visible ASCII), possibly another organisation's id. */
  const headerText = fc.oneof(
    fc.string({ maxLength: 40, unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)) }),
    fc.constantFrom(DEMO_ORGANISATION.customerId, 'demo-account', ''),
  );

  /** A cursor: base64url of something key-like, right or wrong in every way. */
  const cursor = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.dictionary(fc.constantFrom(...KEY_NAMES), fc.oneof(
      text,
      fc.string({ maxLength: 20 }).map((rest) => `${tenantPrefix()}${rest}`),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
    ), { maxKeys: 5 }).map((key) => Buffer.from(JSON.stringify(key)).toString('base64url')),
  );

  const queryValue = fc.oneof({ weight: 3, arbitrary: text }, { weight: 2, arbitrary: cursor }, { weight: 1, arbitrary: fc.integer().map(String) });
  const query = fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ minLength: 1, maxLength: 12 })), queryValue, { maxKeys: 4 })
    .map((entries) => new URLSearchParams(entries).toString());

  /** A path parameter: mostly encoded properly, sometimes with raw (possibly broken) percent-encoding. */
  const pathValue = fc.oneof(
    { weight: 4, arbitrary: text.filter((value) => value !== '').map((value) => encodeURIComponent(wellFormed(value))) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%C0%AF', '%E0%A4%A', '%ZZ', '%2e%2e', '%25', 'a%2Fb') },
    { weight: 1, arbitrary: fc.string({ minLength: 1_025, maxLength: 3_000, unit: fc.constantFrom('a', 'b', '1', '-') }) },
  );

  /** A JSON value nested `depth` levels deep, as text (fast-check's generators stay shallow). */
  const deeplyNested = fc.integer({ min: 100, max: 5_000 }).map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`);

  const bodyFor = (route: RouteDefinition) => {
    const names = fieldNames(route.body);
    const fieldValue = fc.oneof(
      { weight: 3, arbitrary: text },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 1, arbitrary: fc.array(text, { maxLength: 5 }) },
      { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
    );
    const shaped = names.length === 0
      ? fc.dictionary(fc.string({ maxLength: 10 }), fieldValue, { maxKeys: 5 })
      : fc.dictionary(fc.constantFrom(...names), fieldValue, { maxKeys: names.length });
    return fc.oneof(
      { weight: 6, arbitrary: shaped.map((value) => JSON.stringify(value)) },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
      { weight: 1, arbitrary: deeplyNested },
      { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '[]', '"text"', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}') },
      // Near and past the item size: a long field where the schema expects a short one.
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...(names.length ? names : ['name'])), fc.integer({ min: 100_000, max: 1_200_000 }))
        .map(([name, size]) => JSON.stringify({ [name]: 'x'.repeat(size) })) },
    );
  };

  const fuzzCase: fc.Arbitrary<FuzzCase> = fc.constantFrom(...ROUTES).chain((route) => {
    const parameterCount = (route.path.match(/\{\w+\+?\}/g) ?? []).length;
    return fc.record({
      route: fc.constant(route),
      pathValues: fc.array(pathValue, { minLength: parameterCount, maxLength: parameterCount }),
      query: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 2, arbitrary: query }),
      caller: fc.constantFrom<Caller>('admin', 'admin', 'admin', 'basicuser', 'helpdesk', 'superadmin', 'anonymous', 'forged'),
      body: fc.option(bodyFor(route), { freq: route.body ? 8 : 2, nil: undefined }),
      contentType: fc.option(fc.constantFrom('application/json', 'text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x'), { freq: 1, nil: undefined }),
      tenantHeaders: fc.option(fc.record({ customerid: headerText, accountid: headerText }, { requiredKeys: [] }), { freq: 5, nil: undefined }),
    }).map(({ pathValues, ...rest }) => {
      let index = 0;
      const path = rest.route.path.replace(/\{\w+\+?\}/g, () => pathValues[index++] ?? 'x');
      return { ...rest, path };
    });
  });

  /** The callers' tokens stay usable: a generated call may end the session it was sent with. */
  async function keepSignedIn(): Promise<void> {
    for (const [name, user] of callers) {
      if (user === undefined || name === 'forged') continue;
      const active = await api(stack, user, 'GET', '/session/active');
      if (active.status === 401) user.token = await signIn(stack, user.email);
    }
  }

  async function send(fuzz: FuzzCase): Promise<Finding | undefined> {
    const user = callers.get(fuzz.caller);
    const headers: Record<string, string> = {};
    if (fuzz.contentType !== undefined) headers['content-type'] = fuzz.contentType;
    else if (fuzz.body !== undefined) headers['content-type'] = 'application/json';
    if (user) {
      headers['authorization'] = `Bearer ${user.token}`;
      headers['customerid'] = fuzz.tenantHeaders?.customerid ?? user.customerId;
      headers['accountid'] = fuzz.tenantHeaders?.accountid ?? user.accountId;
    }
    const url = `${stack.apiUrl}${fuzz.path}${fuzz.query ? `?${fuzz.query}` : ''}`;
    const request = `${fuzz.caller} ${fuzz.route.method} ${API_PREFIX}${fuzz.path.slice(0, 120)}${fuzz.query ? `?${fuzz.query.slice(0, 80)}` : ''}`
      + `${fuzz.body === undefined ? '' : ` body ${fuzz.body.length} chars: ${fuzz.body.slice(0, 80)}`} (route ${routeKeyOf(fuzz.route)})`;
    let status: number;
    let answer: string;
    try {
      const response = await fetch(url, {
        method: fuzz.route.method,
        headers,
        ...(fuzz.body === undefined || fuzz.route.method === 'GET' ? {} : { body: fuzz.body }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      answer = await response.text();
    } catch (error) {
      return { request, status: 0, problem: `no answer: ${error instanceof Error ? error.message : String(error)}`, answer: '' };
    }
    const finding = (problem: string): Finding => ({ request, status, problem, answer: answer.slice(0, 300) });
    if (status >= 500) return finding('a server error');
    const leaked = [...secretsIn(answer, knownSecrets), ...internalsIn(answer)];
    if (leaked.length) return finding(`the answer carries ${leaked.join(', ')}`);
    if (status >= 400) {
      let body: unknown;
      try {
        body = JSON.parse(answer);
      } catch {
        return finding('an error answer that is not JSON');
      }
      if (typeof body !== 'object' || body === null || typeof (body as { message?: unknown }).message !== 'string') {
        return finding('an error answer without a message');
      }
    }
    return undefined;
  }

  it(`answers ${CASES} generated requests without a server error, a bare error or a leaked secret`, async () => {
    const cases = fc.sample(fuzzCase, { numRuns: CASES, seed: SEED });
    const findings: Finding[] = [];
    const batch = 500;
    for (let start = 0; start < cases.length; start += batch) {
      await keepSignedIn();
      const slice = cases.slice(start, start + batch);
      let next = 0;
      await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
        while (next < slice.length) {
          const fuzz = slice[next++];
          if (fuzz === undefined) break;
          const finding = await send(fuzz);
          if (finding) findings.push(finding);
        }
      }));
    }
    // One example of each kind of finding (route, status, problem), most frequent first.
    const kinds = new Map<string, { count: number; example: Finding }>();
    for (const finding of findings) {
      const kind = `${finding.status} ${finding.problem} on ${finding.request.replace(/^.*\(route (.*)\)$/, '$1')}`;
      const entry = kinds.get(kind) ?? { count: 0, example: finding };
      entry.count += 1;
      kinds.set(kind, entry);
    }
    const report = [...kinds.entries()].sort((a, b) => b[1].count - a[1].count).slice(0, 40)
      .map(([kind, { count, example }]) => `${count} x ${kind}\n    e.g. ${example.request}\n    ${example.answer}`);
    expect(findings.length, `seed ${SEED} (replay with FUZZ_SEED=${SEED}): ${findings.length} findings of ${kinds.size} kinds\n${report.join('\n')}`).toBe(0);
  }, 600_000);
});
