import { createResourceHandler } from '../resource-handler';
import { superadminRoutes } from './routes';

export const handler = createResourceHandler(superadminRoutes);
