import { createResourceHandler } from '../resource-handler';
import { checklistRoutes } from './routes';

export const handler = createResourceHandler(checklistRoutes);
