import { createResourceHandler } from '../shared/http';
import { shiftRoutes } from './routes';

export const handler = createResourceHandler(shiftRoutes);
