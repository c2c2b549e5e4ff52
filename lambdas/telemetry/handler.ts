import { createResourceHandler } from '../resource-handler';
import { telemetryRoutes } from './routes';

export const handler = createResourceHandler(telemetryRoutes);
