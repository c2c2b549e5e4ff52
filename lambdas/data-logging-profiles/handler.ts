import { createResourceHandler } from '../shared/http';
import { dataLoggingProfileRoutes } from './routes';

export const handler = createResourceHandler(dataLoggingProfileRoutes);
