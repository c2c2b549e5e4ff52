import { createResourceHandler } from '../resource-handler';
import { openApiRoutes } from './routes';

export const handler = createResourceHandler(openApiRoutes);
