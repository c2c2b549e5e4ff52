import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { siteDevicesSchema, siteDocumentSchema, siteDocumentUploadSchema, siteInputSchema, siteSchema, siteUsersSchema } from '../organisation/site';
import { contract, PDF_UPLOAD_BODY_BYTES } from './contract';

/** The contracts of lambdas/sites/routes.ts (docs/adding-a-route.md). */
export const SITE_ROUTES = {
  list: contract({
    method: 'GET', path: '/sites', roles: ORGANISATION_READERS, summary: 'The sites I see (of my locations, through the access layer)', response: siteSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/sites', roles: ORGANISATION_WRITERS, summary: 'Add a site', body: siteInputSchema, response: siteSchema,
  }),
  get: contract({
    method: 'GET', path: '/sites/{id}', roles: ORGANISATION_READERS, summary: 'A site, with its active device and user counts', response: siteSchema,
  }),
  update: contract({
    method: 'PUT', path: '/sites/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a site', body: siteInputSchema, response: siteSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/sites/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a site (corporate access; refused with the reason of SPEC section 8)',
  }),
  getUsers: contract({
    method: 'GET', path: '/sites/{id}/users', roles: ORGANISATION_READERS, summary: "A site's users", response: siteUsersSchema,
  }),
  getDevices: contract({
    method: 'GET', path: '/sites/{id}/devices', roles: ORGANISATION_READERS, summary: "A site's sensors and gateways", response: siteDevicesSchema,
  }),
  putDocument: contract({
    method: 'PUT', path: '/sites/{id}/document', roles: ORGANISATION_WRITERS, summary: "Upload the site's PDF (base64, at most 2 MB)", body: siteDocumentUploadSchema, maxBodyBytes: PDF_UPLOAD_BODY_BYTES, response: siteSchema,
  }),
  getDocument: contract({
    method: 'GET', path: '/sites/{id}/document', roles: ORGANISATION_READERS, summary: "The site's uploaded PDF (base64)", response: siteDocumentSchema,
  }),
  deleteDocument: contract({
    method: 'DELETE', path: '/sites/{id}/document', roles: ORGANISATION_WRITERS, summary: "Remove the site's uploaded PDF",
  }),
} as const;
