import { namedCatalogActions } from '../named-catalog/actions';
import { createResourceHandler } from '../shared/http';

export const handler = createResourceHandler('divisions', namedCatalogActions('division', '/divisions'));
