import { ORGANISATION_WRITERS } from '../identity/roles';
import { storedTemplateSchema, templatePreviewSchema } from '../notifications/template-overrides';
import { notificationTemplateSchema } from '../notifications/templates';
import { contract } from './contract';
import * as z from 'zod';

/** Administrators edit their organisation's templates (the tenant is the token's). */
export const NOTIFICATION_TEMPLATE_ROLES = ORGANISATION_WRITERS;
/** The answer of a save: the override as stored, or none when it set no field (a reset). */
export const savedSchema = z.object({ template: storedTemplateSchema.nullable() });

/** The contracts of lambdas/notification-templates/routes.ts (docs/adding-a-route.md). */
export const NOTIFICATION_TEMPLATE_ROUTES = {
  get: contract({
    method: 'GET', path: '/notificationtemplates', roles: NOTIFICATION_TEMPLATE_ROLES, summary: "The organisation's notification template overrides (those not listed are the product's defaults)", response: z.object({ items: z.array(storedTemplateSchema) }),
  }),
  put: contract({
    method: 'PUT', path: '/notificationtemplates', roles: NOTIFICATION_TEMPLATE_ROLES, organisationWide: true, summary: 'Save the override of one kind, channel, language and alarm type (400 naming unknown placeholders; all fields blank: back to the default)', body: notificationTemplateSchema, response: savedSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/notificationtemplates', roles: NOTIFICATION_TEMPLATE_ROLES, organisationWide: true, summary: 'Back to the default: delete the override the query names (kind, channel, language, alarmType); 404 when there is none',
  }),
  postPreview: contract({
    method: 'POST', path: '/notificationtemplates/preview', roles: NOTIFICATION_TEMPLATE_ROLES, summary: "Render a template (its blank fields the default) with sample values: a device, the organisation's first site, a reading, now in the site's zone, a link; nothing saved", body: notificationTemplateSchema, response: templatePreviewSchema,
  }),
} as const;
