import { createResourceHandler } from '../shared/http';
import { userRoutes } from './routes';

export const handler = createResourceHandler(userRoutes);
