import { createResourceHandler } from '../resource-handler';
import { notificationGroupRoutes } from './routes';

export const handler = createResourceHandler(notificationGroupRoutes);
