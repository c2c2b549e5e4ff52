import { createResourceHandler } from '../shared/http';
import { notificationGroupRoutes } from './routes';

export const handler = createResourceHandler(notificationGroupRoutes);
