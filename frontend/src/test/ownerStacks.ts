import * as React from 'react';

/**
 * React 19's development build captures an owner stack (`Error('react-stack-top-frame')` and a
 * console task) for each of the first 10,000 elements created in every second of rendering: a
 * quarter of a page test's CPU time in jsdom (measured: AlarmsPage and GatewaysPage tests, 113 s
 * of CPU without this, 89 s with it). They only enrich the component stacks of React's own
 * warnings, which no test reads; the counter is held at its limit so React skips them. The
 * production build is no way out: it has no `act`, which Testing Library needs.
 */
type ReactInternals = { recentlyCreatedOwnerStacks?: number };
const internals = (React as unknown as Record<string, ReactInternals | undefined>)['__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'];
if (internals !== undefined && 'recentlyCreatedOwnerStacks' in internals) {
  const OWNER_STACK_LIMIT = 10_000;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => OWNER_STACK_LIMIT, set: () => undefined, configurable: true });
}
