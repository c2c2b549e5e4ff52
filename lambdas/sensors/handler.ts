import { createResourceHandler } from '../resource-handler';
import { sensorRoutes } from './routes';

export const handler = createResourceHandler(sensorRoutes);
