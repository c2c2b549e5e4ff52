import { createResourceHandler } from '../shared/http';
import { accountRoutes } from './routes';

export const handler = createResourceHandler(accountRoutes);
