import { createResourceHandler } from '../resource-handler';
import { checklistInstanceRoutes } from './routes';

export const handler = createResourceHandler(checklistInstanceRoutes);
