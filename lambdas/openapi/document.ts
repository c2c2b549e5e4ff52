import * as z from 'zod';
import { APP_VERSION } from '@domain/core/app-config';
import { ERROR_CODE_HEADER, ERROR_FIELD_HEADER } from '@domain/core/errors';
import { API_ROUTES } from '@domain/api';
import type { RouteContract } from '@domain/api/contract';
import { REPORT_CATALOGUE, REPORT_IDS } from '@domain/reports/catalogue';
import { API_PREFIX } from '../shared/routing';

type JsonObject = Record<string, unknown>;

const errorSchema = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };
/** Beside the message: its stable code (a catalogue key) and the input field it is about (domain/core/errors.ts). */
const errorHeaders = {
  [ERROR_CODE_HEADER]: { description: 'The stable code of the message (the key of its text in the catalogues)', schema: { type: 'string' } },
  [ERROR_FIELD_HEADER]: { description: 'The input field the error is about, when it is about one (a dotted path)', schema: { type: 'string' } },
};

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

function operation(route: RouteContract): JsonObject {
  const responses: JsonObject = {};
  const success = route.method === 'POST' ? '201' : route.method === 'DELETE' ? '204' : '200';
  if (route.response) {
    const item = jsonSchemaOf(route.response, 'output');
    const schema = route.paginated
      ? { type: 'object', properties: { items: { type: 'array', items: item }, nextCursor: { type: 'string' } }, required: ['items'] }
      : item;
    responses[success] = { description: 'Success', content: { 'application/json': { schema } } };
  } else {
    responses[success] = { description: 'Success' };
  }
  const errorResponse = (description: string) => ({ description, headers: errorHeaders, content: { 'application/json': { schema: errorSchema } } });
  if (route.body) responses['400'] = errorResponse('Invalid request');
  if (route.roles !== 'public') {
    responses['401'] = errorResponse('Missing, invalid or expired token');
    responses['403'] = errorResponse('Role or organisation not allowed');
  }
  if (route.path.includes('{')) responses['404'] = errorResponse('Not found');
  if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') responses['409'] = errorResponse('Conflict');
  responses['500'] = errorResponse('An error occurred');

  const parameters: JsonObject[] = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1], in: 'path', required: true, schema: { type: 'string' },
  }));
  if (route.paginated) {
    parameters.push(
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
    );
  }
  return {
    summary: route.summary,
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/\/(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    ...(route.roles === 'public' ? { security: [] } : { 'x-roles': route.roles }),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } } }
      : {}),
    responses,
  };
}

/**
 * Each report's parameters (issue 34 section 1: the catalogue drives OpenAPI): the body of
 * `POST /reports/runs` and `/reports/preview` names a report, whose `parameters` its entry's
 * schema checks; each is a component, `ReportParameters.<report id>`.
 */
export function reportParameterSchemas(): Record<string, JsonObject> {
  return Object.fromEntries(REPORT_IDS.map((id) => [`ReportParameters.${id}`, { ...jsonSchemaOf(REPORT_CATALOGUE[id].parameters, 'input'), description: `The parameters of the ${id} report (\`reportId\`: \`${id}\`)` }]));
}

/** The OpenAPI 3.1 document of the whole API, generated from the routes' contracts (the route table's rows, `domain/api/`) and the domain's schemas. */
export function buildOpenApiDocument(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of API_ROUTES) {
    const path = `${API_PREFIX}${route.path}`;
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Cold-chain portal API', version: APP_VERSION },
    components: {
      securitySchemes: { cognitoIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: reportParameterSchemas(),
    },
    security: [{ cognitoIdToken: [] }],
    paths,
  };
}
