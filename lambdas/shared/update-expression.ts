import type { TransactItem } from './transactions';

/**
 * An UpdateExpression that sets the given fields and removes those given as `undefined`, so
 * an update touches only what it changes (counters kept on the same item, such as
 * `refCount`, are never overwritten by a stale copy).
 */
export function setAndRemove(changes: Record<string, unknown>, prefix = 'f'): {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
} {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  Object.entries(changes).forEach(([field, value], index) => {
    const name = `#${prefix}${index}`;
    names[name] = field;
    if (value === undefined) {
      removes.push(name);
    } else {
      values[`:${prefix}${index}`] = value;
      sets.push(`${name} = :${prefix}${index}`);
    }
  });
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  return { expression, names, values };
}

/**
 * The transaction item that applies `changes` (setAndRemove) to a versioned item, only while
 * it still has the version read (the optimistic lock: a concurrent change makes it fail).
 */
export function versionedUpdate(tableName: string, key: Record<string, unknown>, changes: Record<string, unknown>, expectedVersion: number): TransactItem {
  const update = setAndRemove(changes);
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: update.expression,
      ConditionExpression: '#version = :expected',
      ExpressionAttributeNames: { ...update.names, '#version': 'version' },
      ExpressionAttributeValues: { ...update.values, ':expected': expectedVersion },
    },
  };
}
