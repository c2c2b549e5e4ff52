import { createResourceHandler } from '../shared/http';
import { deviceRecordRoutes } from './routes';

export const handler = createResourceHandler(deviceRecordRoutes);
