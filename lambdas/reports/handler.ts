import { createResourceHandler } from '../shared/http';
import { reportRoutes } from './routes';

export const handler = createResourceHandler(reportRoutes);
