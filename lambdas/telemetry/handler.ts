import { createResourceHandler } from '../shared/http';
import { telemetryRoutes } from './routes';

export const handler = createResourceHandler(telemetryRoutes);
