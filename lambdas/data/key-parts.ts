import { normaliseUnique } from './keys';

/**
 * Parts of keys that are not plain attribute values. Names inside keys are compared trimmed
 * and case-insensitively, and URI-encoded so they can never contain the `#` delimiter
 * (docs/data-model.md). Templates with `casing: 'none'` then give today's keys byte for byte.
 */
export const nameKeyOf = (name: string): string => encodeURIComponent(normaliseUnique(name));

/** The model every entity shares: ElectroDB writes `__edb_e__` (entity) and `__edb_v__` (version) on each item it writes. */
export const SERVICE = 'portal';
