import { createResourceHandler } from '../shared/http';
import { identityAdminRoutes } from './routes';

export const handler = createResourceHandler(identityAdminRoutes);
