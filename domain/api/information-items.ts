import { informationFileLinkSchema, informationFileTicketSchema, informationFileUploadSchema, informationItemInputSchema, informationItemSchema } from '../haccp/information';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The contracts of lambdas/information-items/routes.ts (docs/adding-a-route.md). */
export const INFORMATION_ITEM_ROUTES = {
  list: contract({
    method: 'GET', path: '/informationitems', roles: ORGANISATION_READERS, summary: "The organisation's information items, by name", response: informationItemSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/informationitems', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add an information item (its picture or PDF through POST .../file)', body: informationItemInputSchema, response: informationItemSchema,
  }),
  get: contract({
    method: 'GET', path: '/informationitems/{id}', roles: ORGANISATION_READERS, summary: 'An information item', response: informationItemSchema,
  }),
  update: contract({
    method: 'PUT', path: '/informationitems/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update an information item (its name and text; the file is kept)', body: informationItemInputSchema, response: informationItemSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/informationitems/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete an information item and its file (409 naming the checklists whose questions show it)',
  }),
  postFile: contract({
    method: 'POST', path: '/informationitems/{id}/file', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Start the upload of an information item\'s picture or PDF (at most 2 MB): a signed upload form (POST, 5 minutes)', body: informationFileUploadSchema, response: informationFileTicketSchema,
  }),
  putFileComplete: contract({
    method: 'PUT', path: '/informationitems/{id}/file/complete', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Attach the uploaded picture or PDF (the stored object must have the announced size)', response: informationItemSchema,
  }),
  getFile: contract({
    method: 'GET', path: '/informationitems/{id}/file', roles: ORGANISATION_READERS, summary: "A presigned URL reading the information item's picture or PDF (15 minutes)", response: informationFileLinkSchema,
  }),
  deleteFile: contract({
    method: 'DELETE', path: '/informationitems/{id}/file', roles: ORGANISATION_WRITERS, organisationWide: true, summary: "Remove an information item's picture or PDF", response: informationItemSchema,
  }),
} as const;
