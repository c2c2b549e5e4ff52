import { nameKeyOf } from './key-parts';

/** The organisation an item belongs to: the first part of every key. */
export const customerIdAttribute = { type: 'string', required: true } as const;

const stringList = { type: 'list', items: { type: 'string' }, required: true } as const;
/** A list of ids (sites, sensors, members, ...). */
export const idListAttribute = stringList;

/**
 * What every named, versioned, audited record of the organisation carries (departments,
 * security groups, user views, ...), and `nameKey`, the form of its name inside the by-name
 * index's sort key, derived from `name` on every put (hidden: never part of what is read).
 */
/** `nameKey`: the form of `name` inside a by-name index's sort key, set from `name` on every write, never read back. */
export const nameKeyAttribute = {
  type: 'string',
  hidden: true,
  watch: ['name'],
  set: (_value: unknown, item: { name?: unknown }) => nameKeyOf(String(item.name ?? '')),
} as const;

export const namedRecordAttributes = {
  id: { type: 'string', required: true },
  name: { type: 'string', required: true },
  nameKey: nameKeyAttribute,
  createdAt: { type: 'string', required: true },
  updatedAt: { type: 'string', required: true },
  createdBy: { type: 'string', required: true },
  updatedBy: { type: 'string', required: true },
  version: { type: 'number', required: true },
} as const;

/** Decoding helpers: decoders pick each field of the API shape, so nothing else of an item (keys, `__edb_e__`) leaks. */
export const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
export const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/**
 * The two indexes of every named record of an organisation (docs/data-model.md "Entities"): by
 * id in the organisation's partition of the entity (`byId`), and by name on gsi1 (`byName`),
 * with today's keys: `C#<cid>#<ENTITY>` / `<ENTITY>#<id>` and `NAME#<nameKey>#<id>`. The
 * composite lists stay literal tuples, so ElectroDB types each index's keys as before.
 */
export function namedRecordIndexes<const Prefix extends string>(prefix: Prefix) {
  const partition = `C#\${customerId}#${prefix}` as const;
  return {
    byId: {
      pk: { field: 'pk', composite: ['customerId'], template: partition, casing: 'none' },
      sk: { field: 'sk', composite: ['id'], template: `${prefix}#\${id}` as const, casing: 'none' },
    },
    byName: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId'], template: partition, casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['nameKey', 'id'], template: 'NAME#${nameKey}#${id}', casing: 'none' },
    },
  } as const;
}
