import { createResourceHandler } from '../shared/http';
import { alarmProfileRoutes } from './routes';

export const handler = createResourceHandler(alarmProfileRoutes);
