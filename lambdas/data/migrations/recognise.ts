import * as electrodb from 'electrodb';
import { ENTITIES } from '../service';

/** ElectroDB's identity attributes (docs/decisions/0048-electrodb-for-the-data-layer.md). */
export const IDENTITY_ATTRIBUTES = { entity: '__edb_e__', version: '__edb_v__' } as const;

/** Which entity (ElectroDB's model name and version) an item is. */
export interface EntityIdentity {
  entity: string;
  version: string;
}

/** Why an item is not given an identity: no entity's keys fit it, or several do. */
export type Recognition = { found: EntityIdentity } | { unrecognised: 'no-entity' | 'ambiguous'; candidates: string[] };

type Keys = Record<string, unknown>;
interface KeyConversions {
  fromKeys: { toComposite(keys: Keys): Keys };
  fromComposite: { toKeys(composite: Keys): Keys };
}
interface KeyDefinition { field: string; composite: readonly string[] }
interface IndexDefinition { index?: string; pk: KeyDefinition; sk?: KeyDefinition }
interface EntitySchema {
  model: { entity: string; version: string };
  attributes: Record<string, { default?: unknown }>;
  indexes: Record<string, IndexDefinition>;
}
/** What the recogniser reads of an ElectroDB entity: its schema as declared, its key conversions (ElectroDB's `createConversions`). */
interface RecognisableEntity {
  schema: EntitySchema;
  conversions: { byAccessPattern: Record<string, KeyConversions> };
}
// Exported by ElectroDB's module, though its type declarations leave it out of their exports.
const { createConversions } = electrodb as unknown as { createConversions: (entity: unknown) => RecognisableEntity['conversions'] };

interface Candidate {
  identity: EntityIdentity;
  /**
   * How well the item fits beyond its table keys (lower is better), to settle between entities
   * whose templates are as general as each other (`namedItem`'s `C#${customerId}#${kind}` fits
   * every named record): secondary index keys this entity does not write (or writes in another
   * form) weigh most, then each key attribute the item does not carry itself; the entity's
   * default `type` on the item counts for it.
   */
  misfit: number;
}

const keyValue = (value: unknown): string | undefined =>
  (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);

function keysOf(item: Keys, index: IndexDefinition): Keys | undefined {
  const pk = item[index.pk.field];
  const sk = index.sk === undefined ? undefined : item[index.sk.field];
  if (keyValue(pk) === undefined || (index.sk !== undefined && keyValue(sk) === undefined)) return undefined;
  return index.sk === undefined ? { [index.pk.field]: pk } : { [index.pk.field]: pk, [index.sk.field]: sk };
}

/** The composite attributes an index's keys hold, when they are this index's keys (`undefined` when they are not). */
function compositeOf(conversions: KeyConversions, keys: Keys): Keys | undefined {
  try {
    return conversions.fromKeys.toComposite(keys);
  } catch {
    return undefined;
  }
}

/**
 * Whether the item's table keys are this entity's, and the item agrees with them. ElectroDB
 * itself matches an item without identity attributes to an entity by its keys alone
 * (`Entity.ownsKeys`, used by `.go({ ignoreOwnership: true })`: the templates as
 * case-insensitive patterns, the first entity that fits wins), which several of our templates
 * share (`SENSOR#${id}` also fits a state item's `SENSOR#<id>#STATE`). So here the keys must
 * also come back byte for byte from the composite attributes read out of them, no composite
 * attribute may hold the `#` delimiter (ids are UUIDs or device ids, names URI-encoded:
 * docs/data-model.md), the item's own copies of those attributes must agree, and a `type` the
 * entity sets by default must be the item's.
 */
function candidateOf(entity: RecognisableEntity, item: Keys): Candidate | undefined {
  const { indexes, attributes, model } = entity.schema;
  const patterns = Object.entries(indexes);
  const primary = patterns.find(([, index]) => index.index === undefined || index.index === '');
  if (primary === undefined) return undefined;
  const [primaryName, primaryIndex] = primary;
  const conversions = entity.conversions.byAccessPattern[primaryName];
  const keys = keysOf(item, primaryIndex);
  if (conversions === undefined || keys === undefined) return undefined;
  const composite = compositeOf(conversions, keys);
  if (composite === undefined) return undefined;
  const names = [...primaryIndex.pk.composite, ...(primaryIndex.sk?.composite ?? [])];
  let notCarried = 0;
  for (const name of names) {
    const value = keyValue(composite[name]);
    if (value === undefined || value.includes('#')) return undefined;
    const stored = keyValue(item[name]);
    if (stored !== undefined && stored !== value) return undefined;
    if (stored === undefined) notCarried += 1;
  }
  let rebuilt: Keys;
  try {
    rebuilt = conversions.fromComposite.toKeys(composite);
  } catch {
    return undefined;
  }
  if (Object.entries(keys).some(([field, value]) => keyValue(rebuilt[field]) !== keyValue(value))) return undefined;
  const typeDefault = attributes['type']?.default;
  if (typeof typeDefault === 'string' && typeof item['type'] === 'string' && item['type'] !== typeDefault) return undefined;
  const typeFits = typeof typeDefault === 'string' && item['type'] === typeDefault;
  // The item's secondary index keys: each must be one this entity writes (a tie-break between entities whose table keys agree).
  const secondary = patterns.filter(([, index]) => index !== primaryIndex);
  const foreignIndexKeys = ['gsi1', 'gsi2'].some((gsi) => {
    if (keyValue(item[`${gsi}pk`]) === undefined) return false;
    const own = secondary.find(([, index]) => index.pk.field === `${gsi}pk`);
    const ownConversions = own === undefined ? undefined : entity.conversions.byAccessPattern[own[0]];
    const ownKeys = own === undefined ? undefined : keysOf(item, own[1]);
    return ownConversions === undefined || ownKeys === undefined || compositeOf(ownConversions, ownKeys) === undefined;
  });
  return { identity: { entity: model.entity, version: model.version }, misfit: (foreignIndexKeys ? 100 : 0) + notCarried - (typeFits ? 0.5 : 0) };
}

const RECOGNISABLE: RecognisableEntity[] = Object.values(ENTITIES)
  .map((entity) => ({ schema: entity.schema as unknown as EntitySchema, conversions: createConversions(entity) }));

/**
 * The entity an item written without ElectroDB's identity attributes belongs to, from its keys
 * (`candidateOf`): the one that fits best; none when no entity's keys fit, or when several fit
 * equally well. An item that is not recognised is never given an identity.
 */
export function recogniseEntity(item: Keys, entities: readonly RecognisableEntity[] = RECOGNISABLE): Recognition {
  const candidates = entities.map((entity) => candidateOf(entity, item)).filter((candidate) => candidate !== undefined);
  const best = Math.min(...candidates.map((candidate) => candidate.misfit));
  const settled = candidates.filter((candidate) => candidate.misfit === best);
  const [only] = settled;
  if (settled.length === 1 && only !== undefined) return { found: only.identity };
  return { unrecognised: candidates.length === 0 ? 'no-entity' : 'ambiguous', candidates: candidates.map((candidate) => candidate.identity.entity) };
}

/** What kind of item an unrecognised one looks like, for the migration's report: the entity part of its partition key (`READING`, `ROLLUP`, ...). */
export function itemKind(item: Keys): string {
  const parts = String(item['pk'] ?? '').split('#');
  return (parts[0] === 'C' ? parts[2] : parts[0]) || '(no key)';
}
