import { createResourceHandler } from '../shared/http';
import { questionTemplateRoutes } from './routes';

export const handler = createResourceHandler(questionTemplateRoutes);
