import type { RouteContract } from '@domain/api/contract';

/**
 * The path of a call: the contract's with each `{parameter}` encoded, then the query. A module of
 * its own, without zod (client.ts re-exports it): the session's code in the first load names its
 * routes by their contracts' method and path alone (session/proxySession.ts).
 */
export function pathOf(contract: Pick<RouteContract, 'method' | 'path'>, params: Readonly<Record<string, string>> = {}, query: Readonly<Record<string, string | undefined>> = {}): string {
  const path = contract.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${contract.method} ${contract.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  const queryString = search.toString();
  return queryString === '' ? path : `${path}?${queryString}`;
}
