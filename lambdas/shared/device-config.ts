import { deviceConfigVersionKey } from './keys';
import type { GuardedItem } from './transactions';

/**
 * The write every transaction that changes a sensor, a gateway or a data logging profile
 * carries: the organisation's device configuration version, plus one (created at 1). The
 * ingest's cache (lambdas/ingest/directory.ts) reads this one item each minute and reloads
 * the device partitions only when it moved; being in the same transaction, a version seen
 * means the change is there to read.
 */
export function deviceConfigChanged(tableName: string, customerId: string): GuardedItem {
  return {
    item: {
      Update: {
        TableName: tableName,
        Key: deviceConfigVersionKey(customerId),
        UpdateExpression: 'ADD #version :one',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  };
}
