import { createResourceHandler } from '../resource-handler';
import { deviceRecordRoutes } from './routes';

export const handler = createResourceHandler(deviceRecordRoutes);
