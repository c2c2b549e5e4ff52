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
