import { createResourceHandler } from '../resource-handler';
import { gatewayRoutes } from './routes';

export const handler = createResourceHandler(gatewayRoutes);
