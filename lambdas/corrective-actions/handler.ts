import { createResourceHandler } from '../resource-handler';
import { correctiveActionRoutes } from './routes';

export const handler = createResourceHandler(correctiveActionRoutes);
