import { namedCatalogRoutes } from '../named-catalog/actions';
import { defineRoutes } from '../shared/routing';

export const departmentRoutes = defineRoutes('departments', namedCatalogRoutes('department', '/departments'));
