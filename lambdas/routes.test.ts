import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { HANDLERS, MAX_REQUEST_BODY_BYTES, maxBodyBytesOf, RESOURCE_ROUTES, ROUTES, routeKeyOf, type HandlerName } from './routes';

describe('the route table and the handlers', () => {
  it('every route is served by its handler, and every handler action has a route', async () => {
    const served = new Map<HandlerName, string[]>();
    for (const [name, entry] of Object.entries(HANDLERS) as [HandlerName, string][]) {
      const module = await import(`../${entry}`) as { handler: { routeKeys: string[] } };
      served.set(name, module.handler.routeKeys);
    }
    for (const route of ROUTES) expect(served.get(route.handler), routeKeyOf(route)).toContain(routeKeyOf(route));
    const routeKeys = ROUTES.map(routeKeyOf);
    for (const keys of served.values()) for (const key of keys) expect(routeKeys).toContain(key);
  });

  it('every route has exactly one action, and every action serves one route of its own handler', async () => {
    for (const route of ROUTES) expect(typeof route.action, routeKeyOf(route)).toBe('function');
    // One resource per handler, and a handler serves exactly its resource's routes: no route
    // key is written a second time anywhere, so none can be served twice or not at all.
    expect(RESOURCE_ROUTES.map((resource) => resource.handler).sort()).toEqual(Object.keys(HANDLERS).sort());
    for (const resource of RESOURCE_ROUTES) {
      const module = await import(`../${HANDLERS[resource.handler]}`) as { handler: { routeKeys: string[] } };
      expect(module.handler.routeKeys, resource.handler).toEqual(resource.routes.map(routeKeyOf));
      expect(new Set(module.handler.routeKeys).size, resource.handler).toBe(module.handler.routeKeys.length);
      for (const route of resource.routes) expect(route.handler).toBe(resource.handler);
    }
  });

  it('every HACCP route declares the HACCP module (the API refuses it to an organisation without it), and no other route declares one', () => {
    // By path: a HACCP route added under one of these paths without the module would be served to every organisation.
    const haccpPaths = /^\/(haccp|checklists|questions|shifts|correctiveactions|informationitems|checklistgroups)(\/|$)|^\/dashboard\/checklist-exceptions$/;
    const haccpRoutes = ROUTES.filter((route) => haccpPaths.test(route.path));
    expect(haccpRoutes.length).toBeGreaterThanOrEqual(40);
    for (const route of ROUTES) expect(route.module, routeKeyOf(route)).toBe(haccpPaths.test(route.path) ? 'haccp' : undefined);
  });

  it('no two routes share a method and path, and path parameters at one place share a name', () => {
    const keys = ROUTES.map(routeKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
    // API Gateway refuses `/users/{id}` beside `/users/{email}`: one name per position.
    const namesAt = new Map<string, string>();
    for (const route of ROUTES) {
      const segments = route.path.split('/');
      segments.forEach((segment, index) => {
        if (!segment.startsWith('{')) return;
        const prefix = `${segments.slice(0, index).join('/')}/*`;
        const existing = namesAt.get(prefix);
        if (existing !== undefined) expect(segment, `${routeKeyOf(route)} at ${prefix}`).toBe(existing);
        namesAt.set(prefix, segment);
      });
    }
  });
});

/** A zod 4 schema as its introspection shows it. */
interface SchemaNode {
  _zod: { def: { type: string; checks?: { _zod: { def: { check: string } } }[] } & Record<string, unknown> };
}

function isBoundedLength(node: SchemaNode): boolean {
  return (node._zod.def.checks ?? []).some(({ _zod }) => _zod.def.check === 'max_length' || _zod.def.check === 'length_equals');
}

/**
 * Where a request schema takes a text, a list or a map of any size: each string without a
 * maximum length, each array without a maximum number of items, each record without a
 * `maxProperties` (declared with `.meta()` beside the check that enforces it).
 */
export function unboundedParts(schema: unknown, path = '', seen = new Set<unknown>()): string[] {
  const node = schema as SchemaNode;
  const { def } = node._zod;
  const at = path === '' ? '(body)' : path;
  const walk = (child: unknown, childPath: string) => unboundedParts(child, childPath, seen);
  switch (def.type) {
    case 'string':
      return isBoundedLength(node) ? [] : [`${at}: a string without a maximum length`];
    case 'array':
      return [...(isBoundedLength(node) ? [] : [`${at}: an array without a maximum`]), ...walk(def['element'], `${path}[]`)];
    case 'set':
      return walk(def['valueType'], `${path}[]`);
    case 'object':
      return [
        ...Object.entries(def['shape'] as Record<string, unknown>).flatMap(([key, value]) => walk(value, path === '' ? key : `${path}.${key}`)),
        ...(def['catchall'] === undefined ? [] : walk(def['catchall'], `${path}.*`)),
      ];
    case 'record': {
      const declared = z.globalRegistry.get(schema as z.ZodType)?.maxProperties;
      return [
        ...(typeof declared === 'number' ? [] : [`${at}: a record without maxProperties`]),
        ...walk(def['keyType'], `${path}<key>`),
        ...walk(def['valueType'], `${path}<value>`),
      ];
    }
    case 'union':
      return (def['options'] as unknown[]).flatMap((option) => walk(option, path));
    case 'intersection':
      return [...walk(def['left'], path), ...walk(def['right'], path)];
    case 'tuple':
      return [
        ...(def['items'] as unknown[]).flatMap((item, index) => walk(item, `${path}[${index}]`)),
        ...(def['rest'] === undefined || def['rest'] === null ? [] : [`${at}: a tuple with a rest`]),
      ];
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional':
      return walk(def['innerType'], path);
    case 'pipe': {
      // A transform only reshapes what the other side of the pipe has checked.
      const input = def['in'] as SchemaNode;
      const output = def['out'] as SchemaNode;
      if (output._zod.def.type === 'transform') return walk(input, path);
      if (input._zod.def.type === 'transform') return walk(output, path);
      // Both sides check the value: a part is bounded when either side bounds it.
      const outputIssues = new Set(walk(output, path));
      return walk(input, path).filter((issue) => outputIssues.has(issue));
    }
    case 'lazy': {
      if (seen.has(schema)) return [];
      seen.add(schema);
      return walk((def['getter'] as () => unknown)(), path);
    }
    case 'any': case 'unknown': case 'custom':
      return [`${at}: a value of any shape`];
    default:
      // Numbers, booleans, enums, literals, null: bounded by what they are.
      return [];
  }
}

describe('request schemas (issue 11: no input of any size)', () => {
  it('find unbounded strings, arrays and records wherever they are', () => {
    expect(unboundedParts(z.object({
      name: z.string().max(10),
      free: z.string().trim().optional(),
      tags: z.array(z.string().max(5)),
      nested: z.object({ ids: z.array(z.string()).max(3) }).nullable(),
      either: z.union([z.literal('a'), z.object({ text: z.string() })]),
      map: z.record(z.string().max(5), z.boolean()),
      early: z.preprocess((value) => value, z.string()),
      late: z.string().transform((text) => text.length),
      checkedLater: z.string().trim().pipe(z.string().max(4)),
    }))).toEqual([
      'free: a string without a maximum length',
      'tags: an array without a maximum',
      'nested.ids[]: a string without a maximum length',
      'either.text: a string without a maximum length',
      'map: a record without maxProperties',
      'early: a string without a maximum length',
      'late: a string without a maximum length',
    ]);
  });

  it('every string of every route body has a maximum length, every list and map a maximum size', () => {
    const unbounded = ROUTES.flatMap((route) =>
      route.body === undefined ? [] : unboundedParts(route.body).map((part) => `${routeKeyOf(route)} ${part}`));
    expect(unbounded).toEqual([]);
  });

  it('every route takes at most 1 MB of body, the PDF uploads 3 MB (a 2 MB PDF in base64)', () => {
    expect(MAX_REQUEST_BODY_BYTES).toBe(1024 * 1024);
    const larger = ROUTES.filter((route) => maxBodyBytesOf(route) !== MAX_REQUEST_BODY_BYTES).map(routeKeyOf).sort();
    expect(larger).toEqual(['POST /api/sensors/{id}/calibrations', 'PUT /api/sites/{id}/document']);
    for (const route of ROUTES) expect(maxBodyBytesOf(route)).toBeLessThan(6 * 1024 * 1024);
  });
});
