import { createResourceHandler } from '../shared/http';
import { checklistGroupRoutes } from './routes';

export const handler = createResourceHandler(checklistGroupRoutes);
