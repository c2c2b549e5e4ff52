import { createResourceHandler } from '../resource-handler';
import { securityGroupRoutes } from './routes';

export const handler = createResourceHandler(securityGroupRoutes);
