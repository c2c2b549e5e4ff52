import { createResourceHandler } from '../shared/http';
import { superadminRoutes } from './routes';

export const handler = createResourceHandler(superadminRoutes);
