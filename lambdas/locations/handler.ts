import { createResourceHandler } from '../shared/http';
import { locationRoutes } from './routes';

export const handler = createResourceHandler(locationRoutes);
