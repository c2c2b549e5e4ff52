import { tableRequestReads } from './data/request-reads';
import { resourceHandler } from './shared/http';
import type { ResourceRoutes } from './shared/routing';

/**
 * A resource's Lambda handler (`<resource>/handler.ts`): the one middleware chain of
 * lambdas/shared/http.ts, reading sessions and proxy sessions through the data layer.
 */
export function createResourceHandler(resource: ResourceRoutes) {
  return resourceHandler(resource, tableRequestReads);
}
