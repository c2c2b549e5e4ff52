import { namedCatalogRoutes } from '../named-catalog/actions';
import { defineRoutes } from '../shared/routing';
import { DIVISION_ROUTES } from '@domain/api/named-catalog';

export const divisionRoutes = defineRoutes('divisions', namedCatalogRoutes('division', DIVISION_ROUTES));
