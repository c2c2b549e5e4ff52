import { createResourceHandler } from '../resource-handler';
import { reportRoutes } from './routes';

export const handler = createResourceHandler(reportRoutes);
