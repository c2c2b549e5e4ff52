import { createResourceHandler } from '../resource-handler';
import { userViewRoutes } from './routes';

export const handler = createResourceHandler(userViewRoutes);
