import { createResourceHandler } from '../resource-handler';
import { deviceCommandRoutes } from './routes';

export const handler = createResourceHandler(deviceCommandRoutes);
