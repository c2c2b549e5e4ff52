import { createResourceHandler } from '../resource-handler';
import { siteRoutes } from './routes';

export const handler = createResourceHandler(siteRoutes);
