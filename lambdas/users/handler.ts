import { createResourceHandler } from '../resource-handler';
import { userRoutes } from './routes';

export const handler = createResourceHandler(userRoutes);
