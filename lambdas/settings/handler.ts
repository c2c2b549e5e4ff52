import { createResourceHandler } from '../shared/http';
import { settingsRoutes } from './routes';

export const handler = createResourceHandler(settingsRoutes);
