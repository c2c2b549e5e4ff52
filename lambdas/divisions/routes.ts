import { namedCatalogRoutes } from '../named-catalog/actions';
import { defineRoutes } from '../shared/routing';

export const divisionRoutes = defineRoutes('divisions', namedCatalogRoutes('division', '/divisions'));
