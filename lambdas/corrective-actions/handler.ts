import { createResourceHandler } from '../shared/http';
import { correctiveActionRoutes } from './routes';

export const handler = createResourceHandler(correctiveActionRoutes);
