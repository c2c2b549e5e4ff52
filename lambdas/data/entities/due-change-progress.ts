import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/** What the schedule job of devices leaves after a run (lambdas/sensors/due-changes.ts). */
export interface DueChangeProgressRecord {
  /** The first hour the next run reads (the first with a failure, or the last read). */
  resumeFrom: string;
  lastRunAt: string;
  applied: number;
  stale: number;
  failed: number;
  hours: number;
}

/**
 * The schedule job's progress (docs/decisions/0038-scheduled-disable-and-enable.md): one system
 * item, deliberately outside every organisation (the job reads every organisation's due changes).
 */
export const dueChangeProgress = new Entity({
  model: { entity: 'dueChangeProgress', version: '1', service: SERVICE },
  attributes: {
    resumeFrom: { type: 'string' },
    lastRunAt: { type: 'string' },
    applied: { type: 'number' },
    stale: { type: 'number' },
    failed: { type: 'number' },
    hours: { type: 'number' },
    type: { type: 'string', default: 'DueChangeProgress' },
  },
  indexes: {
    byJob: {
      pk: { field: 'pk', composite: [], template: 'SYSTEM#DEVICECHANGES', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'PROGRESS', casing: 'none' },
    },
  },
});
export type DueChangeProgressItem = EntityItem<typeof dueChangeProgress>;

export const dueChangeProgressKey = (tableName: string): KeyParams =>
  dueChangeProgress.get({}).params<KeyParams>({ table: tableName });

export const dueChangeProgressPut = (tableName: string, progress: DueChangeProgressRecord): PutParams =>
  dueChangeProgress.put(progress).params<PutParams>({ table: tableName });

/** Where the next run starts (the progress's `resumeFrom`; none recorded yet: undefined), read consistently. */
export async function readDueChangesResumeFrom(client: DynamoDBDocumentClient, tableName: string): Promise<string | undefined> {
  const result = await client.send(new GetCommand({ ...dueChangeProgressKey(tableName), ConsistentRead: true }));
  const resumeFrom = result.Item?.['resumeFrom'];
  return typeof resumeFrom === 'string' ? resumeFrom : undefined;
}

/** The run's progress, for the next run (the one item replaced). */
export async function writeDueChangeProgress(client: DynamoDBDocumentClient, tableName: string, progress: DueChangeProgressRecord): Promise<void> {
  await client.send(new PutCommand(dueChangeProgressPut(tableName, progress)));
}
