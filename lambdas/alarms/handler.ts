import { createResourceHandler } from '../shared/http';
import { alarmRoutes } from './routes';

export const handler = createResourceHandler(alarmRoutes);
