import { createResourceHandler } from '../shared/http';
import { checklistRoutes } from './routes';

export const handler = createResourceHandler(checklistRoutes);
