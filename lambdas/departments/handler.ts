import { createResourceHandler } from '../resource-handler';
import { departmentRoutes } from './routes';

export const handler = createResourceHandler(departmentRoutes);
