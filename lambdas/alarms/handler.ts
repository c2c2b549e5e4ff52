import { createResourceHandler } from '../resource-handler';
import { alarmRoutes } from './routes';

export const handler = createResourceHandler(alarmRoutes);
