/**
 * Resolves in a later task, once the current one (and its microtasks) has ended: work after it is
 * not counted in the current task's length (a phone's blocking time; docs/performance.md).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
