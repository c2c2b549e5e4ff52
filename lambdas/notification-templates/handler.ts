import { createResourceHandler } from '../resource-handler';
import { notificationTemplateRoutes } from './routes';

export const handler = createResourceHandler(notificationTemplateRoutes);
