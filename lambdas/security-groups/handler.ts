import { createResourceHandler } from '../shared/http';
import { securityGroupRoutes } from './routes';

export const handler = createResourceHandler(securityGroupRoutes);
