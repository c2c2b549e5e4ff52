import { useMemo } from 'react';
import { readableChanges, type HistoryEntry } from '@domain/core/readable-changes';
import { useDescribeChange } from './useDescribeChange';

/** An audit entry's changes, one line each as a person would write it (the history tabs; the Portal Audit later). */
export function ChangeList({ entityType, entry }: { entityType: string; entry: Pick<HistoryEntry, 'changes' | 'names'> }) {
  const describe = useDescribeChange();
  const changes = useMemo(() => readableChanges(entityType, entry.changes, entry.names), [entityType, entry.changes, entry.names]);
  return changes.map((change) => <div key={change.field}>{describe(change)}</div>);
}
