import { createResourceHandler } from '../shared/http';
import { deviceCommandRoutes } from './routes';

export const handler = createResourceHandler(deviceCommandRoutes);
