import { createResourceHandler } from '../resource-handler';
import { settingsRoutes } from './routes';

export const handler = createResourceHandler(settingsRoutes);
