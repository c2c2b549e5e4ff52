/** Case and surrounding spaces do not make two names different. */
export function normaliseUnique(value: string): string {
  return value.trim().toLocaleLowerCase('en');
}

/**
 * Parts of keys that are not plain attribute values. Names inside keys are compared trimmed
 * and case-insensitively, and URI-encoded so they can never contain the `#` delimiter
 * (docs/data-model.md). Templates with `casing: 'none'` then give today's keys byte for byte.
 */
export const nameKeyOf = (name: string): string => encodeURIComponent(normaliseUnique(name));

/** ElectroDB builds a request for a table; where only a key is wanted, any name does. */
export const ITEM_ONLY = 'item-only';

/** The item key of an entity's request (`{ pk, sk }`), for the batch reads and the item writers that want the key alone. */
export const itemKeyOf = ({ Key }: { Key: Record<string, unknown> }): { pk: string; sk: string } =>
  ({ pk: String(Key['pk']), sk: String(Key['sk']) });

/** The model every entity shares: ElectroDB writes `__edb_e__` (entity) and `__edb_v__` (version) on each item it writes. */
export const SERVICE = 'portal';
