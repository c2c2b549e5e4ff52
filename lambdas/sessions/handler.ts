import { createResourceHandler } from '../shared/http';
import { sessionRoutes } from './routes';

export const handler = createResourceHandler(sessionRoutes);
