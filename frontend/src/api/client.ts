import { z, type ZodType } from 'zod';
import type { PathParameterNames, RouteContract } from '@domain/api/contract';
import { apiFetch, apiFetchAs, publicFetchAs, type ApiRequest } from './apiFetch';
import type { Page, PagedSource } from './pagedList';
import { pathOf } from './routePath';

export { pathOf };

/**
 * The web app's typed client of the API: every call names a route's contract (`domain/api/`),
 * the very object the Lambdas serve, so a renamed path or parameter or a changed body fails the
 * web app's type check. Requests go through `apiFetch` (headers, errors, retries, proxy).
 */

/** The path's `{parameters}`, each by name; nothing when the path has none. */
type ParamsOption<Contract extends RouteContract> = [PathParameterNames<Contract['path']>] extends [never]
  ? { params?: never }
  : { params: Readonly<Record<PathParameterNames<Contract['path']>, string>> };

/** The body, as the contract's body schema takes it (its input); nothing on a route without one. */
type BodyOption<Contract extends RouteContract> = Contract extends { body: infer Body extends ZodType }
  ? { body: z.input<Body> }
  : { body?: never };

export type CallOptions<Contract extends RouteContract> = ParamsOption<Contract> & BodyOption<Contract> & {
  /** Query parameters; undefined ones are left out. */
  query?: Readonly<Record<string, string | undefined>>;
} & Pick<ApiRequest, 'signal' | 'outlivesSession'>;

/** What a call resolves to: the response schema's output (a page of them when paginated), nothing on a route without one. */
export type CallResult<Contract extends RouteContract> = Contract extends { response: infer Response extends ZodType }
  ? Contract extends { paginated: true } ? Page<z.output<Response>> : z.output<Response>
  : undefined;

/** The options are optional only when nothing in them is required. */
type OptionsArgument<Contract extends RouteContract> = object extends CallOptions<Contract>
  ? [options?: CallOptions<Contract>]
  : [options: CallOptions<Contract>];

const pageSchemas = new WeakMap<ZodType, ZodType<Page<unknown>>>();

/** The schema of what the route answers: its response schema, or a page of them when paginated. */
function responseSchemaOf(contract: RouteContract & { response: ZodType }): ZodType {
  if (!contract.paginated) return contract.response;
  let schema = pageSchemas.get(contract.response);
  if (schema === undefined) {
    schema = z.object({ items: z.array(contract.response), nextCursor: z.string().optional() });
    pageSchemas.set(contract.response, schema);
  }
  return schema;
}

/**
 * Calls a route: `call(SITE_ROUTES.update, { params: { id }, body: input })`. Resolves to the
 * answer parsed by the contract's response schema (undefined on a route without one).
 */
export async function call<const Contract extends RouteContract>(contract: Contract, ...[options]: OptionsArgument<Contract>): Promise<CallResult<Contract>> {
  const { params, query, body, signal, outlivesSession } = (options ?? {}) as { params?: Record<string, string>; query?: Record<string, string | undefined>; body?: unknown } & Pick<ApiRequest, 'signal' | 'outlivesSession'>;
  const path = pathOf(contract, params, query);
  const request: ApiRequest = {
    ...(contract.method === 'GET' ? {} : { method: contract.method }),
    ...(body === undefined ? {} : { body }),
    ...(signal === undefined ? {} : { signal }),
    ...(outlivesSession === undefined ? {} : { outlivesSession }),
  };
  // A plain read is sent as the web app always sent it: the path alone.
  const plain = Object.keys(request).length === 0;
  const { response } = contract;
  if (response === undefined) {
    await (plain ? apiFetch(path) : apiFetch(path, request));
    return undefined as CallResult<Contract>;
  }
  const schema = responseSchemaOf({ ...contract, response });
  // A public route is called as a signed-out visitor calls it: without the session's token.
  if (contract.roles === 'public') return await publicFetchAs(schema, path, request) as CallResult<Contract>;
  return await (plain ? apiFetchAs(schema, path) : apiFetchAs(schema, path, request)) as CallResult<Contract>;
}

/** A paginated route as a list to page through (`fetchAllPages`, `fetchPage`): `pages(SITE_ROUTES.list)`. */
export function pages<const Contract extends RouteContract & { paginated: true; response: ZodType }>(
  contract: Contract,
  ...[options]: [PathParameterNames<Contract['path']>] extends [never]
    ? [options?: Omit<PagedSource<unknown>, 'schema' | 'path'> & { params?: never }]
    : [options: Omit<PagedSource<unknown>, 'schema' | 'path'> & { params: Readonly<Record<PathParameterNames<Contract['path']>, string>> }]
): PagedSource<z.output<Contract['response']>> {
  const { params, ...source } = options ?? {};
  return { ...source, schema: responseSchemaOf(contract) as ZodType<Page<z.output<Contract['response']>>>, path: pathOf(contract, params) };
}
