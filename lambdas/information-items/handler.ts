import { createResourceHandler } from '../shared/http';
import { informationItemRoutes } from './routes';

export const handler = createResourceHandler(informationItemRoutes);
