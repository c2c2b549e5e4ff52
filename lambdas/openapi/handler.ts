import { createResourceHandler } from '../shared/http';
import { openApiRoutes } from './routes';

export const handler = createResourceHandler(openApiRoutes);
