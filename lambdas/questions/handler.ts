import { createResourceHandler } from '../resource-handler';
import { questionTemplateRoutes } from './routes';

export const handler = createResourceHandler(questionTemplateRoutes);
