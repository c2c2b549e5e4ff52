import { createResourceHandler } from '../shared/http';
import { sensorRoutes } from './routes';

export const handler = createResourceHandler(sensorRoutes);
