import { createResourceHandler } from '../resource-handler';
import { accountRoutes } from './routes';

export const handler = createResourceHandler(accountRoutes);
