import { createResourceHandler } from '../resource-handler';
import { checklistGroupRoutes } from './routes';

export const handler = createResourceHandler(checklistGroupRoutes);
