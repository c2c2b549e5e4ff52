import { createResourceHandler } from '../shared/http';
import { gatewayRoutes } from './routes';

export const handler = createResourceHandler(gatewayRoutes);
