import { createResourceHandler } from '../resource-handler';
import { proxySessionRoutes } from './routes';

export const handler = createResourceHandler(proxySessionRoutes);
