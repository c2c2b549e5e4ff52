import { namedCatalogRoutes } from '../named-catalog/actions';
import { defineRoutes } from '../shared/routing';
import { DEPARTMENT_ROUTES } from '@domain/api/named-catalog';

export const departmentRoutes = defineRoutes('departments', namedCatalogRoutes('department', DEPARTMENT_ROUTES));
