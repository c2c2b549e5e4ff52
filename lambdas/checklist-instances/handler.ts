import { createResourceHandler } from '../shared/http';
import { checklistInstanceRoutes } from './routes';

export const handler = createResourceHandler(checklistInstanceRoutes);
