import { createResourceHandler } from '../resource-handler';
import { divisionRoutes } from './routes';

export const handler = createResourceHandler(divisionRoutes);
