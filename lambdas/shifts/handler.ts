import { createResourceHandler } from '../resource-handler';
import { shiftRoutes } from './routes';

export const handler = createResourceHandler(shiftRoutes);
