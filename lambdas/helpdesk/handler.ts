import { createResourceHandler } from '../shared/http';
import { helpdeskRoutes } from './routes';

export const handler = createResourceHandler(helpdeskRoutes);
