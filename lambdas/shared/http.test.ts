import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conflict, ERROR_CODE_HEADER, ERROR_FIELD_HEADER, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { findRouteByKey, MAX_REQUEST_BODY_BYTES } from '../routes';
import { apiEvent, claimsOf, invoke, liveSession } from './api-event.test-support';
import { resetBackendConfig } from './config';
import { MAX_CURSOR_BYTES, MAX_PARAMETER_BYTES, type ActionRequest, type ActionResult, type ApiEvent, type ApiResult } from './http';
import { createResourceHandler } from '../resource-handler';

const dynamo = mockClient(DynamoDBDocumentClient);
const savedEnvironment = { ...process.env };

/** What the action saw, so a test can tell a refused request (never reached it) from a served one. */
const seen = vi.fn<(request: ActionRequest) => void>();
const ok = async (request: ActionRequest) => {
  seen(request);
  return { statusCode: 200, body: { ok: true } };
};
/** A handler serving these routes of the table, each with `action`. */
const serving = (routeKeys: string[], action: (request: ActionRequest) => Promise<ActionResult>) => createResourceHandler({
  handler: 'departments',
  routes: routeKeys.map((key) => {
    const route = findRouteByKey(key);
    if (route === undefined) throw new Error(`no route ${key}`);
    return { ...route, action: ({ request }) => action(request) };
  }),
});
const handler = serving(['GET /api/departments', 'GET /api/departments/{id}', 'PUT /api/departments/{id}', 'PUT /api/sites/{id}/document'], ok);
/** An action that fails the way the table fails. */
const failing = (error: Error) => serving(['GET /api/departments'], () => Promise.reject(error));

const call = (event: ApiEvent, target: typeof handler = handler) => invoke(target, event);
const withHeaders = (event: ApiEvent, headers: Record<string, string>): ApiEvent => ({ ...event, headers: { ...event.headers, ...headers } });
const dynamoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('the request limits of every handler (issue 11)', () => {
  beforeEach(() => {
    dynamo.reset();
    seen.mockReset();
    const session = liveSession();
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  it('refuses a body larger than 1 MB with 413 and a message, before parsing it', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(MAX_REQUEST_BODY_BYTES) });
    const result = await call(apiEvent('PUT /api/departments/{id}', { pathParameters: { id: 'd-1' }, body }));
    expect(result).toEqual({ status: 413, body: { message: MESSAGES.requestTooLarge } });
    expect(seen).not.toHaveBeenCalled();
  });

  it('refuses a body holding a lone surrogate (no person types one; the keys and the table refuse it) with 400, an emoji passes', async () => {
    for (const body of ['{"name":"\\ud800"}', '{"\\udc00":"x"}', '{"names":["a\\ud83d"]}']) {
      const result = await call(apiEvent('PUT /api/departments/{id}', { pathParameters: { id: 'd-1' }, body }));
      expect(result, body).toMatchObject({ status: 400, body: { message: MESSAGES.invalidRequestBody } });
    }
    expect(seen).not.toHaveBeenCalled();
    expect((await call(apiEvent('PUT /api/departments/{id}', { pathParameters: { id: 'd-1' }, body: '{"name":"Froid \\ud83e\\uddca"}' }))).status).not.toBe(500);
  });

  it('counts bytes, not characters, and a base64 body by what it decodes to', async () => {
    // 350,000 three-byte characters: fewer than a million characters, more than 1 MB.
    const wide = JSON.stringify({ name: '€'.repeat(350_000) });
    expect(await call(apiEvent('PUT /api/departments/{id}', { pathParameters: { id: 'd-1' }, body: wide })))
      .toEqual({ status: 413, body: { message: MESSAGES.requestTooLarge } });
    // 900 KB sent as base64 (1.2 MB of text) is under the limit: it reaches the schema.
    const encoded = Buffer.from(JSON.stringify({ name: 'x'.repeat(900_000) })).toString('base64');
    const event = { ...apiEvent('PUT /api/departments/{id}', { pathParameters: { id: 'd-1' }, body: encoded }), isBase64Encoded: true };
    expect(await call(event)).toMatchObject({ status: 400, body: { message: MESSAGES.nameMax20 } });
  });

  it('lets the PDF uploads take 3 MB (a 2 MB PDF in base64), and no more', async () => {
    const route = 'PUT /api/sites/{id}/document';
    const pdf = (length: number) => JSON.stringify({ fileName: 'a.pdf', data: 'A'.repeat(length) });
    // Under the limit, the schema reads it (this is no PDF).
    expect(await call(apiEvent(route, { pathParameters: { id: 's-1' }, body: pdf(2_700_000) })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.documentNotPdf } });
    expect(await call(apiEvent(route, { pathParameters: { id: 's-1' }, body: pdf(3_200_000) })))
      .toEqual({ status: 413, body: { message: MESSAGES.requestTooLarge } });
  });

  it('refuses a path parameter longer than any id with 400 and a message', async () => {
    const at = (id: string) => call(apiEvent('GET /api/departments/{id}', { pathParameters: { id } }));
    expect(await at('d'.repeat(1025))).toEqual({ status: 400, body: { message: MESSAGES.requestValueTooLong } });
    expect(await at('€'.repeat(171))).toEqual({ status: 400, body: { message: MESSAGES.requestValueTooLong } });
    expect(seen).not.toHaveBeenCalled();
    expect((await at('d'.repeat(MAX_PARAMETER_BYTES))).status).toBe(200);
  });

  it('hands a path parameter whose percent-encoding does not decode to the action as it came, never a 500', async () => {
    const result = await call(apiEvent('GET /api/departments/{id}', { pathParameters: { id: '%C0%AF' } }));
    expect(result.status).toBe(200);
    expect(seen.mock.calls[0]?.[0].pathParameters).toEqual({ id: '%C0%AF' });
  });

  it('refuses a query value longer than any id, and a cursor longer than any key, with 400', async () => {
    const list = (query: Record<string, string>) => call(apiEvent('GET /api/departments', { query }));
    expect(await list({ siteId: 's'.repeat(1024 * 1024) })).toEqual({ status: 400, body: { message: MESSAGES.requestValueTooLong } });
    expect(await list({ ['n'.repeat(MAX_PARAMETER_BYTES + 1)]: '1' })).toEqual({ status: 400, body: { message: MESSAGES.requestValueTooLong } });
    expect(await list({ cursor: 'c'.repeat(MAX_CURSOR_BYTES + 1) })).toEqual({ status: 400, body: { message: MESSAGES.requestValueTooLong } });
    expect((await list({ cursor: 'c'.repeat(MAX_CURSOR_BYTES), locationId: 'l'.repeat(MAX_PARAMETER_BYTES) })).status).toBe(200);
  });

  it('refuses an organisation header longer than any id with 400 (a helpdesk caller names the organisation with it)', async () => {
    const event = withHeaders(apiEvent('GET /api/departments', { claims: claimsOf('helpdesk') }), { customerid: 'c'.repeat(1025) });
    expect(await call(event)).toEqual({ status: 400, body: { message: MESSAGES.requestValueTooLong } });
  });

  it('answers what the table refuses because of the request with 400 or 413, not 500', async () => {
    const list = (error: Error) => call(apiEvent('GET /api/departments'), failing(error));
    expect(await list(dynamoError('ValidationException', 'The provided starting key is invalid: The provided key element does not match the schema')))
      .toEqual({ status: 400, body: { message: MESSAGES.invalidCursor } });
    expect(await list(dynamoError('ValidationException', 'The provided starting key is outside query boundaries based on provided conditions')))
      .toEqual({ status: 400, body: { message: MESSAGES.invalidCursor } });
    expect(await list(dynamoError('ValidationException', 'Item size has exceeded the maximum allowed size')))
      .toEqual({ status: 413, body: { message: MESSAGES.itemTooLarge } });
    expect(await list(dynamoError('ValidationException', 'One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes')))
      .toEqual({ status: 400, body: { message: MESSAGES.fieldTooLong } });
    expect(await list(new TransactionCanceledException({
      message: 'Transaction cancelled', $metadata: {},
      CancellationReasons: [{ Code: 'None' }, { Code: 'ValidationError', Message: 'Item size to update has exceeded the maximum allowed size' }],
    }))).toEqual({ status: 413, body: { message: MESSAGES.itemTooLarge } });
    // Anything else the table says is still ours to fix: a 500 without details.
    expect(await list(dynamoError('ValidationException', 'Invalid UpdateExpression: Syntax error')))
      .toEqual({ status: 500, body: { message: MESSAGES.genericError } });
  });
});

describe('error codes and fields (issue 12)', () => {
  beforeEach(() => {
    dynamo.reset();
    const session = liveSession();
    dynamo.on(GetCommand, { Key: session.key }).resolves(session.answer);
    process.env['TABLE_NAME'] = 'table';
    process.env['LOG_LEVEL'] = 'ERROR';
    resetBackendConfig();
  });
  afterEach(() => {
    process.env = { ...savedEnvironment };
    resetBackendConfig();
  });

  const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as never;
  const answer = async (target: typeof handler, event: ApiEvent) => (await target(event, context)) as ApiResult;

  it('answers a schema refusal with the message, its code and the field of the issue', async () => {
    // Prepare
    const event = apiEvent('PUT /api/departments/{id}', { pathParameters: { id: 'd-1' }, body: { name: 'x'.repeat(21) } });
    // Act
    const result = await answer(handler, event);
    // Assess
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body ?? '')).toMatchObject({ message: MESSAGES.nameMax20 });
    expect(result.headers).toMatchObject({ [ERROR_CODE_HEADER]: 'nameMax20', [ERROR_FIELD_HEADER]: 'name' });
  });

  it('answers a rule refusal with its code, and the field the rule is about', async () => {
    const result = await answer(failing(conflict(MESSAGES.departmentNameTaken)), apiEvent('GET /api/departments'));
    expect(result.statusCode).toBe(409);
    expect(JSON.parse(result.body ?? '')).toEqual({ message: MESSAGES.departmentNameTaken });
    expect(result.headers).toMatchObject({ [ERROR_CODE_HEADER]: 'departmentNameTaken', [ERROR_FIELD_HEADER]: 'name' });
  });

  it('answers a refusal about no one field, and an unexpected error, with a code only', async () => {
    const missing = await answer(failing(notFound()), apiEvent('GET /api/departments'));
    expect(missing.headers).toMatchObject({ [ERROR_CODE_HEADER]: 'notFound' });
    expect(missing.headers).not.toHaveProperty(ERROR_FIELD_HEADER);
    const broken = await answer(failing(new Error('boom')), apiEvent('GET /api/departments'));
    expect(broken.statusCode).toBe(500);
    expect(broken.headers).toMatchObject({ [ERROR_CODE_HEADER]: 'genericError' });
  });
});
