import { createResourceHandler } from '../resource-handler';
import { alarmProfileRoutes } from './routes';

export const handler = createResourceHandler(alarmProfileRoutes);
