import { createResourceHandler } from '../resource-handler';
import { dashboardRoutes } from './routes';

export const handler = createResourceHandler(dashboardRoutes);
