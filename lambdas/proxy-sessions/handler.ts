import { createResourceHandler } from '../shared/http';
import { proxySessionRoutes } from './routes';

export const handler = createResourceHandler(proxySessionRoutes);
