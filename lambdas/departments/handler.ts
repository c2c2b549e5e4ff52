import { createResourceHandler } from '../shared/http';
import { departmentRoutes } from './routes';

export const handler = createResourceHandler(departmentRoutes);
