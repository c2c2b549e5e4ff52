import { createResourceHandler } from '../shared/http';
import { notificationTemplateRoutes } from './routes';

export const handler = createResourceHandler(notificationTemplateRoutes);
