import { createResourceHandler } from '../shared/http';
import { divisionRoutes } from './routes';

export const handler = createResourceHandler(divisionRoutes);
