import { ROUTES, routeKeyOf } from '../routes';
import { createResourceHandler, type ResourceActions } from '../shared/http';

// Being built (issue 5): the routes are declared so the route table and the handlers stay in step.
const actions: ResourceActions = Object.fromEntries(
  ROUTES.filter((route) => route.handler === 'sensors').map((route) => [routeKeyOf(route), () => Promise.resolve({ statusCode: 501, body: { message: 'Not implemented yet.' } })]),
);

export const handler = createResourceHandler('sensors', actions);
