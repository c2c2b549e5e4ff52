import { createResourceHandler } from '../resource-handler';
import { helpdeskRoutes } from './routes';

export const handler = createResourceHandler(helpdeskRoutes);
