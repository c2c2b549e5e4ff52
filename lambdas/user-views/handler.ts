import { createResourceHandler } from '../shared/http';
import { userViewRoutes } from './routes';

export const handler = createResourceHandler(userViewRoutes);
