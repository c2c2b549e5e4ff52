import { createResourceHandler } from '../resource-handler';
import { identityAdminRoutes } from './routes';

export const handler = createResourceHandler(identityAdminRoutes);
