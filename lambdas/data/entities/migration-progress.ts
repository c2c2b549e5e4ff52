import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/** Where one part of a data migration stands: the run as a whole (`run`), or one scan segment (`segment-<n>`). */
export interface MigrationProgressRecord {
  migration: string;
  part: string;
  /** The run: how many segments it scans (fixed at its first start, so a resumed run splits the table the same way). */
  segments?: number;
  /** A segment: where its scan goes on (the last evaluated key of its last finished page); absent before its first page. */
  lastKey?: Record<string, unknown>;
  done: boolean;
  /** What the part has counted so far (items scanned, changed, left alone, ...). */
  counts: Record<string, number>;
  startedAt: string;
  updatedAt: string;
}

/**
 * A data migration's progress (lambdas/data/migrations/): system items outside every
 * organisation, one for the run and one per scan segment, so a run stopped half-way resumes
 * where each segment was, and a finished one is known from one GetItem.
 */
export const migrationProgress = new Entity({
  model: { entity: 'migrationProgress', version: '1', service: SERVICE },
  attributes: {
    migration: { type: 'string', required: true },
    part: { type: 'string', required: true },
    segments: { type: 'number' },
    // A DynamoDB key as the Scan answered it (its attribute values kept as they are).
    lastKey: { type: 'any' },
    done: { type: 'boolean', required: true },
    counts: { type: 'any' },
    startedAt: { type: 'string' },
    updatedAt: { type: 'string' },
    type: { type: 'string', default: 'MigrationProgress' },
  },
  indexes: {
    byMigration: {
      pk: { field: 'pk', composite: ['migration'], template: 'SYSTEM#MIGRATION#${migration}', casing: 'none' },
      sk: { field: 'sk', composite: ['part'], template: '${part}', casing: 'none' },
    },
  },
});
export type MigrationProgressItem = EntityItem<typeof migrationProgress>;

export const migrationProgressKey = (tableName: string, migration: string, part: string): KeyParams =>
  migrationProgress.get({ migration, part }).params<KeyParams>({ table: tableName });

export const migrationProgressPut = (tableName: string, progress: MigrationProgressRecord): PutParams =>
  migrationProgress.put(progress).params<PutParams>({ table: tableName });

/** One migration's progress items (the run and its segments), for starting it over. */
export const migrationProgressQuery = (tableName: string, migration: string): QueryParams =>
  migrationProgress.query.byMigration({ migration }).params<QueryParams>({ table: tableName });

/** The record as stored, picked field by field. */
export function toMigrationProgress(item: Record<string, unknown>): MigrationProgressRecord {
  const counts = typeof item['counts'] === 'object' && item['counts'] !== null ? item['counts'] as Record<string, number> : {};
  const lastKey = typeof item['lastKey'] === 'object' && item['lastKey'] !== null ? item['lastKey'] as Record<string, unknown> : undefined;
  return {
    migration: String(item['migration']),
    part: String(item['part']),
    ...(typeof item['segments'] === 'number' ? { segments: item['segments'] } : {}),
    ...(lastKey !== undefined ? { lastKey } : {}),
    done: item['done'] === true,
    counts,
    startedAt: String(item['startedAt'] ?? ''),
    updatedAt: String(item['updatedAt'] ?? ''),
  };
}
