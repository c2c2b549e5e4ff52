import { createResourceHandler } from '../resource-handler';
import { informationItemRoutes } from './routes';

export const handler = createResourceHandler(informationItemRoutes);
