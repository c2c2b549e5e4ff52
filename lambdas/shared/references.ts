/**
 * References are an entity of the data layer now (lambdas/data/entities/reference.ts); this
 * module keeps the old import path for the files not yet moved onto it (sensors, gateways,
 * the access layer, the demo seed, tests).
 */
export {
  attachReference,
  attachReferences,
  countReferences,
  detachReference,
  listReferences,
  referenceItem,
  renameReference,
  type Reference,
  type ReferenceCounts,
  type ReferenceTarget,
  type ReferenceTargetEntity,
} from '../data/entities/reference';
