import { createResourceHandler } from '../resource-handler';
import { sessionRoutes } from './routes';

export const handler = createResourceHandler(sessionRoutes);
