import { createResourceHandler } from '../resource-handler';
import { locationRoutes } from './routes';

export const handler = createResourceHandler(locationRoutes);
