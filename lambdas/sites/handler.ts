import { createResourceHandler } from '../shared/http';
import { siteRoutes } from './routes';

export const handler = createResourceHandler(siteRoutes);
