import { createResourceHandler } from '../shared/http';
import { dashboardRoutes } from './routes';

export const handler = createResourceHandler(dashboardRoutes);
