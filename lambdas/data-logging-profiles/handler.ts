import { createResourceHandler } from '../resource-handler';
import { dataLoggingProfileRoutes } from './routes';

export const handler = createResourceHandler(dataLoggingProfileRoutes);
